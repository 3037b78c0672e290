import { useState } from 'react';
import { ROLE_GROUPS } from '@contract/values/roles';
import type { RoleGroup } from '@contract/roles';
import { KIND_OF_GROUP, useEntitySearch } from '@/shared/org/entities';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Card } from '@/shared/ui/card';
import { Combobox } from '@/shared/ui/combobox';
import { Select } from '@/shared/ui/select';
import { ENTITY_SEARCH_LIMIT } from '../api/members-api';
import { OfficeMembers } from '../components/office-members';
import { GROUP_LABELS } from '../lib/groups';

type Entity = { id: number; name: string };

/** /admin/responsables: the office holders of any national office, region, section or church. */
export function LeadersPage() {
  const back = useSpacePaths().here;
  usePageTitle('Responsables', { back });
  const [group, setGroup] = useState<RoleGroup>('national_offices');
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 500);
  const entities = useEntitySearch(KIND_OF_GROUP[group], { search: debounced, limit: ENTITY_SEARCH_LIMIT });
  const [chosen, setChosen] = useState<Entity | null>(null);
  const entity =
    chosen ?? (entities.data && entities.data.length > 0 && !debounced ? entities.data[0] : null);

  return (
    <div className="mx-auto max-w-6xl space-y-4">
      <Card>
        <div className="grid gap-3 sm:grid-cols-2">
          <Select
            label="Niveau"
            options={ROLE_GROUPS.map((g) => ({ value: g, label: GROUP_LABELS[g] }))}
            value={group}
            onChange={(value) => {
              setGroup(value as RoleGroup);
              setChosen(null);
              setSearch('');
            }}
          />
          <Combobox<number>
            key={group}
            label="Entité"
            placeholder="Rechercher une entité…"
            options={(entities.data ?? []).map((e) => ({ value: e.id, label: e.name }))}
            value={entity?.id ?? null}
            selectedLabel={entity?.name}
            onChange={(_value, option) => setChosen(option ? { id: option.value, name: option.label } : null)}
            onSearchChange={setSearch}
            loading={entities.isFetching}
            emptyText="Aucune entité trouvée"
          />
        </div>
      </Card>
      {entity ? (
        <OfficeMembers key={`${group}-${entity.id}`} group={group} id={entity.id} name={entity.name} />
      ) : (
        <p className="text-sm text-slate-600">Veuillez sélectionner une entité</p>
      )}
    </div>
  );
}
