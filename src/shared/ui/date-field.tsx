import { forwardRef, type InputHTMLAttributes } from 'react';
import { controlClass, errorText, FieldShell, useFieldIds, type FieldBaseProps } from './field';

export const MIN_DATE = '1900-01-01';

export type DateFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'required' | 'type'> &
  FieldBaseProps & { inputClassName?: string };

/** A labelled date input; its value is 'YYYY-MM-DD'. Dates before 1900-01-01 are refused by default. */
export const DateField = forwardRef<HTMLInputElement, DateFieldProps>(function DateField(
  { label, hint, error, required, className, inputClassName, id, min = MIN_DATE, ...rest },
  ref,
) {
  const message = errorText(error);
  const ids = useFieldIds(id, hint, message);
  return (
    <FieldShell label={label} hint={hint} error={message} required={required} className={className} ids={ids}>
      <input
        ref={ref}
        id={ids.controlId}
        type="date"
        min={min}
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={ids.describedBy}
        className={controlClass(Boolean(message), inputClassName)}
        {...rest}
      />
    </FieldShell>
  );
});
