import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_CATEGORIES, JOURNAL_TYPES, TREASURY_KIND_LABELS } from '@contract/values/accounts';
import { FormActions, useFailure } from '@/shared/ui/form-actions';
import { Select } from '@/shared/ui/select';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { TextField } from '@/shared/ui/text-field';
import { accountFormSchema, type AccountFormValues } from '../lib/form';

const CATEGORY_OPTIONS = Object.values(ACCOUNT_CATEGORIES).map((name) => ({ value: name, label: name }));
const KIND_OPTIONS = JOURNAL_TYPES.map((kind) => ({ value: kind, label: TREASURY_KIND_LABELS[kind] }));

/** An operation account: SYCEBNL number, name, category, and the kind of a treasury account. */
export function AccountForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: AccountFormValues;
  submitLabel: string;
  onSubmit: (values: AccountFormValues) => Promise<void>;
  onCancel?: () => void;
}) {
  const { failure, attempt } = useFailure();
  const { register, control, handleSubmit, formState, reset } = useForm<AccountFormValues>({
    resolver: zodResolver(accountFormSchema),
    defaultValues: initial,
  });
  const { errors, isSubmitting } = formState;
  const [category, kind] = useWatch({ control, name: ['category', 'journal_type'] });
  const treasury = category === ACCOUNT_CATEGORIES.TREASURY;

  const submit = handleSubmit((values) =>
    attempt(async () => {
      await onSubmit(values);
      reset(values);
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Compte d'opération" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Numéro de compte (SYCEBNL)"
          required
          inputMode="numeric"
          hint="La classe (1 à 9) puis les chiffres du compte, par exemple 5711."
          error={errors.code}
          {...register('code')}
        />
        <TextField label="Nom du compte" required error={errors.name} {...register('name')} />
        <Controller
          control={control}
          name="category"
          render={({ field }) => (
            <Select
              label="Catégorie"
              required
              options={CATEGORY_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              placeholder="Choisir une catégorie"
              error={errors.category}
            />
          )}
        />
        {treasury && (
          <Controller
            control={control}
            name="journal_type"
            render={({ field }) => (
              <Select
                label="Type de compte de trésorerie"
                required
                options={KIND_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                placeholder="Caisse, banque ou mobile money"
                error={errors.journal_type}
              />
            )}
          />
        )}
        {treasury && kind === 'ELECTRONIK' && (
          <TextField label="Opérateur" required error={errors.operator} {...register('operator')} />
        )}
        <TextAreaField
          label="Description"
          rows={2}
          className="sm:col-span-2"
          error={errors.description}
          {...register('description')}
        />
      </div>
      <FormActions failure={failure} saving={isSubmitting} submitLabel={submitLabel} onCancel={onCancel} />
    </form>
  );
}
