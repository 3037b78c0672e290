import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import type { ActivityDetail } from '@contract/activities';
import type { BudgetLine } from '@contract/expenses';
import { http } from '@/shared/api/http-client';
import { readList } from '@/shared/api/list';
import type { EntityLevel } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';
import { DateField } from '@/shared/ui/date-field';
import { FormActions } from '@/shared/ui/form-actions';
import { MoneyField } from '@/shared/ui/money-field';
import { Select } from '@/shared/ui/select';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { TextField } from '@/shared/ui/text-field';
import { TimeField } from '@/shared/ui/time-field';
import { useActivityTypes, useDepartments } from '../api/activities';
import { activityFormSchema, optionalNumber, type ActivityFormValues } from '../lib/forms';

const NONE = 'none';

/** What the form gives: the fields of POST /activities without the entity (and of PUT without the status). */
export type ActivityFields = {
  title: string;
  planned_date: string;
  planned_time?: string;
  place?: string;
  activity_type_id?: number;
  department_id?: number;
  budget_line_id?: number;
  estimated_cost?: number;
  description?: string;
};

const pick = (id: number | undefined | null) => (id ? String(id) : NONE);

const valuesOf = (a?: ActivityDetail): ActivityFormValues => ({
  title: a?.title ?? '',
  activity_type_id: pick(a?.activityType?.id),
  planned_date: a?.planned_date ?? '',
  planned_time: a?.planned_time ?? '',
  place: a?.place ?? '',
  department_id: pick(a?.department?.id),
  budget_line_id: pick(a?.budget_line?.id),
  estimated_cost: a?.estimated_cost == null ? '' : String(a.estimated_cost),
  description: a?.description ?? '',
});

/**
 * The planned activity's form: title, type, date and time, place, department, estimated cost, budget
 * line, description. 'Planifier une activité' starts it empty; the detail page's 'Modifier' fills it.
 */
export function ActivityForm({
  entity,
  activity,
  label,
  saving,
  error,
  onSave,
  onCancel,
}: {
  entity: EntityLevel | null;
  activity?: ActivityDetail;
  label: string;
  saving: boolean;
  error: string | null;
  onSave: (fields: ActivityFields) => Promise<void>;
  onCancel?: () => void;
}) {
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
  const form = useForm<ActivityFormValues>({
    resolver: zodResolver(activityFormSchema),
    defaultValues: valuesOf(activity),
  });
  const errors = form.formState.errors;
  const choice = (v: string) => (v === NONE ? undefined : Number(v));

  const submit = form.handleSubmit((v) =>
    onSave({
      title: v.title,
      planned_date: v.planned_date,
      planned_time: v.planned_time || undefined,
      place: v.place || undefined,
      activity_type_id: choice(v.activity_type_id),
      department_id: choice(v.department_id),
      budget_line_id: choice(v.budget_line_id),
      estimated_cost: optionalNumber(v.estimated_cost),
      description: v.description || undefined,
    }),
  );

  return (
    <form noValidate aria-label={label} className="space-y-4" onSubmit={submit}>
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
        <TimeField label="Heure" error={errors.planned_time?.message} {...form.register('planned_time')} />
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
      <FormActions failure={error} saving={saving} onCancel={onCancel} cancelDisabled={false} />
    </form>
  );
}
