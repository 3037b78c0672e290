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
  const paths = useSpacePaths();
  if (!manageable) return null;
  if (!manageable.canManageAnyone) return <Badge tone="gray">Lecture seule</Badge>;
  const user = manageable.users.get(member.id);
  if (!user) return <Badge tone="amber">Non autorisé</Badge>;
  const name = `${member.firstname} ${member.lastname}`;
  // SPEC.md section 2: the row's links lead to the faithful's pages of the admin space.
  const record = paths.inSpace('admin', `fideles/${member.id}`);
  const items: RowMenuItem[] = [
    { kind: 'link', label: 'Voir détails', to: record },
    { kind: 'link', label: 'Contributions', to: `${record}/contributions` },
    { kind: 'link', label: 'Modifier', to: `${record}/modifier` },
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
  return <RowMenu label={`Actions pour ${name}`} items={items} />;
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
