import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/shared/lib/cn';
import { controlClass, FieldShell, useFieldControl, type FieldBaseProps } from './field';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'required'> &
  FieldBaseProps & {
    inputClassName?: string;
    /** a unit shown inside the input on the right, e.g. 'F CFA' or '%' */
    suffix?: ReactNode;
  };

/**
 * A labelled input (text by default); spread react-hook-form's `register('name')` into it. The date,
 * time, number and money fields are this input with their own type and defaults.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, required, className, inputClassName, id, suffix, type = 'text', ...rest },
  ref,
) {
  const { invalid, shell, control } = useFieldControl({ label, hint, error, required, className, id });
  const input = (
    <input
      ref={ref}
      type={type}
      {...control}
      className={controlClass(invalid, cn(suffix ? 'pr-16' : '', inputClassName))}
      {...rest}
    />
  );
  return (
    <FieldShell {...shell}>
      {suffix ? (
        <div className="relative">
          {input}
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-slate-500"
          >
            {suffix}
          </span>
        </div>
      ) : (
        input
      )}
    </FieldShell>
  );
});

/** A list's search box ('Rechercher'): the text as it is typed (the page debounces it). */
export function SearchField({
  value,
  onChange,
  placeholder,
  className,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  className?: string;
}) {
  return (
    <TextField
      label="Rechercher"
      type="search"
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="off"
      className={className}
    />
  );
}
