import { useNavigate } from 'react-router';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { entityParams } from '@/shared/level/wire';
import { errorMessage } from '@/shared/lib/errors';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Card } from '@/shared/ui/card';
import { notify } from '@/shared/ui/toast';
import { useCreateActivity } from '../api/activities';
import { ActivityForm } from '../components/activity-form';

/** 'Planifier une activité': title, type, date and time, place, department, estimated cost, budget line. */
export function ActivityFormPage() {
  const paths = useSpacePaths();
  const listPath = paths.page('activities.list');
  usePageTitle('Planifier une activité', { back: listPath ?? paths.here });
  const entity = levelEntity(useLevel());
  const navigate = useNavigate();
  const create = useCreateActivity();

  return (
    <div className="mx-auto max-w-3xl">
      <Card>
        <ActivityForm
          entity={entity}
          label="Planifier une activité"
          saving={create.isPending}
          error={create.isError ? errorMessage(create.error) : null}
          onCancel={listPath ? () => navigate(listPath) : undefined}
          onSave={async (fields) => {
            if (!entity) return;
            try {
              const id = await create.mutateAsync({ ...entityParams(entity), ...fields });
              notify.success('Activité planifiée.');
              navigate(paths.record('activities.detail', { id }) ?? listPath ?? paths.home);
            } catch (error) {
              notify.error(errorMessage(error));
            }
          }}
        />
      </Card>
    </div>
  );
}
