import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { SUBSCRIPTION_TARGET_LABELS, SUBSCRIPTION_TARGETS } from '@contract/values/subscriptions';
import type { SubscriptionType } from '@contract/subscriptions';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { useFailure } from '@/shared/ui/form-actions';
import { FormDialog } from '@/shared/ui/form-dialog';
import { Money } from '@/shared/ui/money';
import { Select } from '@/shared/ui/select';
import { TextField } from '@/shared/ui/text-field';
import { notify, toastWrite } from '@/shared/ui/toast';
import {
  useCreateSubscriptionType,
  useSubscriptionTypes,
  useUpdateSubscriptionType,
} from '../api/subscriptions';
import { typeFormSchema, type TypeFormValues } from '../lib/forms';
import { AmountField } from './amount-field';

const targetOptions = SUBSCRIPTION_TARGETS.map((t) => ({ value: t, label: SUBSCRIPTION_TARGET_LABELS[t] }));

/** The admin's subscription types: name, level, period, amount; add, change, withdraw. */
export function SubscriptionTypesCard() {
  const types = useSubscriptionTypes();
  const update = useUpdateSubscriptionType();
  const [editing, setEditing] = useState<SubscriptionType | 'new' | null>(null);

  const toggle = async (type: SubscriptionType) => {
    await toastWrite(
      update.mutateAsync({ id: type.id, active: !type.active }),
      type.active ? 'Type retiré' : 'Type proposé de nouveau',
    );
  };

  const columns: DataTableColumn<SubscriptionType>[] = [
    { key: 'name', header: 'Nom', cell: (t) => t.name },
    { key: 'target', header: 'Niveau', cell: (t) => SUBSCRIPTION_TARGET_LABELS[t.target] },
    { key: 'period', header: 'Période', cell: (t) => `${t.period_months} mois` },
    { key: 'amount', header: 'Montant', align: 'right', cell: (t) => <Money amount={t.amount} /> },
    {
      key: 'active',
      header: 'État',
      cell: (t) => (t.active ? <Badge tone="green">Proposé</Badge> : <Badge>Retiré</Badge>),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (t) => (
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setEditing(t)}
            aria-label={`Modifier ${t.name}`}
          >
            Modifier
          </Button>
          <Button size="sm" variant="ghost" onClick={() => void toggle(t)}>
            {t.active ? 'Retirer' : 'Proposer'}
          </Button>
        </div>
      ),
    },
  ];

  return (
    <Card
      title="Types de souscription"
      actions={
        <Button size="sm" onClick={() => setEditing('new')}>
          Nouveau type
        </Button>
      }
    >
      <DataTable
        caption="Liste des types de souscription"
        columns={columns}
        rows={types.data}
        loading={types.isPending}
      />
      {editing && <TypeDialog type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function TypeDialog({ type, onClose }: { type: SubscriptionType | null; onClose: () => void }) {
  const create = useCreateSubscriptionType();
  const update = useUpdateSubscriptionType();
  const { failure, attempt } = useFailure({ toast: false });
  const form = useForm<TypeFormValues>({
    resolver: zodResolver(typeFormSchema),
    defaultValues: {
      name: type?.name ?? '',
      target: type?.target ?? 'church',
      period_months: type ? String(type.period_months) : '12',
      amount: type ? String(type.amount) : '',
    },
  });
  const { register, control, handleSubmit, formState } = form;
  const submit = handleSubmit((values) => {
    const body = {
      name: values.name,
      period_months: Number(values.period_months),
      amount: Number(values.amount),
    };
    return attempt(async () => {
      if (type) await update.mutateAsync({ id: type.id, ...body });
      else await create.mutateAsync({ ...body, target: values.target });
      notify.success(type ? 'Type modifié' : 'Type créé');
      onClose();
    });
  });
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={type ? 'Modifier le type de souscription' : 'Nouveau type de souscription'}
      id="subscription-type"
      onSubmit={submit}
      saving={formState.isSubmitting}
      failure={failure}
      onCancel={onClose}
    >
      <TextField label="Nom" required {...register('name')} error={formState.errors.name?.message} />
      <Controller
        control={control}
        name="target"
        render={({ field, fieldState }) => (
          <Select
            label="Niveau"
            required
            disabled={!!type}
            options={targetOptions}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            error={fieldState.error?.message}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Période (mois)"
          required
          inputMode="numeric"
          {...register('period_months')}
          error={formState.errors.period_months?.message}
        />
        <AmountField {...register('amount')} error={formState.errors.amount?.message} />
      </div>
    </FormDialog>
  );
}
