import { Button } from '@/shared/ui/button';
import { DateRangePicker } from '@/shared/ui/date-range-picker';
import { LineIcon } from '@/shared/ui/line-icon';
import { formatLongDate } from '@/shared/lib/format';
import type { PeriodFilterState } from '../lib/period';

/**
 * 'Définir la période' revealing the two-month picker with 'Filtrer' and 'Annuler'; once applied, the
 * banner 'Du {start} au {end}' with the reset control 'Réinitialiser les données'.
 */
export function PeriodFilter({ filter }: { filter: PeriodFilterState }) {
  const { open, draft, setDraft, applied, openPicker, cancel, apply, reset } = filter;
  return (
    <div className="space-y-3 print:hidden">
      {!open && (
        <Button variant="secondary" onClick={openPicker} aria-expanded={false}>
          <CalendarIcon />
          Définir la période
        </Button>
      )}
      {open && (
        <div className="w-fit max-w-full rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
          <DateRangePicker value={draft} onChange={setDraft} numberOfMonths={undefined} />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={apply} disabled={!draft?.from}>
              Filtrer
            </Button>
            <Button variant="secondary" onClick={cancel}>
              Annuler
            </Button>
          </div>
        </div>
      )}
      {applied && (
        <div
          role="status"
          className="flex w-fit max-w-full items-center gap-2 rounded-md bg-brand-50 px-3 py-2 text-sm font-medium text-brand-900"
        >
          <span>
            Du {formatLongDate(applied.from)} au {formatLongDate(applied.to)}
          </span>
          <button
            type="button"
            onClick={reset}
            title="Réinitialiser les données"
            aria-label="Réinitialiser les données"
            className="inline-flex h-7 w-7 items-center justify-center rounded-md text-brand-700 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none"
          >
            <ResetIcon />
          </button>
        </div>
      )}
    </div>
  );
}

function CalendarIcon() {
  return (
    <LineIcon>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 11h18" />
    </LineIcon>
  );
}

function ResetIcon() {
  return (
    <LineIcon>
      <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
      <path d="M3 3v5h5" />
    </LineIcon>
  );
}
