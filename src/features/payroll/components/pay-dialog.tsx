import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { todayInDenomination } from '@contract/values/dates';
import { monthLabel } from '@contract/values/payroll';
import type { Payslip } from '@contract/payroll';
import { useMoneyWrite } from '@/shared/api/money-write';
import { Money } from '@/shared/ui/money';
import type { DialogState } from '@/shared/ui/dialog';
import {
  MoneyWriteActions,
  MoneyWriteDialog,
  type MoneyWriteFormProps,
} from '@/shared/ui/money-write-dialog';
import { TreasuryAccountDateFields } from '@/shared/ui/treasury-account-fields';
import { usePayPayslip } from '../api/payroll';
import { payFormSchema, toPayBody, type PayFormValues } from '../lib/forms';
import { employeeName } from '../lib/labels';

/**
 * 'Payer' a payslip: the treasury account and the date; the server writes the movement of the net. One
 * Idempotency-Key per attempt: a retry after a network failure is never paid twice.
 */
export function PayDialog({ payslip, ...dialog }: DialogState & { payslip: Payslip }) {
  return (
    <MoneyWriteDialog
      {...dialog}
      title="Payer la fiche de paie"
      description={`${employeeName(payslip.employee)} — ${monthLabel(payslip.month)}`}
    >
      {(form) => <PayForm payslip={payslip} {...form} />}
    </MoneyWriteDialog>
  );
}

function PayForm({ payslip, onSavingChange, onDone }: MoneyWriteFormProps & { payslip: Payslip }) {
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
      <MoneyWriteActions
        write={write}
        submitting={formState.isSubmitting}
        submitLabel="Payer"
        onCancel={onDone}
      />
    </form>
  );
}
