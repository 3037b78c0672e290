import { useMemo, useState } from 'react';
import type { Member } from '@contract/members';
import type { RoleGroup } from '@contract/roles';
import { errorMessage } from '@/shared/lib/errors';
import { PERMISSIONS, usePermissions } from '@/shared/permissions/use-permissions';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { useManageableUsers, useOfficeMembers } from '../api/members-api';
import { ENTITY_TYPE_OF, MANAGE_ROLES_OF } from '../lib/groups';
import { AssignPositionDialog } from './assign-position-dialog';
import { MemberTable } from './member-table';
import { PermissionDialog } from './permission-dialog';
import { RemoveRolesDialog } from './remove-roles-dialog';
import { FormError } from '@/shared/ui/form-error';

/**
 * The members of one office (a national office, region, section or church): who holds which position,
 * the position assignment and the row actions. The page's permissions are one check-multiple.
 */
export function OfficeMembers({ group, id, name }: { group: RoleGroup; id: number; name?: string }) {
  const members = useOfficeMembers(group, id);
  const manageCode = MANAGE_ROLES_OF[group];
  const permissions = usePermissions(
    [manageCode, PERMISSIONS.ASSIGN_ROLES, PERMISSIONS.DELEGATE_PERMISSIONS],
    {
      entityType: ENTITY_TYPE_OF[group],
      entityId: id,
    },
  );
  const ids = useMemo(() => (members.data ?? []).map((m) => m.id), [members.data]);
  const manageable = useManageableUsers(ids);
  const [assigning, setAssigning] = useState(false);
  const [permissionsOf, setPermissionsOf] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);

  return (
    <Card
      title="Membres du bureau"
      description={name}
      actions={
        permissions.has(manageCode) ? (
          <Button type="button" onClick={() => setAssigning(true)}>
            Assigner un poste
          </Button>
        ) : null
      }
    >
      {members.isError ? (
        <FormError message={errorMessage(members.error)} />
      ) : (
        <MemberTable
          caption="Membres du bureau"
          members={members.data}
          loading={members.isPending}
          emptyText="Aucun membre"
          manageable={manageable.data}
          actions={{ onPermissions: setPermissionsOf, onRemoveRoles: setRemoving }}
        />
      )}
      <AssignPositionDialog
        open={assigning}
        onClose={() => setAssigning(false)}
        target={{ kind: 'fixed', group, id, name }}
      />
      <PermissionDialog user={permissionsOf} onClose={() => setPermissionsOf(null)} />
      <RemoveRolesDialog member={removing} group={group} groupId={id} onClose={() => setRemoving(null)} />
    </Card>
  );
}
