import type { ReactNode } from 'react';
import type { Member } from '@contract/members';
import { useMediaQuery } from '@/shared/lib/use-media-query';
import { Badge } from '@/shared/ui/badge';
import {
  DataTable,
  type DataTableColumn,
  type DataTablePagination,
  type DataTableSorting,
} from '@/shared/ui/data-table';
import type { ManageableUser } from '@contract/permissions';
import { permissionEntity } from '@/shared/level/wire';
import { usePermissions } from '@/shared/permissions/use-permissions';
import type { ManageableAnswer } from '../api/members-api';
import { shownRoles } from '../lib/groups';
import { RowMenu, type RowMenuItem } from './row-menu';
import { useSpacePaths } from '@/shared/routing/space-paths';

/** SPEC.md section 9: the roles column shows at most 2 roles plus '+N'. */
export const MAX_ROLES_SHOWN = 2;

export function RolesCell({ member }: { member: Member }) {
  const roles = shownRoles(member.roles);
  if (roles.length === 0) return <span className="text-slate-500">Aucun poste</span>;
  const extra = roles.length - MAX_ROLES_SHOWN;
  return (
    <div className="flex flex-wrap gap-1">
      {roles.slice(0, MAX_ROLES_SHOWN).map((role) => (
        <Badge key={`${role.id}-${role.group}-${role.group_id}`} tone="blue">
          {role.name}
        </Badge>
      ))}
      {extra > 0 && (
        <Badge tone="gray" className="cursor-default">
          <span
            title={roles
              .slice(MAX_ROLES_SHOWN)
              .map((r) => r.name)
              .join(', ')}
          >
            +{extra}
          </span>
        </Badge>
      )}
    </div>
  );
}

/** SPEC.md section 9: the churches column shows the first church plus '+N autres'. */
export function ChurchesCell({ member }: { member: Member }) {
  if (member.churches.length === 0) return <span className="text-slate-500">Aucune église</span>;
  const [first, ...rest] = member.churches;
  return (
    <span>
      {first.name}
      {rest.length > 0 && (
        <span className="ml-1 text-xs text-slate-500" title={rest.map((c) => c.name).join(', ')}>
          +{rest.length} autres
        </span>
      )}
    </span>
  );
}

export type MemberActions = {
  onPermissions: (member: Member) => void;
  onRemoveRoles: (member: Member) => void;
};

/**
 * The codes the server asks before reading, editing a faithful or listing their contributions, on
 * their church (server/src/modules/faithful/policy.ts, contributions' `user_id` scope): a row offers
 * only the pages its user may open.
 */
export const MEMBER_RECORD_CODES = {
  read: ['user:view', 'member:view', 'contribution:view'],
  contributions: 'contribution:view',
  edit: ['user:update', 'member:update'],
} as const;

const RECORD_CODES = [...new Set([...MEMBER_RECORD_CODES.read, ...MEMBER_RECORD_CODES.edit])];

/**
 * The member's faithful pages in the user's own space: under the member's church where the space shows
 * it (the region's, the section's, the office's church pages, 'mon-eglise'), else at the nearest Level
 * (the admin's 'fideles'); each one only when the user holds what the server asks for it on that church.
 */
function useRecordLinks(member: Member) {
  const paths = useSpacePaths();
  const church = member.church;
  const permissions = usePermissions(
    RECORD_CODES,
    church ? permissionEntity({ entityType: 'CHURCH', entityId: church.id }) : null,
  );
  const params = { faithfullId: member.id };
  const pathOf = (page: 'faithful.detail' | 'contributions.faithful' | 'faithful.edit') =>
    (church
      ? paths.pageOf(
          { type: 'CHURCH', target: { id: church.id, section_id: church.section_id } },
          page,
          params,
        )
      : null) ?? paths.record(page, params);
  // one manages only users below one's rank: never oneself, so the rule 'oneself reads oneself' never applies
  const mayRead = MEMBER_RECORD_CODES.read.some((code) => permissions.has(code));
  const mayEdit = MEMBER_RECORD_CODES.edit.some((code) => permissions.has(code));
  return {
    loading: permissions.isLoading,
    detail: mayRead ? pathOf('faithful.detail') : null,
    contributions: permissions.has(MEMBER_RECORD_CODES.contributions)
      ? pathOf('contributions.faithful')
      : null,
    edit: mayEdit ? pathOf('faithful.edit') : null,
  };
}

/** The menu of a member the user manages. */
function MemberMenu({
  member,
  user,
  actions,
}: {
  member: Member;
  user: ManageableUser;
  actions: MemberActions;
}) {
  const links = useRecordLinks(member);
  const name = `${member.firstname} ${member.lastname}`;
  const items: RowMenuItem[] = [
    ...(links.detail ? [{ kind: 'link' as const, label: 'Voir détails', to: links.detail }] : []),
    ...(links.contributions
      ? [{ kind: 'link' as const, label: 'Contributions', to: links.contributions }]
      : []),
    ...(links.edit ? [{ kind: 'link' as const, label: 'Modifier', to: links.edit }] : []),
    ...(member.phone ? [{ kind: 'href' as const, label: 'Envoyer SMS', href: `sms:${member.phone}` }] : []),
    ...(user.roleActions.canAssignPermissions
      ? [
          {
            kind: 'action' as const,
            label: 'Gérer les permissions',
            onSelect: () => actions.onPermissions(member),
          },
        ]
      : []),
    ...(user.roleActions.canRemoveRole
      ? [
          {
            kind: 'action' as const,
            label: 'Retirer le rôle',
            danger: true,
            onSelect: () => actions.onRemoveRoles(member),
          },
        ]
      : []),
  ];
  if (items.length === 0) return links.loading ? null : <Badge tone="gray">Lecture seule</Badge>;
  return <RowMenu label={`Actions pour ${name}`} items={items} />;
}

/** The row's actions, or 'Lecture seule' / 'Non autorisé' when the user may not manage that member. */
export function MemberActionsCell({
  member,
  manageable,
  actions,
}: {
  member: Member;
  manageable: ManageableAnswer | undefined;
  actions: MemberActions;
}) {
  if (!manageable) return null;
  if (!manageable.canManageAnyone) return <Badge tone="gray">Lecture seule</Badge>;
  const user = manageable.users.get(member.id);
  if (!user) return <Badge tone="amber">Non autorisé</Badge>;
  return <MemberMenu member={member} user={user} actions={actions} />;
}

export function MemberTable({
  members,
  loading,
  emptyText,
  pagination,
  manageable,
  actions,
  caption,
  sorting,
}: {
  members: readonly Member[] | undefined;
  loading: boolean;
  emptyText: ReactNode;
  pagination?: DataTablePagination;
  /** a list sorted on the server (GROUP_MEMBER_SORTS): the name and the matricule sort it */
  sorting?: DataTableSorting;
  manageable: ManageableAnswer | undefined;
  actions: MemberActions;
  caption: string;
}) {
  const phone = useMediaQuery('(max-width: 639px)');
  const columns: DataTableColumn<Member>[] = [
    {
      key: 'name',
      header: 'Nom',
      sortKey: 'name',
      cell: (member) => (
        <div className="flex min-w-[9rem] items-start justify-between gap-2">
          <div>
            <div className="font-medium text-slate-900">
              {member.firstname} {member.lastname}
            </div>
            <div className="text-xs text-slate-500">{member.phone || 'Non renseigné'}</div>
          </div>
          {/* on a phone the actions sit by the name, in view without scrolling sideways */}
          {phone && <MemberActionsCell member={member} manageable={manageable} actions={actions} />}
        </div>
      ),
    },
    {
      key: 'matricule',
      header: 'Matricule',
      sortKey: 'registration_number',
      // the phone shows the name, roles and actions first: the matricule from tablet width
      className: 'hidden md:table-cell',
      cell: (member) => member.registration_number || '—',
    },
    { key: 'roles', header: 'Rôles', cell: (member) => <RolesCell member={member} /> },
    {
      key: 'churches',
      header: 'Églises',
      // on a phone the row keeps the name, roles and actions in view
      className: 'hidden sm:table-cell',
      cell: (member) => <ChurchesCell member={member} />,
    },
    ...(phone
      ? []
      : [
          {
            key: 'actions',
            header: <span className="sr-only">Actions</span>,
            align: 'right' as const,
            cell: (member: Member) => (
              <MemberActionsCell member={member} manageable={manageable} actions={actions} />
            ),
          },
        ]),
  ];
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={members}
      loading={loading}
      emptyText={emptyText}
      pagination={pagination}
      sorting={sorting}
    />
  );
}
