import { useId, type ReactNode } from 'react';
import { cn } from '@/shared/lib/cn';

/** A field's error: the message itself, or react-hook-form's `errors.x` object as it is. */
export type FieldErrorValue = string | { message?: string } | null | undefined;

export function errorText(error: FieldErrorValue): string | undefined {
  const text = typeof error === 'string' ? error : error?.message;
  return text || undefined;
}

export type FieldBaseProps = {
  label: ReactNode;
  /** help text under the control, read with it by screen readers */
  hint?: ReactNode;
  error?: FieldErrorValue;
  /** shows a star and sets aria-required; the browser's own validation stays off so zod's French messages show */
  required?: boolean;
  /** classes of the wrapper */
  className?: string;
};

/** The ids a field ties together: the control, its hint and its error. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return { controlId, hintId, errorId, describedBy };
}

/** A field's error text, its ids and the props of its `FieldShell`. */
function useFieldParts({
  label,
  hint,
  error,
  required,
  className,
  id,
}: FieldBaseProps & { id: string | undefined }) {
  const message = errorText(error);
  const ids = useFieldIds(id, hint, message);
  return { message, ids, shell: { label, hint, error: message, required, className, ids } };
}

/**
 * The wiring of a labelled control: the props of its `FieldShell` (label, hint, error message) and
 * the id and aria attributes that tie the control to them; spread `control` into the control.
 */
export function useFieldControl(props: FieldBaseProps & { id: string | undefined }) {
  const { message, ids, shell } = useFieldParts(props);
  return {
    invalid: Boolean(message),
    shell,
    control: {
      id: ids.controlId,
      'aria-invalid': message ? true : undefined,
      'aria-required': props.required || undefined,
      'aria-describedby': ids.describedBy,
    },
  };
}

/**
 * The wiring of a control that its label names by id (`aria-labelledby`: a combobox, a select, a button):
 * the error's text, the ids, the label's id, and the props of its `FieldShell`.
 */
export function useLabelledField(props: FieldBaseProps & { id: string | undefined }) {
  const { message, ids, shell } = useFieldParts(props);
  const labelId = `${ids.controlId}-label`;
  return { message, ids, labelId, shell: { ...shell, labelId } };
}

export const controlClass = (invalid: boolean, extra?: string) =>
  cn(
    'block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 sm:text-sm',
    'focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-0',
    'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
    invalid
      ? 'border-red-500 focus-visible:ring-red-500'
      : 'border-slate-300 focus-visible:border-brand-600 focus-visible:ring-brand-600',
    extra,
  );

export function FieldLabel({
  htmlFor,
  id,
  required,
  children,
}: {
  htmlFor?: string;
  id?: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <label htmlFor={htmlFor} id={id} className="mb-1 block text-sm font-medium text-slate-700">
      {children}
      {required && (
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      )}
    </label>
  );
}

export function FieldHint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1 text-xs text-slate-500">
      {children}
    </p>
  );
}

/** The message of an invalid field, announced as soon as it appears. */
export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="mt-1 text-sm text-red-600">
      {message}
    </p>
  );
}

/** Label above, control, then hint and error: the layout every form field shares. */
export function FieldShell({
  label,
  hint,
  error,
  required,
  className,
  ids,
  labelId,
  labelFor = true,
  children,
}: Omit<FieldBaseProps, 'error'> & {
  error?: string;
  ids: ReturnType<typeof useFieldIds>;
  /** the label's id, for a control named by `aria-labelledby` */
  labelId?: string;
  /** false: the label names no control by `for` (a button that reads its label and its value) */
  labelFor?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn('w-full', className)}>
      <FieldLabel htmlFor={labelFor ? ids.controlId : undefined} id={labelId} required={required}>
        {label}
      </FieldLabel>
      {children}
      {hint && <FieldHint id={ids.hintId}>{hint}</FieldHint>}
      <FieldError id={ids.errorId} message={error} />
    </div>
  );
}
