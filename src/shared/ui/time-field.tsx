import { forwardRef, type InputHTMLAttributes } from 'react';
import { controlClass, errorText, FieldShell, useFieldIds, type FieldBaseProps } from './field';

export type TimeFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'required' | 'type'> &
  FieldBaseProps & { inputClassName?: string };

/** A labelled 24 h time input, to the second by default (SPEC.md section 9: time step 1 second). */
export const TimeField = forwardRef<HTMLInputElement, TimeFieldProps>(function TimeField(
  { label, hint, error, required, className, inputClassName, id, step = 1, ...rest },
  ref,
) {
  const message = errorText(error);
  const ids = useFieldIds(id, hint, message);
  return (
    <FieldShell label={label} hint={hint} error={message} required={required} className={className} ids={ids}>
      <input
        ref={ref}
        id={ids.controlId}
        type="time"
        step={step}
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={ids.describedBy}
        className={controlClass(Boolean(message), inputClassName)}
        {...rest}
      />
    </FieldShell>
  );
});
