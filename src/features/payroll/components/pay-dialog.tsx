import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ACCOUNT_CATEGORIES } from '@contract/values/accounts';
import { todayInDenomination } from '@contract/values/dates';
import { monthLabel } from '@contract/values/payroll';
import type { Payslip } from '@contract/payroll';
import { useAuthorizedAccounts } from '@/shared/api/authorized-accounts';
import { useMoneyWrite } from '@/shared/api/money-write';
import { errorMessage } from '@/shared/lib/errors';
import { Button } from '@/shared/ui/button';
import { Combobox } from '@/shared/ui/combobox';
import { DateField } from '@/shared/ui/date-field';
import { Dialog } from '@/shared/ui/dialog';
import { FormError } from '@/shared/ui/form-error';
import { Money } from '@/shared/ui/money';
import { usePayPayslip } from '../api/payroll';
import { payFormSchema, toPayBody, type PayFormValues } from '../lib/forms';
import { employeeName } from '../lib/labels';

/**
 * 'Payer' a payslip: the treasury account and the date; the server writes the movement of the net. One
 * Idempotency-Key per attempt: a retry after a network failure is never paid twice.
 */
export function PayDialog({
  payslip,
  open,
  onOpenChange,
}: {
  payslip: Payslip;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [saving, setSaving] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !saving && onOpenChange(next)}
      dismissible={!saving}
      title="Payer la fiche de paie"
      description={`${employeeName(payslip.employee)} — ${monthLabel(payslip.month)}`}
    >
      {open && <PayForm payslip={payslip} onSavingChange={setSaving} onDone={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function PayForm({
  payslip,
  onSavingChange,
  onDone,
}: {
  payslip: Payslip;
  onSavingChange: (saving: boolean) => void;
  onDone: () => void;
}) {
  const entity = { entityType: payslip.entity_type, entityId: payslip.entity_id };
  const accounts = useAuthorizedAccounts(entity, ACCOUNT_CATEGORIES.TREASURY);
  const pay = usePayPayslip(payslip.id);
  const write = useMoneyWrite({
    write: pay.mutateAsync,
    success: 'Fiche de paie payée.',
    onSavingChange,
    onDone,
  });
  const { control, register, handleSubmit, formState } = useForm<PayFormValues>({
    resolver: zodResolver(payFormSchema(payslip.month)),
    defaultValues: { payment_account_id: null, paid_on: todayInDenomination() },
  });
  const { errors } = formState;
  const submit = handleSubmit((values) => write.submit(toPayBody(values)));

  return (
    <form noValidate aria-label="Paiement de la fiche de paie" onSubmit={submit} className="space-y-4">
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm">
        Net à payer : <Money amount={payslip.net} className="font-semibold" />
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="payment_account_id"
          render={({ field }) => (
            <Combobox<number>
              label="Compte de trésorerie"
              required
              options={(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              onBlur={field.onBlur}
              loading={accounts.isFetching}
              emptyText="Aucun compte disponible"
              error={errors.payment_account_id}
            />
          )}
        />
        <DateField label="Date du paiement" required error={errors.paid_on} {...register('paid_on')} />
      </div>
      {accounts.isError && <FormError message={errorMessage(accounts.error)} />}
      <FormError message={write.failure} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={write.saving}>
          Annuler
        </Button>
        <Button type="submit" loading={write.saving || formState.isSubmitting}>
          Payer
        </Button>
      </div>
    </form>
  );
}
