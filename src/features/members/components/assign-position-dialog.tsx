import { useState } from 'react';
import type { RoleGroup } from '@contract/roles';
import { errorMessage } from '@/shared/lib/errors';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { Combobox } from '@/shared/ui/combobox';
import { Dialog } from '@/shared/ui/dialog';
import { FormActions } from '@/shared/ui/form-actions';
import { Select } from '@/shared/ui/select';
import { notify } from '@/shared/ui/toast';
import { useFaithfulSearch } from '@/shared/api/faithful-search';
import { KIND_OF_GROUP, useEntitySearch } from '@/shared/org/entities';
import { ENTITY_SEARCH_LIMIT, useAddMember, usePositions } from '../api/members-api';
import { GROUP_LABELS } from '../lib/groups';

export const ASSIGN_MESSAGES = {
  member: 'Veuillez sélectionner un fidèle',
  position: 'Veuillez sélectionner un poste',
  entity: 'Veuillez sélectionner une entité',
  fallback: "Erreur lors de l'assignation du poste",
} as const;

/** Where the position is given: one fixed group, or a choice among a region's groups. */
export type AssignTarget =
  | { kind: 'fixed'; group: RoleGroup; id: number; name?: string }
  | { kind: 'region'; regionId: number; regionName?: string };

const REGION_GROUPS: RoleGroup[] = ['regions', 'sections', 'churches'];

/** The sections or churches of the region, to give a position in. */
function useRegionEntities(group: RoleGroup | null, regionId: number, search: string) {
  const kind = group === 'sections' || group === 'churches' ? KIND_OF_GROUP[group] : null;
  return useEntitySearch(kind, { search, limit: ENTITY_SEARCH_LIMIT, filter: { region_id: regionId } });
}

/**
 * The position assignment dialog (SPEC.md sections 2, 5, 6): a faithful (only faithful users can be
 * chosen, 20 at most per search), a position of the group ('(Déjà assigné)' ones disabled) and, on the
 * region page, the entity.
 */
export function AssignPositionDialog({
  open,
  onClose,
  target,
}: {
  open: boolean;
  onClose: () => void;
  target: AssignTarget;
}) {
  return (
    <Dialog open={open} onOpenChange={(value) => !value && onClose()} title="Assigner un poste">
      {open && <AssignForm target={target} onClose={onClose} />}
    </Dialog>
  );
}

function AssignForm({ target, onClose }: { target: AssignTarget; onClose: () => void }) {
  const [group, setGroup] = useState<RoleGroup | null>(target.kind === 'fixed' ? target.group : 'regions');
  const [entityId, setEntityId] = useState<number | null>(
    target.kind === 'fixed' ? target.id : target.regionId,
  );
  const [userId, setUserId] = useState<number | null>(null);
  const [roleId, setRoleId] = useState<number | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [userSearch, setUserSearch] = useState('');
  const [entitySearch, setEntitySearch] = useState('');
  const debouncedUser = useDebouncedValue(userSearch.trim(), 500);
  const debouncedEntity = useDebouncedValue(entitySearch.trim(), 500);

  const faithful = useFaithfulSearch(debouncedUser);
  const positions = usePositions(group, entityId);
  const regionEntities = useRegionEntities(
    target.kind === 'region' ? group : null,
    target.kind === 'region' ? target.regionId : 0,
    debouncedEntity,
  );
  const add = useAddMember();

  const errors = {
    user: userId === null ? ASSIGN_MESSAGES.member : undefined,
    entity: entityId === null ? ASSIGN_MESSAGES.entity : undefined,
    role: roleId === null ? ASSIGN_MESSAGES.position : undefined,
  };

  const chooseGroup = (value: string) => {
    const next = value as RoleGroup;
    setGroup(next);
    setRoleId(null);
    setEntitySearch('');
    setEntityId(next === 'regions' && target.kind === 'region' ? target.regionId : null);
  };

  const submit = () => {
    setSubmitted(true);
    if (errors.user || errors.entity || errors.role || !group) return;
    add.mutate(
      { group, id: entityId!, body: { user_id: userId!, roles: [roleId!] } },
      {
        onSuccess: (answer) => {
          notify.success(answer?.message || 'Membre ajouté avec succès.');
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error, ASSIGN_MESSAGES.fallback)),
      },
    );
  };

  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Combobox<number>
        label="Fidèle"
        required
        placeholder="Rechercher un fidèle…"
        options={(faithful.data ?? []).map((user) => ({
          value: user.id,
          label: `${user.firstname} ${user.lastname}`,
          description: [user.registration_number, user.phone, user.church?.name].filter(Boolean).join(' · '),
        }))}
        value={userId}
        onChange={(value) => setUserId(value)}
        onSearchChange={setUserSearch}
        loading={faithful.isFetching}
        emptyText="Aucun fidèle trouvé"
        error={submitted ? errors.user : undefined}
      />
      {target.kind === 'region' ? (
        <>
          <Select
            label="Niveau"
            required
            options={REGION_GROUPS.map((g) => ({ value: g, label: GROUP_LABELS[g] }))}
            value={group}
            onChange={chooseGroup}
          />
          {group === 'regions' ? (
            <p className="text-sm text-slate-600">
              Entité : <span className="font-medium text-slate-900">{target.regionName ?? 'Ma région'}</span>
            </p>
          ) : (
            <Combobox<number>
              key={group ?? 'none'}
              label="Entité"
              required
              placeholder="Rechercher une entité…"
              options={(regionEntities.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
              value={entityId}
              onChange={(value) => {
                setEntityId(value);
                setRoleId(null);
              }}
              onSearchChange={setEntitySearch}
              loading={regionEntities.isFetching}
              emptyText="Aucune entité trouvée"
              error={submitted ? errors.entity : undefined}
            />
          )}
        </>
      ) : (
        target.name && (
          <p className="text-sm text-slate-600">
            {GROUP_LABELS[target.group]} : <span className="font-medium text-slate-900">{target.name}</span>
          </p>
        )
      )}
      <Combobox<number>
        key={`${group}-${entityId}`}
        label="Poste"
        required
        placeholder="Choisir un poste…"
        options={(entityId === null ? [] : (positions.data ?? [])).map((position) => ({
          value: position.id,
          label: position.name,
          disabled: position.assigned,
          suffix: position.assigned ? '(Déjà assigné)' : undefined,
        }))}
        disabledSuffix="(Déjà assigné)"
        value={roleId}
        onChange={(value) => setRoleId(value)}
        loading={positions.isFetching}
        emptyText="Aucun poste trouvé"
        error={
          submitted ? (errors.entity && target.kind === 'fixed' ? errors.entity : errors.role) : undefined
        }
      />
      <FormActions saving={add.isPending} submitLabel="Assigner" onCancel={onClose} cancelDisabled={false} />
    </form>
  );
}
