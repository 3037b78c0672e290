import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export type TimeFieldProps = Omit<TextFieldProps, 'type' | 'suffix'>;

/** A labelled 24 h time input, to the second by default (SPEC.md section 9: time step 1 second). */
export const TimeField = forwardRef<HTMLInputElement, TimeFieldProps>(function TimeField(
  { step = 1, ...rest },
  ref,
) {
  return <TextField ref={ref} type="time" step={step} {...rest} />;
});
