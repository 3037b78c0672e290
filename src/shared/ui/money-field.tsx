import { forwardRef } from 'react';
import { NumberField, type NumberFieldProps } from './number-field';

export type MoneyFieldProps = Omit<NumberFieldProps, 'suffix'>;

/** An amount of XOF: whole francs (step 1, no negative by default), 'F CFA' shown inside the input. */
export const MoneyField = forwardRef<HTMLInputElement, MoneyFieldProps>(function MoneyField(
  { min = 0, step = 1, inputMode = 'numeric', ...rest },
  ref,
) {
  return <NumberField ref={ref} min={min} step={step} inputMode={inputMode} suffix="F CFA" {...rest} />;
});
