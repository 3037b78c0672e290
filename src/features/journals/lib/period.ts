import { useCallback, useState } from 'react';
import type { DateRangeValue } from '@/shared/ui/date-range';
import { toApiDate } from '@/shared/lib/format';
import type { Period } from '../api/keys';

/** SPEC.md section 9: the default journal period is the last 30 days, today included. */
export const DEFAULT_PERIOD_DAYS = 30;

export function defaultRange(today = new Date()): { from: Date; to: Date } {
  const to = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  const from = new Date(to);
  from.setDate(from.getDate() - DEFAULT_PERIOD_DAYS);
  return { from, to };
}

export function toPeriod(range: { from: Date; to: Date }): Period {
  return { from: toApiDate(range.from), to: toApiDate(range.to) };
}

/**
 * The period filter of the documents (SPEC.md section 4): the picker is hidden at first and holds the
 * default period (last 30 days); 'Définir la période' opens it, 'Annuler' closes it (the applied period
 * does not change), 'Filtrer' applies the picked range and shows the banner; the reset hides the banner
 * and brings the default period back into the picker. Nothing is applied until 'Filtrer'.
 */
export function usePeriodFilter(initial?: { from: Date; to: Date } | null) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<DateRangeValue | undefined>(() => initial ?? defaultRange());
  const [applied, setApplied] = useState<{ from: Date; to: Date } | null>(initial ?? null);

  const openPicker = useCallback(() => setOpen(true), []);
  const cancel = useCallback(() => {
    setOpen(false);
    setDraft(applied ?? defaultRange());
  }, [applied]);
  const apply = useCallback(() => {
    if (!draft?.from) return;
    const range = { from: draft.from, to: draft.to ?? draft.from };
    setApplied(range);
    setOpen(false);
  }, [draft]);
  const reset = useCallback(() => {
    setApplied(null);
    setOpen(false);
    setDraft(defaultRange());
  }, []);

  return {
    open,
    draft,
    setDraft,
    applied,
    period: applied ? toPeriod(applied) : null,
    openPicker,
    cancel,
    apply,
    reset,
  };
}

export type PeriodFilterState = ReturnType<typeof usePeriodFilter>;
