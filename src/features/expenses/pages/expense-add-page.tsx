import { useMemo, useRef, useState } from 'react';
import { Controller, FormProvider, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { EARLIEST_DATE } from '@contract/values/expenses';
import type { ExpenseEntityType } from '@contract/expenses';
import { useAccount } from '@/shared/auth/account-store';
import { useAuthorizedAccounts } from '@/shared/api/authorized-accounts';
import { useIdempotencyKey } from '@/shared/api/idempotency';
import { useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { errorMessage } from '@/shared/lib/errors';
import { useDebouncedValue } from '@/shared/lib/use-debounced-value';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Combobox } from '@/shared/ui/combobox';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { DateField } from '@/shared/ui/date-field';
import { Dropzone } from '@/shared/ui/dropzone';
import { FormError } from '@/shared/ui/form-error';
import { Money } from '@/shared/ui/money';
import { Select } from '@/shared/ui/select';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { TimeField } from '@/shared/ui/time-field';
import { notify } from '@/shared/ui/toast';
import { UploadFailedError, useCreateExpense } from '../api/expense-requests';
import { EXPENSE_CATEGORIES, useBudgetLines, usePlannedActivities } from '../api/lookups';
import type { EntityLevel } from '@/shared/level/level-context';
import { BudgetLineRemaining, exceedsBudgetLine } from '../components/budget-line-remaining';
import { LineFields, lineAmount } from '../components/line-fields';
import { FALLBACK_ACCOUNTS } from '../lib/fallback-accounts';
import {
  emptyLine,
  requestFormDefaults,
  requestFormSchema,
  toCreateBody,
  type RequestFormOutput,
  type RequestFormValues,
} from '../lib/expense-form';
import { plannedActivityLabel } from '../lib/labels';
import { EXPENSE_MESSAGES } from '../lib/messages';

const LEVEL_ENTITY_TYPES: readonly string[] = [
  'NATIONAL_OFFICE',
  'REGION',
  'SECTION',
  'CHURCH',
  'ACTIVITY_GROUP',
];

/**
 * 'Ajouter une dépense' (SPEC.md section 2): one request with its lines and supporting documents,
 * for the Level's entity, or, in the accountant space, for one of the churches the accountant manages.
 */
export function ExpenseAddPage() {
  const paths = useSpacePaths();
  const listPath = paths.page('expenses.list');
  usePageTitle('Ajouter une dépense', { back: listPath });
  const level = useLevel();
  const account = useAccount();
  const navigate = useNavigate();

  // The accountant works across churches: the form asks which one.
  const choosesChurch = !LEVEL_ENTITY_TYPES.includes(level.entityType);
  const churches = account?.managedChurches ?? [];
  const entityType: ExpenseEntityType = choosesChurch ? 'CHURCH' : (level.entityType as ExpenseEntityType);
  const initialEntity = choosesChurch ? (churches.length === 1 ? churches[0].id : null) : level.entityId;

  const defaults = useMemo(() => requestFormDefaults(initialEntity), [initialEntity]);
  const form = useForm<RequestFormValues, unknown, RequestFormOutput>({
    resolver: zodResolver(requestFormSchema),
    defaultValues: defaults,
  });
  const { control, register, handleSubmit, formState, setValue } = form;
  const { errors } = formState;
  const lines = useFieldArray({ control, name: 'expenses' });
  const [entityId, watchedLines, budgetLineId] = useWatch({
    control,
    name: ['entity_id', 'expenses', 'budget_line_id'],
  });
  const entity: EntityLevel | null = entityId ? { entityType, entityId } : null;

  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [failure, setFailure] = useState<string | null>(null);
  const [activitySearch, setActivitySearch] = useState('');
  const debouncedActivity = useDebouncedValue(activitySearch.trim(), 500);

  const accounts = useAuthorizedAccounts(entity, EXPENSE_CATEGORIES);
  const budgetLines = useBudgetLines(entity);
  const activities = usePlannedActivities(entity, debouncedActivity);
  const create = useCreateExpense();
  const idempotency = useIdempotencyKey();
  // Two clicks in the same instant submit once: the button is not disabled yet on the second.
  const submitting = useRef(false);

  const accountOptions = accounts.isError
    ? FALLBACK_ACCOUNTS
    : (accounts.data ?? []).map((item) => ({ value: item.id, label: item.name }));
  const total = (watchedLines ?? []).reduce(
    (sum, line) => sum + lineAmount(line?.quantity ?? '', line?.unit_price ?? ''),
    0,
  );

  const chosenLine = (budgetLines.data ?? []).find((line) => line.id === budgetLineId) ?? null;
  // Beyond the line's remaining amount, the request is recorded only once the user confirms.
  const [overBudget, setOverBudget] = useState<RequestFormOutput | null>(null);

  const onValid = async (values: RequestFormOutput, confirmed = false) => {
    if (!confirmed && exceedsBudgetLine(chosenLine, total)) {
      setOverBudget(values);
      return;
    }
    if (submitting.current) return;
    submitting.current = true;
    setFailure(null);
    try {
      const id = await create.mutateAsync({
        body: toCreateBody(values, entityType),
        files,
        idempotencyKey: idempotency.key(),
        onProgress: setProgress,
      });
      idempotency.done();
      notify.success(EXPENSE_MESSAGES.created);
      const next = paths.page('expenses.detail', { expenseId: id }) ?? listPath;
      if (next) navigate(next);
    } catch (error) {
      if (error instanceof UploadFailedError) {
        // The request is saved (docs/features/expenses.md): its page keeps the files to send again.
        idempotency.done();
        notify.error(`${error.message} ${EXPENSE_MESSAGES.savedWithoutFiles}`);
        const next = paths.page('expenses.detail', { expenseId: error.requestId });
        if (next) {
          navigate(next, { state: { unsentFiles: files, uploadError: error.message } });
          return;
        }
      }
      const message = error instanceof UploadFailedError ? error.message : errorMessage(error);
      setFailure(message);
      notify.error(message);
    } finally {
      submitting.current = false;
      setProgress(undefined);
    }
  };

  const saving = formState.isSubmitting || create.isPending;

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Ajouter une dépense"
        className="mx-auto max-w-3xl space-y-4"
        onSubmit={handleSubmit(
          (values) => onValid(values),
          (invalid) => {
            // SPEC.md section 5: an invalid submit is only logged; the fields show their messages.
            console.debug('Formulaire de dépense invalide', Object.keys(invalid));
          },
        )}
      >
        <Card title="Informations">
          <div className="grid gap-4 sm:grid-cols-2">
            {choosesChurch && (
              <Controller
                control={control}
                name="entity_id"
                render={({ field }) => (
                  <Select
                    label="Église"
                    required
                    className="sm:col-span-2"
                    options={churches.map((church) => ({ value: String(church.id), label: church.name }))}
                    value={field.value ? String(field.value) : ''}
                    onChange={(value) => {
                      field.onChange(Number(value));
                      setValue('operation_account_id', null);
                      setValue('budget_line_id', null);
                      setValue('planned_activity_id', null);
                    }}
                    onBlur={field.onBlur}
                    placeholder="Choisir une église"
                    error={errors.entity_id}
                  />
                )}
              />
            )}
            <DateField
              label="Date de la dépense"
              required
              min={EARLIEST_DATE}
              error={errors.made}
              {...register('made')}
            />
            <TimeField label="Heure" required step={1} error={errors.made_time} {...register('made_time')} />
            <Controller
              control={control}
              name="operation_account_id"
              render={({ field }) => (
                <Combobox<number>
                  label="Type"
                  required
                  className="sm:col-span-2"
                  options={accountOptions}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  loading={accounts.isFetching}
                  placeholder="Rechercher un type de dépense…"
                  emptyText="Aucun compte disponible"
                  error={errors.operation_account_id}
                />
              )}
            />
            <TextAreaField
              label="Description"
              required
              className="sm:col-span-2"
              error={errors.description}
              {...register('description')}
            />
            <Controller
              control={control}
              name="budget_line_id"
              render={({ field }) => (
                <Combobox<number>
                  label="Ligne budgétaire"
                  clearable
                  options={(budgetLines.data ?? []).map((line) => ({
                    value: line.id,
                    label: line.budgetItemTemplate.name,
                  }))}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  loading={budgetLines.isFetching}
                  placeholder="Optionnel"
                  emptyText="Aucune ligne budgétaire trouvée"
                />
              )}
            />
            <div className="sm:col-span-2">
              <BudgetLineRemaining line={chosenLine} amount={total} />
            </div>
            <Controller
              control={control}
              name="planned_activity_id"
              render={({ field }) => (
                <Combobox<number>
                  label="Activité"
                  clearable
                  options={(activities.data ?? []).map((activity) => ({
                    value: activity.id,
                    label: plannedActivityLabel(activity),
                  }))}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value)}
                  onSearchChange={setActivitySearch}
                  onBlur={field.onBlur}
                  loading={activities.isFetching}
                  placeholder="Optionnel"
                  emptyText="Aucune activité trouvée"
                />
              )}
            />
          </div>
        </Card>

        {lines.fields.map((line, index) => (
          <Card
            key={line.id}
            title={`Dépense ${index + 1}`}
            actions={
              lines.fields.length > 1 ? (
                <Button variant="ghost" size="sm" onClick={() => lines.remove(index)}>
                  Retirer la dépense {index + 1}
                </Button>
              ) : undefined
            }
          >
            <LineFields prefix={`expenses.${index}.`} errors={errors.expenses?.[index]} />
          </Card>
        ))}
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Button variant="secondary" onClick={() => lines.append(emptyLine())}>
            Ajouter une dépense
          </Button>
          <p className="text-sm text-slate-700">
            Total : <Money amount={total} className="text-base font-semibold text-slate-900" />
          </p>
        </div>

        <Card>
          <Dropzone value={files} onChange={setFiles} label="Pièces justificatives" progress={progress} />
        </Card>

        <FormError message={failure} />
        <div className="flex justify-end pb-6">
          <Button type="submit" loading={saving} className="w-full sm:w-auto">
            Enregistrer
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={overBudget !== null}
        onOpenChange={(open) => !open && setOverBudget(null)}
        title="Dépassement de la ligne budgétaire"
        message={
          chosenLine
            ? `Cette demande dépasse le reste de la ligne « ${chosenLine.budgetItemTemplate.name} ». L’enregistrer quand même ?`
            : undefined
        }
        confirmLabel="Enregistrer quand même"
        onConfirm={() => {
          const values = overBudget;
          setOverBudget(null);
          if (values) void onValid(values, true);
        }}
      />
    </FormProvider>
  );
}

export default ExpenseAddPage;
