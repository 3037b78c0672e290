import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export const MIN_DATE = '1900-01-01';

export type DateFieldProps = Omit<TextFieldProps, 'type' | 'suffix'>;

/** A labelled date input; its value is 'YYYY-MM-DD'. Dates before 1900-01-01 are refused by default. */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { min = MIN_DATE, ...rest },
  ref,
) {
  return <TextField ref={ref} type="date" min={min} {...rest} />;
});
