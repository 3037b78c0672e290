import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from '@/shared/ui/text-field';

/** 'Montant (F CFA)': the amount of a subscription or of a type, in whole francs. */
export const AmountField = forwardRef<HTMLInputElement, Omit<TextFieldProps, 'label'>>(
  function AmountField(props, ref) {
    return <TextField ref={ref} label="Montant (F CFA)" required inputMode="numeric" {...props} />;
  },
);
