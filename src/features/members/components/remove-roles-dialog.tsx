import { useState } from 'react';
import type { Member, MemberRole } from '@contract/members';
import type { RoleGroup } from '@contract/roles';
import { errorMessage } from '@/shared/lib/errors';
import { CheckboxField } from '@/shared/ui/checkbox-field';
import { Dialog } from '@/shared/ui/dialog';
import { FormActions } from '@/shared/ui/form-actions';
import { notify } from '@/shared/ui/toast';
import { useRemoveRoles } from '../api/members-api';
import { rolesInGroup, shownRoles } from '../lib/groups';

export const REMOVE_ROLE_ERROR = 'Erreur lors du retrait du rôle';
export const MISSING_GROUP = 'ID du groupe manquant';

/**
 * The remove-roles dialog (SPEC.md sections 4, 5, 8): the member's roles in the group, each to tick,
 * or 'remove all' (which clears the specific choices). The button is enabled only when all or at
 * least one role is chosen and the member has roles there.
 */
export function RemoveRolesDialog({
  member,
  group,
  groupId,
  perRoleGroup = false,
  onClose,
}: {
  member: Member | null;
  group: RoleGroup | null;
  groupId: number | null;
  /** the region page: the member's roles sit in several groups, each removed in its own group */
  perRoleGroup?: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Retirer le rôle"
      description={member ? `${member.firstname} ${member.lastname}` : undefined}
    >
      {member && (
        <RemoveRolesForm
          member={member}
          group={group}
          groupId={groupId}
          perRoleGroup={perRoleGroup}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function RemoveRolesForm({
  member,
  group,
  groupId,
  perRoleGroup,
  onClose,
}: {
  member: Member;
  group: RoleGroup | null;
  groupId: number | null;
  perRoleGroup: boolean;
  onClose: () => void;
}) {
  const [removeAll, setRemoveAll] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const remove = useRemoveRoles();
  const allRoles = shownRoles(member.roles);
  const roles = perRoleGroup || !group || !groupId ? allRoles : rolesInGroup(allRoles, group, groupId);
  const keyOf = (role: MemberRole) => `${role.id}-${role.group ?? ''}-${role.group_id ?? ''}`;
  const canSubmit = roles.length > 0 && (removeAll || selected.length > 0);

  const toggle = (key: string, checked: boolean) =>
    setSelected((current) => (checked ? [...current, key] : current.filter((k) => k !== key)));

  const submit = async () => {
    const chosen = removeAll ? roles : roles.filter((role) => selected.includes(keyOf(role)));
    // one call per group: the roles' own group on the region page, else the page's group
    const calls = new Map<string, { group: RoleGroup; id: number; roleIds: number[] }>();
    for (const role of chosen) {
      const g = perRoleGroup ? role.group : group;
      const id = perRoleGroup ? role.group_id : groupId;
      if (!g || !id) {
        notify.error(MISSING_GROUP);
        return;
      }
      const call = calls.get(`${g}-${id}`) ?? { group: g, id, roleIds: [] };
      call.roleIds.push(role.id);
      calls.set(`${g}-${id}`, call);
    }
    try {
      let message = '';
      for (const call of calls.values()) {
        const answer = await remove.mutateAsync({
          group: call.group,
          id: call.id,
          body: removeAll
            ? { user_id: member.id, remove_all_roles: true }
            : { user_id: member.id, role_ids: call.roleIds, remove_all_roles: false },
        });
        message = answer?.message || message;
      }
      notify.success(message || 'Rôle retiré avec succès.');
      onClose();
    } catch (error) {
      notify.error(errorMessage(error, REMOVE_ROLE_ERROR));
    }
  };

  return (
    <div className="space-y-4">
      {allRoles.length === 0 ? (
        <p className="text-sm text-slate-600">Aucun rôle assigné</p>
      ) : roles.length === 0 ? (
        <p className="text-sm text-slate-600">Aucun rôle trouvé pour ce groupe</p>
      ) : (
        <fieldset className="space-y-3">
          <legend className="mb-2 text-sm font-medium text-slate-800">Rôles à retirer</legend>
          <CheckboxField
            label="Retirer tous les rôles"
            checked={removeAll}
            onChange={(event) => {
              setRemoveAll(event.target.checked);
              if (event.target.checked) setSelected([]);
            }}
          />
          <div className="space-y-2 border-t border-slate-100 pt-3">
            {roles.map((role) => (
              <CheckboxField
                key={keyOf(role)}
                label={role.name}
                checked={selected.includes(keyOf(role))}
                disabled={removeAll}
                onChange={(event) => toggle(keyOf(role), event.target.checked)}
              />
            ))}
          </div>
        </fieldset>
      )}
      <FormActions
        saving={remove.isPending}
        disabled={!canSubmit}
        danger
        submitLabel="Retirer"
        onConfirm={() => void submit()}
        onCancel={onClose}
        cancelDisabled={false}
      />
    </div>
  );
}
