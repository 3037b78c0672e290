import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { controlClass, FieldShell, useFieldControl, type FieldBaseProps } from './field';

export type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required'> &
  FieldBaseProps & { inputClassName?: string };

/** A labelled multi-line input; spread react-hook-form's `register('name')` into it. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, hint, error, required, className, inputClassName, id, rows = 3, ...rest },
  ref,
) {
  const { invalid, shell, control } = useFieldControl({ label, hint, error, required, className, id });
  return (
    <FieldShell {...shell}>
      <textarea
        ref={ref}
        rows={rows}
        {...control}
        className={controlClass(invalid, inputClassName)}
        {...rest}
      />
    </FieldShell>
  );
});
