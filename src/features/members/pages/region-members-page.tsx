import { useMemo, useState } from 'react';
import type { Member, MemberRoleFilter } from '@contract/members';
import { GROUP_MEMBER_SORTS, REGION_MEMBERS_PAGE_SIZE } from '@contract/values/members';
import { useAccount } from '@/shared/auth/account-store';
import { hasRole } from '@/shared/auth/roles';
import { errorMessage } from '@/shared/lib/errors';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useIsSuperAdmin } from '@/shared/permissions/use-permissions';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import {
  useGroupMembers,
  useGroupMemberStats,
  useManageableScopes,
  useManageableUsers,
} from '../api/members-api';
import { AssignPositionDialog } from '../components/assign-position-dialog';
import { MemberTable } from '../components/member-table';
import { PermissionDialog } from '../components/permission-dialog';
import { RemoveRolesDialog } from '../components/remove-roles-dialog';
import { useEntityName } from '@/shared/org/entities';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { useListSort } from '@/shared/routing/use-list-sort';
import { FormError } from '@/shared/ui/form-error';
import { SearchField } from '@/shared/ui/text-field';

type Tab = { key: MemberRoleFilter | null; label: string };

/** SPEC.md section 2: tabs filtering by role code containing president, tresorier or secretaire. */
export const REGION_TABS: Tab[] = [
  { key: null, label: 'Tous' },
  { key: 'president', label: 'Présidents' },
  { key: 'tresorier', label: 'Trésoriers' },
  { key: 'secretaire', label: 'Secrétaires' },
];

function StatCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-900">{value ?? '—'}</p>
    </div>
  );
}

/** The region members page ('membres' of a region): everyone of the region, with stats, search, tabs and pages of 50. */
export function RegionMembersPage() {
  const level = useLevel();
  const regionId = level.entityType === 'REGION' ? level.entityId : null;
  const region = useEntityName(regionId ? { entityType: 'REGION', entityId: regionId } : null);
  usePageTitle('Membres de la région', { back: useSpacePaths().here });

  const account = useAccount();
  const superAdmin = useIsSuperAdmin();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const [tab, setTab] = useState<MemberRoleFilter | null>(null);
  const sorting = useListSort(GROUP_MEMBER_SORTS, { sort: 'name', order: 'asc' });
  const [paging, setPaging] = useState({ key: '', page: 1 });
  // a page belongs to one search, one tab and one order: changing any starts again at page 1
  const pagingKey = `${debounced}|${tab ?? ''}|${sorting.query.sort ?? ''}|${sorting.query.order ?? ''}`;
  const page = paging.key === pagingKey ? paging.page : 1;

  const stats = useGroupMemberStats(regionId ? 'regions' : null, regionId);
  const list = useGroupMembers(
    regionId
      ? {
          group: 'regions',
          id: regionId,
          search: debounced,
          role: tab,
          page,
          limit: REGION_MEMBERS_PAGE_SIZE,
          ...sorting.query,
        }
      : null,
  );
  const ids = useMemo(() => (list.data?.data ?? []).map((m) => m.id), [list.data]);
  const manageable = useManageableUsers(ids);
  const scopes = useManageableScopes();

  // SPEC.md section 6: super-admins, the region president, anyone with manageable users or the region scope.
  const canAssign =
    superAdmin ||
    (account ? hasRole(account, 'region::president') : false) ||
    manageable.data?.canManageAnyone === true ||
    (scopes.data ?? []).some((s) => s.scope === 'region');
  const decided = manageable.data !== undefined && scopes.data !== undefined;

  const [assigning, setAssigning] = useState(false);
  const [permissionsOf, setPermissionsOf] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);

  const emptyText = debounced ? `Aucun membre trouvé pour "${debounced}"` : 'Aucun membre dans cette région';

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      {region.data && <p className="text-sm text-slate-600">{region.data}</p>}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Total Membres" value={stats.data?.total} />
        <StatCard label="Présidents" value={stats.data?.presidents} />
        <StatCard label="Trésoriers" value={stats.data?.treasurers} />
        <StatCard label="Secrétaires" value={stats.data?.secretaries} />
      </div>
      {decided && !canAssign && (
        <div
          role="status"
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          Mode lecture seule
        </div>
      )}
      <Card>
        <div className="mb-3 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="w-full sm:max-w-sm">
            <SearchField placeholder="Rechercher un membre..." value={search} onChange={setSearch} />
          </div>
          {canAssign && regionId && (
            <Button type="button" onClick={() => setAssigning(true)}>
              Assigner un poste
            </Button>
          )}
        </div>
        <div
          role="tablist"
          aria-label="Filtrer par rôle"
          className="mb-3 flex gap-1 overflow-x-auto border-b border-slate-200"
        >
          {REGION_TABS.map((item) => (
            <button
              key={item.label}
              type="button"
              role="tab"
              aria-selected={tab === item.key}
              onClick={() => setTab(item.key)}
              className={
                tab === item.key
                  ? '-mb-px whitespace-nowrap border-b-2 border-brand-600 px-1.5 py-2 text-xs sm:px-3 sm:text-sm font-medium text-brand-700'
                  : '-mb-px whitespace-nowrap border-b-2 border-transparent px-1.5 py-2 text-xs sm:px-3 sm:text-sm text-slate-600 hover:text-slate-900'
              }
            >
              {item.label}
            </button>
          ))}
        </div>
        {list.isError ? (
          <FormError message={errorMessage(list.error)} />
        ) : (
          <MemberTable
            caption="Membres de la région"
            members={list.data?.data}
            loading={list.isPending}
            emptyText={emptyText}
            manageable={manageable.data}
            actions={{ onPermissions: setPermissionsOf, onRemoveRoles: setRemoving }}
            sorting={sorting.table}
            pagination={{
              page,
              limit: list.data?.meta.limit ?? REGION_MEMBERS_PAGE_SIZE,
              total: list.data?.meta.total ?? 0,
              onPageChange: (next) => setPaging({ key: pagingKey, page: next }),
            }}
          />
        )}
      </Card>
      {regionId && (
        <AssignPositionDialog
          open={assigning}
          onClose={() => setAssigning(false)}
          target={{ kind: 'region', regionId, regionName: region.data }}
        />
      )}
      <PermissionDialog user={permissionsOf} onClose={() => setPermissionsOf(null)} />
      <RemoveRolesDialog
        member={removing}
        group={null}
        groupId={null}
        perRoleGroup
        onClose={() => setRemoving(null)}
      />
    </div>
  );
}
