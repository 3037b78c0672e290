import { lazy, Suspense, useState, type ReactNode } from 'react';
import { cn } from '@/shared/lib/cn';
import { Button } from './button';
import { formatRange, type DateRangeValue } from './date-range';
import { Dialog } from './dialog';
import { controlClass, FieldShell, useLabelledField, type FieldErrorValue } from './field';

// The calendar (react-day-picker, ~19 KB compressed) loads when the field is about to open, not with
// the list page that shows the field.
const loadPicker = () => import('./date-range-picker');
const DateRangePicker = lazy(() => loadPicker().then((m) => ({ default: m.DateRangePicker })));

export type DateRangeFieldProps = {
  label: ReactNode;
  value: DateRangeValue | undefined;
  /** called with a complete range when the user presses 'Appliquer', or undefined on 'Effacer' */
  onChange: (range: DateRangeValue | undefined) => void;
  placeholder?: string;
  hint?: ReactNode;
  error?: FieldErrorValue;
  required?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
};

/**
 * A compact period filter: a button showing the applied period that opens the calendar in a dialog;
 * the period changes only once both dates are picked and applied.
 */
export function DateRangeField({
  label,
  value,
  onChange,
  placeholder = 'Choisir une période',
  hint,
  error,
  required,
  disabled,
  id,
  className,
}: DateRangeFieldProps) {
  const { message, ids, labelId, shell } = useLabelledField({ label, hint, error, required, className, id });
  const valueId = `${ids.controlId}-value`;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DateRangeValue | undefined>(value);
  const text = formatRange(value);

  return (
    <FieldShell {...shell} labelFor={false}>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (next) setDraft(value);
          setOpen(next);
        }}
        size="lg"
        title={label}
        trigger={
          <button
            type="button"
            id={ids.controlId}
            disabled={disabled}
            aria-labelledby={`${labelId} ${valueId}`}
            aria-invalid={message ? true : undefined}
            aria-describedby={ids.describedBy}
            onPointerEnter={() => void loadPicker()}
            onFocus={() => void loadPicker()}
            className={controlClass(
              Boolean(message),
              'flex min-h-10 items-center justify-between gap-2 text-left',
            )}
          >
            <span id={valueId} className={cn('truncate', !text && 'text-slate-500')}>
              {text || placeholder}
            </span>
            <svg
              viewBox="0 0 20 20"
              className="h-4 w-4 shrink-0 text-slate-500"
              fill="currentColor"
              aria-hidden="true"
            >
              <path d="M6 2a1 1 0 0 1 1 1v1h6V3a1 1 0 1 1 2 0v1h1a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h1V3a1 1 0 0 1 1-1Zm10 7H4v7h12V9Z" />
            </svg>
          </button>
        }
        footer={
          <>
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(undefined);
                onChange(undefined);
                setOpen(false);
              }}
            >
              Effacer
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button
              disabled={!draft?.from || !draft?.to}
              onClick={() => {
                onChange(draft);
                setOpen(false);
              }}
            >
              Appliquer
            </Button>
          </>
        }
      >
        <div className="flex min-h-72 justify-center">
          <Suspense
            fallback={
              <p role="status" className="self-center text-sm text-slate-600">
                Patientez
              </p>
            }
          >
            <DateRangePicker value={draft} onChange={setDraft} label={label} />
          </Suspense>
        </div>
      </Dialog>
    </FieldShell>
  );
}
