import { useNavigate } from 'react-router';
import type { ActivityType } from '@contract/activities';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { entityParams } from '@/shared/level/wire';
import { errorMessage } from '@/shared/lib/errors';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { PageSection } from '@/shared/ui/page-section';
import { useActivityTypes, useCreateActivityType } from '../api/activities';
import { NameFormPage } from '../components/name-form';
import { useMayCreate } from '../lib/permissions';

/** The church's activity types: the shared ones and its own ('type-activites'). */
export function ActivityTypesPage() {
  const paths = useSpacePaths();
  usePageTitle("Types d'activités", { back: paths.here });
  const entity = levelEntity(useLevel());
  const navigate = useNavigate();
  const types = useActivityTypes(entity);
  const addPath = paths.page('activities.typeNew');
  const mayCreate = useMayCreate('activityType', addPath).allowed;
  const columns: DataTableColumn<ActivityType>[] = [
    { key: 'name', header: 'Type', cell: (t) => t.name, mobile: 'title' },
    {
      key: 'scope',
      header: 'Portée',
      cell: (t) => (t.entity_type ? "Propre à l'église" : 'Commun à toutes les églises'),
    },
  ];
  return (
    <div className="mx-auto max-w-4xl">
      <PageSection
        title="Types d'activités"
        actions={addPath && mayCreate && <Button onClick={() => navigate(addPath)}>Nouveau type</Button>}
      >
        <FormError message={types.isError ? errorMessage(types.error) : null} />
        <DataTable
          caption="Liste des types d'activités"
          columns={columns}
          rows={types.data}
          loading={types.isLoading}
          emptyText="Aucun résultat"
        />
      </PageSection>
    </div>
  );
}

/** 'Nouveau type d'activité'. */
export function ActivityTypeFormPage() {
  const paths = useSpacePaths();
  const listPath = paths.page('activities.types');
  usePageTitle("Nouveau type d'activité", { back: listPath ?? paths.here });
  const entity = levelEntity(useLevel());
  const create = useCreateActivityType();
  return (
    <NameFormPage
      label="Nouveau type d'activité"
      save={(v) => (entity ? create.mutateAsync({ ...entityParams(entity), name: v.name }) : null)}
      saving={create.isPending}
      failure={create.error}
      success="Type d'activité créé."
      listPath={listPath}
    />
  );
}
