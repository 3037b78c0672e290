import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { errorMessage } from '@/shared/lib/errors';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { FormError } from '@/shared/ui/form-error';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { TextField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import { useCreateDepartment } from '../api/activities';
import { FaithfulPicker } from '../components/faithful-picker';
import { nameFormSchema, type NameFormValues } from '../lib/forms';

/** 'Nouveau groupe d'activités': name, description and its leader, a faithful of the church. */
export function DepartmentFormPage() {
  const paths = useSpacePaths();
  const listPath = paths.page('activities.groups');
  usePageTitle("Nouveau groupe d'activités", { back: listPath ?? paths.here });
  const entity = levelEntity(useLevel());
  const navigate = useNavigate();
  const create = useCreateDepartment();
  const [leader, setLeader] = useState<number | null>(null);
  const form = useForm<NameFormValues>({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name: '', description: '' },
  });
  const submit = form.handleSubmit(async (v) => {
    if (!entity || entity.entityType === 'ACTIVITY_GROUP') return;
    try {
      await create.mutateAsync({
        entity_type: entity.entityType,
        entity_id: entity.entityId,
        name: v.name,
        description: v.description || undefined,
        leader_id: leader ?? undefined,
      });
      notify.success('Département créé.');
      if (listPath) navigate(listPath);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  return (
    <div className="mx-auto max-w-2xl">
      <Card>
        <form noValidate aria-label="Nouveau groupe d'activités" className="space-y-4" onSubmit={submit}>
          <TextField
            label="Nom"
            required
            error={form.formState.errors.name?.message}
            {...form.register('name')}
          />
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
          <FormError message={create.isError ? errorMessage(create.error) : null} />
          <div className="flex justify-end">
            <Button type="submit" loading={create.isPending}>
              Enregistrer
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
