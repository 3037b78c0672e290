import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SUBSCRIPTION_TARGETS } from '@contract/values/subscriptions';
import type { SubscriptionTarget } from '@contract/subscriptions';
import type { EntityLevel } from '@/shared/level/level-context';
import { formatMoney } from '@/shared/lib/format';
import { Button } from '@/shared/ui/button';
import { useFailure } from '@/shared/ui/form-actions';
import { FormDialog } from '@/shared/ui/form-dialog';
import { Select } from '@/shared/ui/select';
import { TextField } from '@/shared/ui/text-field';
import { notify } from '@/shared/ui/toast';
import { groupParams, useCreateSubscription, useSubscriptionTypes } from '../api/subscriptions';
import { createFormSchema, periodEnd, type CreateFormValues } from '../lib/forms';
import { AmountField } from './amount-field';

const TARGET_OF: Record<string, SubscriptionTarget> = {
  CHURCH: 'church',
  SECTION: 'section',
  REGION: 'region',
  NATIONAL_OFFICE: 'national_office',
};

const EMPTY: CreateFormValues = { subscription_type_id: '', amount: '', start_date: '', end_date: '' };

/**
 * 'Nouvelle souscription' for the Level's group: a type of this kind of group (its amount and period
 * fill the form), the amount, the start and end dates (JJ/MM/AAAA); created unpaid, status active.
 */
export function CreateSubscriptionDialog({ group }: { group: EntityLevel }) {
  const [open, setOpen] = useState(false);
  const target = TARGET_OF[group.entityType];
  const types = useSubscriptionTypes();
  const create = useCreateSubscription();
  const { failure, attempt } = useFailure({ toast: false });
  const form = useForm<CreateFormValues>({ resolver: zodResolver(createFormSchema), defaultValues: EMPTY });
  const { register, control, handleSubmit, formState, setValue, getValues, reset } = form;
  const offered = (types.data ?? []).filter((t) => t.active && t.target === target);
  const options = offered.map((t) => ({
    value: String(t.id),
    label: `${t.name} — ${formatMoney(t.amount)} / ${t.period_months} mois`,
  }));

  const fillFromType = (id: string, start = getValues('start_date'), withAmount = true) => {
    const type = offered.find((t) => String(t.id) === id);
    if (!type) return;
    if (withAmount) setValue('amount', String(type.amount));
    const end = periodEnd(start, type.period_months);
    if (end) setValue('end_date', end);
  };

  const submit = handleSubmit((values) =>
    attempt(async () => {
      await create.mutateAsync({
        subscription_type_id: Number(values.subscription_type_id),
        amount: Number(values.amount),
        start_date: values.start_date.trim(),
        end_date: values.end_date.trim(),
        status: 'active',
        ...groupParams(group),
      });
      notify.success('Souscription créée');
      reset(EMPTY);
      setOpen(false);
    }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      trigger={<Button>Nouvelle souscription</Button>}
      title="Nouvelle souscription"
      description={SUBSCRIPTION_TARGETS.includes(target) ? undefined : 'Groupe non pris en charge'}
      id="create-subscription"
      onSubmit={submit}
      saving={formState.isSubmitting}
      failure={failure}
      submitLabel="Créer"
      onCancel={() => setOpen(false)}
    >
      <Controller
        control={control}
        name="subscription_type_id"
        render={({ field, fieldState }) => (
          <Select
            label="Type de souscription"
            required
            options={options}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              fillFromType(value);
            }}
            onBlur={field.onBlur}
            placeholder={types.isPending ? 'Chargement…' : 'Choisir un type'}
            error={fieldState.error?.message}
          />
        )}
      />
      <AmountField {...register('amount')} error={formState.errors.amount?.message} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Date de début"
          required
          placeholder="JJ/MM/AAAA"
          {...register('start_date', {
            onChange: (event: { target: { value: string } }) =>
              fillFromType(getValues('subscription_type_id'), event.target.value, false),
          })}
          error={formState.errors.start_date?.message}
        />
        <TextField
          label="Date de fin"
          required
          placeholder="JJ/MM/AAAA"
          {...register('end_date')}
          error={formState.errors.end_date?.message}
        />
      </div>
    </FormDialog>
  );
}
