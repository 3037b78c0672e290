import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { todayInDenomination } from '@contract/values/dates';
import { monthLabel } from '@contract/values/payroll';
import type { Payslip } from '@contract/payroll';
import { useMoneyWrite } from '@/shared/api/money-write';
import { Button } from '@/shared/ui/button';
import { Dialog } from '@/shared/ui/dialog';
import { FormError } from '@/shared/ui/form-error';
import { Money } from '@/shared/ui/money';
import { TreasuryAccountDateFields } from '@/shared/ui/treasury-account-fields';
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
  const pay = usePayPayslip(payslip.id);
  const write = useMoneyWrite({
    write: pay.mutateAsync,
    success: 'Fiche de paie payée.',
    onSavingChange,
    onDone,
  });
  const { control, handleSubmit, formState } = useForm<PayFormValues>({
    resolver: zodResolver(payFormSchema(payslip.month)),
    defaultValues: { payment_account_id: null, paid_on: todayInDenomination() },
  });
  const submit = handleSubmit((values) => write.submit(toPayBody(values)));

  return (
    <form noValidate aria-label="Paiement de la fiche de paie" onSubmit={submit} className="space-y-4">
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm">
        Net à payer : <Money amount={payslip.net} className="font-semibold" />
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <TreasuryAccountDateFields
          control={control}
          entity={entity}
          name="payment_account_id"
          label="Compte de trésorerie"
          required
          dateName="paid_on"
          dateLabel="Date du paiement"
        />
      </div>
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
