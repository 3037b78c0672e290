import { forwardRef, type InputHTMLAttributes } from 'react';
import { controlClass, errorText, FieldShell, useFieldIds, type FieldBaseProps } from './field';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'required'> &
  FieldBaseProps & { inputClassName?: string };

/** A labelled text input; spread react-hook-form's `register('name')` into it. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, required, className, inputClassName, id, type = 'text', ...rest },
  ref,
) {
  const message = errorText(error);
  const ids = useFieldIds(id, hint, message);
  return (
    <FieldShell label={label} hint={hint} error={message} required={required} className={className} ids={ids}>
      <input
        ref={ref}
        id={ids.controlId}
        type={type}
        aria-invalid={message ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={ids.describedBy}
        className={controlClass(Boolean(message), inputClassName)}
        {...rest}
      />
    </FieldShell>
  );
});
