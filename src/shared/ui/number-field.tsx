import { forwardRef } from 'react';
import { cn } from '@/shared/lib/cn';
import { TextField, type TextFieldProps } from './text-field';

/** `suffix`: a unit shown inside the input on the right, e.g. 'F CFA' or '%'. */
export type NumberFieldProps = Omit<TextFieldProps, 'type'>;

/**
 * A labelled number input. With react-hook-form use `register('x', { valueAsNumber: true })` or let
 * zod coerce the string.
 */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  { inputMode = 'decimal', inputClassName, ...rest },
  ref,
) {
  return (
    <TextField
      ref={ref}
      type="number"
      inputMode={inputMode}
      inputClassName={cn('tabular-nums', inputClassName)}
      {...rest}
    />
  );
});
