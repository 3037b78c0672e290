import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/shared/lib/cn';
import { controlClass, errorText, FieldShell, useFieldIds, type FieldBaseProps } from './field';

export type NumberFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'required' | 'type'> &
  FieldBaseProps & {
    /** a unit shown inside the input on the right, e.g. 'F CFA' or '%' */
    suffix?: ReactNode;
    inputClassName?: string;
  };

/**
 * A labelled number input. With react-hook-form use `register('x', { valueAsNumber: true })` or let
 * zod coerce the string.
 */
export const NumberField = forwardRef<HTMLInputElement, NumberFieldProps>(function NumberField(
  { label, hint, error, required, className, inputClassName, id, suffix, inputMode = 'decimal', ...rest },
  ref,
) {
  const message = errorText(error);
  const ids = useFieldIds(id, hint, message);
  return (
    <FieldShell label={label} hint={hint} error={message} required={required} className={className} ids={ids}>
      <div className="relative">
        <input
          ref={ref}
          id={ids.controlId}
          type="number"
          inputMode={inputMode}
          aria-invalid={message ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={ids.describedBy}
          className={controlClass(
            Boolean(message),
            cn('tabular-nums', suffix ? 'pr-16' : '', inputClassName),
          )}
          {...rest}
        />
        {suffix && (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500"
          >
            {suffix}
          </span>
        )}
      </div>
    </FieldShell>
  );
});
