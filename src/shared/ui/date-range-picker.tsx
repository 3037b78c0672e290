import { useId, type ReactNode } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import { fr } from 'react-day-picker/locale';
import { cn } from '@/shared/lib/cn';
import { useMediaQuery } from '@/shared/lib/use-media-query';

import { EARLIEST_DATE, formatRange, type DateRangeValue } from './date-range';

// the light part (the value, its text, the earliest date) lives in date-range.ts, so that a field
// showing a period does not load the calendar (react-day-picker) until it opens
export { EARLIEST_DATE, formatRange, type DateRangeValue } from './date-range';

export type DateRangePickerProps = {
  value: DateRangeValue | undefined;
  onChange: (range: DateRangeValue | undefined) => void;
  /** names the calendar for screen readers */
  label?: ReactNode;
  /** defaults to 2, and 1 on screens narrower than 640 px */
  numberOfMonths?: number;
  /** the month shown first; defaults to the start of `value`, else today */
  defaultMonth?: Date;
  className?: string;
};

const dayButton =
  'h-9 w-9 rounded-md text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-1';

const classNames = {
  root: 'relative w-fit',
  months: 'relative flex flex-col gap-6 sm:flex-row',
  month: 'space-y-2',
  month_caption: 'flex h-9 items-center justify-center px-10 text-sm font-semibold capitalize text-slate-900',
  caption_label: '',
  nav: 'absolute inset-x-0 top-0 z-10 flex h-9 items-center justify-between',
  button_previous:
    'inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-40',
  button_next:
    'inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-40',
  chevron: 'h-4 w-4 fill-current',
  month_grid: 'border-collapse',
  weekdays: '',
  weekday: 'h-8 w-9 text-xs font-medium text-slate-500',
  week: '',
  day: 'p-0 text-center text-slate-800',
  day_button: dayButton + ' hover:bg-slate-100',
  today: 'font-bold text-brand-700',
  selected: '[&>button]:bg-brand-600 [&>button]:text-white [&>button]:hover:bg-brand-700',
  range_start: 'rounded-l-md bg-brand-50',
  range_end: 'rounded-r-md bg-brand-50',
  range_middle:
    'bg-brand-50 [&>button]:rounded-none [&>button]:bg-transparent [&>button]:text-brand-900 [&>button]:hover:bg-brand-100',
  outside: 'text-slate-300',
  disabled: 'opacity-40 [&>button]:cursor-not-allowed [&>button]:hover:bg-transparent',
  hidden: 'invisible',
};

/**
 * A calendar to pick a period: two months side by side (one on phones), in French, weeks starting on
 * Monday, nothing before 1900-01-01.
 */
export function DateRangePicker({
  value,
  onChange,
  label = 'Période',
  numberOfMonths,
  defaultMonth,
  className,
}: DateRangePickerProps) {
  const narrow = useMediaQuery('(max-width: 639px)');
  const labelId = useId();
  const selected: DateRange | undefined =
    value?.from || value?.to ? { from: value.from, to: value.to } : undefined;
  const summary = formatRange(value);
  return (
    <div role="group" aria-labelledby={labelId} className={cn('w-fit', className)}>
      <p id={labelId} className="sr-only">
        {label}
      </p>
      <DayPicker
        mode="range"
        selected={selected}
        onSelect={(range) => onChange(range ? { from: range.from, to: range.to } : undefined)}
        numberOfMonths={numberOfMonths ?? (narrow ? 1 : 2)}
        defaultMonth={defaultMonth ?? value?.from ?? new Date()}
        locale={fr}
        weekStartsOn={1}
        startMonth={EARLIEST_DATE}
        disabled={{ before: EARLIEST_DATE }}
        classNames={classNames}
      />
      <p aria-live="polite" className="mt-2 min-h-5 text-sm text-slate-600">
        {summary}
      </p>
    </div>
  );
}
