import { useState } from 'react';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { useCreateDepartment } from '../api/activities';
import { FaithfulPicker } from '../components/faithful-picker';
import { NameFormPage } from '../components/name-form';

/** 'Nouveau groupe d'activités': name, description and its leader, a faithful of the church. */
export function DepartmentFormPage() {
  const paths = useSpacePaths();
  const listPath = paths.page('activities.groups');
  usePageTitle("Nouveau groupe d'activités", { back: listPath ?? paths.here });
  const entity = levelEntity(useLevel());
  const create = useCreateDepartment();
  const [leader, setLeader] = useState<number | null>(null);
  return (
    <NameFormPage
      label="Nouveau groupe d'activités"
      save={(v) =>
        entity && entity.entityType !== 'ACTIVITY_GROUP'
          ? create.mutateAsync({
              entity_type: entity.entityType,
              entity_id: entity.entityId,
              name: v.name,
              description: v.description || undefined,
              leader_id: leader ?? undefined,
            })
          : null
      }
      saving={create.isPending}
      failure={create.error}
      success="Département créé."
      listPath={listPath}
    >
      {(form) => (
        <>
          <TextAreaField
            label="Description"
            rows={3}
            error={form.formState.errors.description?.message}
            {...form.register('description')}
          />
          <FaithfulPicker
            label="Responsable"
            churchId={entity?.entityType === 'CHURCH' ? entity.entityId : null}
            value={leader}
            onChange={setLeader}
          />
        </>
      )}
    </NameFormPage>
  );
}
