import { Controller, useFormContext } from 'react-hook-form';
import { MoneyField } from '@/shared/ui/money-field';
import { Select } from '@/shared/ui/select';
import { TextField } from '@/shared/ui/text-field';
import { TYPE_OPTIONS } from '../lib/labels';

/** The fields every gift asks for, a member's as a guest's (lib/forms.ts: type, amount, phone). */
type GiftFieldValues = { type: string; amount: string; phone: string };

/** The contribution type and the amount in F CFA, side by side; inside the form's FormProvider. */
export function GiftTypeAndAmount({ typeLabel }: { typeLabel: string }) {
  const { control, register, formState } = useFormContext<GiftFieldValues>();
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Controller
        control={control}
        name="type"
        render={({ field }) => (
          <Select
            label={typeLabel}
            required
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            options={TYPE_OPTIONS}
            error={formState.errors.type}
          />
        )}
      />
      <MoneyField label="Montant" required {...register('amount')} error={formState.errors.amount} />
    </div>
  );
}

/** The phone the provider asks the payment on; inside the form's FormProvider. */
export function MobileMoneyPhoneField() {
  const { register, formState } = useFormContext<GiftFieldValues>();
  return (
    <TextField
      label="Téléphone (mobile money)"
      required
      type="tel"
      autoComplete="tel"
      placeholder="07 01 02 03 04"
      {...register('phone')}
      error={formState.errors.phone}
    />
  );
}
