import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { payslipNet } from '@contract/values/payroll';
import { Money } from '@/shared/ui/money';
import { TextField } from '@/shared/ui/text-field';
import { amountOf, type PayslipFormValues } from '../lib/forms';

/** The month and the amounts of a payslip, with the net (gross + allowances - deductions) as typed. */
export function PayslipAmountFields({
  register,
  control,
  errors,
}: {
  register: UseFormRegister<PayslipFormValues>;
  control: Control<PayslipFormValues>;
  errors: FieldErrors<PayslipFormValues>;
}) {
  const [gross, allowances, deductions] = useWatch({
    control,
    name: ['gross', 'allowances', 'deductions'],
  });
  const net = payslipNet(amountOf(gross), amountOf(allowances), amountOf(deductions));
  return (
    <>
      <TextField label="Mois" type="month" required error={errors.month} {...register('month')} />
      <TextField
        label="Salaire brut"
        required
        inputMode="numeric"
        suffix="FCFA"
        error={errors.gross}
        {...register('gross')}
      />
      <TextField
        label="Indemnités"
        inputMode="numeric"
        suffix="FCFA"
        error={errors.allowances}
        {...register('allowances')}
      />
      <TextField
        label="Retenues"
        inputMode="numeric"
        suffix="FCFA"
        error={errors.deductions}
        {...register('deductions')}
      />
      <p className="text-sm text-slate-700 sm:col-span-2" aria-live="polite">
        Net à payer : <Money amount={net} className="font-semibold" />
      </p>
    </>
  );
}
