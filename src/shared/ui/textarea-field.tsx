import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { controlClass, errorText, FieldShell, useFieldIds, type FieldBaseProps } from './field';

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required'> &
  FieldBaseProps & { inputClassName?: string };

/** A labelled multi-line input; spread react-hook-form's `register('name')` into it. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, required, className, inputClassName, id, rows = 3, ...rest },
  ref,
) {
  const message = errorText(error);
  const ids = useFieldIds(id, hint, message);
  return (
    <FieldShell label={label} hint={hint} error={message} required={required} className={className} ids={ids}>
      <textarea
        ref={ref}
        id={ids.controlId}
        rows={rows}
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={ids.describedBy}
        className={controlClass(Boolean(message), inputClassName)}
        {...rest}
      />
    </FieldShell>
  );
});
