import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { BudgetLine } from '@contract/expenses';
import { http } from '@/shared/api/http-client';
import { readList } from '@/shared/api/list';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { entityParams } from '@/shared/level/wire';
import { errorMessage } from '@/shared/lib/errors';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { DateField } from '@/shared/ui/date-field';
import { FormError } from '@/shared/ui/form-error';
import { MoneyField } from '@/shared/ui/money-field';
import { Select } from '@/shared/ui/select';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { TextField } from '@/shared/ui/text-field';
import { TimeField } from '@/shared/ui/time-field';
import { notify } from '@/shared/ui/toast';
import { useActivityTypes, useCreateActivity, useDepartments } from '../api/activities';
import { activityFormSchema, optionalNumber, type ActivityFormValues } from '../lib/forms';

const NONE = 'none';

/** 'Planifier une activité': title, type, date and time, place, department, estimated cost, budget line. */
export function ActivityFormPage() {
  const paths = useSpacePaths();
  const listPath = paths.page('activities.list');
  usePageTitle('Planifier une activité', { back: listPath ?? paths.here });
  const entity = levelEntity(useLevel());
  const navigate = useNavigate();
  const types = useActivityTypes(entity);
  const departments = useDepartments(entity, '', 1);
  const budgetLines = useQuery({
    queryKey: ['activities', entity, 'budget-lines'],
    enabled: entity !== null && entity.entityType !== 'ACTIVITY_GROUP',
    queryFn: async () => {
      try {
        const { data } = await http.get<unknown>('/budgets/budget-lines', { params: entityParams(entity!) });
        return readList<BudgetLine>(data).filter((l) => l.category === 'EXPENSE');
      } catch {
        return [];
      }
    },
  });
  const create = useCreateActivity();
  const form = useForm<ActivityFormValues>({
    resolver: zodResolver(activityFormSchema),
    defaultValues: {
      title: '',
      activity_type_id: NONE,
      planned_date: '',
      planned_time: '',
      place: '',
      department_id: NONE,
      budget_line_id: NONE,
      estimated_cost: '',
      description: '',
    },
  });
  const errors = form.formState.errors;
  const choice = (v: string) => (v === NONE ? undefined : Number(v));

  const submit = form.handleSubmit(async (v) => {
    if (!entity) return;
    try {
      const id = await create.mutateAsync({
        ...entityParams(entity),
        title: v.title,
        planned_date: v.planned_date,
        planned_time: v.planned_time || undefined,
        place: v.place || undefined,
        activity_type_id: choice(v.activity_type_id),
        department_id: choice(v.department_id),
        budget_line_id: choice(v.budget_line_id),
        estimated_cost: optionalNumber(v.estimated_cost),
        description: v.description || undefined,
      });
      notify.success('Activité planifiée.');
      navigate(paths.record('activities.detail', { id }) ?? listPath ?? paths.home);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <div className="mx-auto max-w-3xl">
      <Card>
        <form noValidate aria-label="Planifier une activité" className="space-y-4" onSubmit={submit}>
          <TextField label="Titre" required error={errors.title?.message} {...form.register('title')} />
          <Controller
            control={form.control}
            name="activity_type_id"
            render={({ field }) => (
              <Select
                label="Type d'activité"
                value={field.value}
                onChange={field.onChange}
                options={[
                  { value: NONE, label: 'Aucun type' },
                  ...(types.data ?? []).map((t) => ({ value: String(t.id), label: t.name })),
                ]}
              />
            )}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField
              label="Date"
              required
              error={errors.planned_date?.message}
              {...form.register('planned_date')}
            />
            <TimeField
              label="Heure"
              error={errors.planned_time?.message}
              {...form.register('planned_time')}
            />
          </div>
          <TextField label="Lieu" error={errors.place?.message} {...form.register('place')} />
          {entity?.entityType !== 'ACTIVITY_GROUP' && (
            <Controller
              control={form.control}
              name="department_id"
              render={({ field }) => (
                <Select
                  label="Département"
                  value={field.value}
                  onChange={field.onChange}
                  options={[
                    { value: NONE, label: 'Aucun département' },
                    ...(departments.data?.data ?? []).map((d) => ({ value: String(d.id), label: d.name })),
                  ]}
                />
              )}
            />
          )}
          <MoneyField
            label="Coût estimé"
            error={errors.estimated_cost?.message}
            {...form.register('estimated_cost')}
          />
          {(budgetLines.data?.length ?? 0) > 0 && (
            <Controller
              control={form.control}
              name="budget_line_id"
              render={({ field }) => (
                <Select
                  label="Ligne budgétaire"
                  value={field.value}
                  onChange={field.onChange}
                  options={[
                    { value: NONE, label: 'Aucune ligne budgétaire' },
                    ...(budgetLines.data ?? []).map((l) => ({
                      value: String(l.id),
                      label: `${l.budgetItemTemplate.name} (${l.year})`,
                    })),
                  ]}
                />
              )}
            />
          )}
          <TextAreaField
            label="Description"
            rows={3}
            error={errors.description?.message}
            {...form.register('description')}
          />
          <FormError message={create.isError ? errorMessage(create.error) : null} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {listPath && (
              <Button variant="secondary" onClick={() => navigate(listPath)}>
                Annuler
              </Button>
            )}
            <Button type="submit" loading={create.isPending}>
              Enregistrer
            </Button>
          </div>
        </form>
      </Card>
    </div>
  );
}
