import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/shared/lib/cn';
import { errorText, FieldError, FieldHint, useFieldIds, type FieldBaseProps } from './field';

export type CheckboxFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'required' | 'type'> &
  FieldBaseProps;

/** A checkbox with its label on the right; spread react-hook-form's `register('name')` into it. */
export const CheckboxField = forwardRef<HTMLInputElement, CheckboxFieldProps>(function CheckboxField(
  { label, hint, error, required, className, id, ...rest },
  ref,
) {
  const message = errorText(error);
  const ids = useFieldIds(id, hint, message);
  return (
    <div className={cn('w-full', className)}>
      <div className="flex items-start gap-2">
        <input
          ref={ref}
          id={ids.controlId}
          type="checkbox"
          aria-invalid={message ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={ids.describedBy}
          className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-600 disabled:cursor-not-allowed"
          {...rest}
        />
        <label htmlFor={ids.controlId} className="text-sm text-slate-800">
          {label}
          {required && (
            <span className="ml-0.5 text-red-600" aria-hidden="true">
              *
            </span>
          )}
        </label>
      </div>
      {hint && <FieldHint id={ids.hintId}>{hint}</FieldHint>}
      <FieldError id={ids.errorId} message={message} />
    </div>
  );
});
