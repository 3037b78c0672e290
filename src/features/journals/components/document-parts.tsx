import type { ReactNode } from 'react';
import { cn } from '@/shared/lib/cn';
import { formatLongDate, formatMoney } from '@/shared/lib/format';
import { ExportButton, PrintButton } from '@/shared/ui/print';

/** An amount in a table cell: '12 500', nothing for 0 unless `zero`. */
export function Amount({ value, zero = false }: { value: number; zero?: boolean }) {
  if (value === 0 && !zero) return null;
  return <span className="whitespace-nowrap tabular-nums">{formatMoney(value, { suffix: false })}</span>;
}

/** A figure of the document's summary (opening balance, totals, closing balance). */
export function Figure({
  label,
  value,
  strong,
  count = false,
}: {
  label: string;
  value: number;
  strong?: boolean;
  /** a number of operations, not an amount */
  count?: boolean;
}) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-3 py-2 print:border-0 print:px-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd
        className={cn(
          'mt-0.5 whitespace-nowrap tabular-nums text-slate-900',
          strong ? 'text-base font-semibold sm:text-lg' : 'text-sm font-medium sm:text-base',
          value < 0 && 'text-red-700',
        )}
      >
        {count ? formatMoney(value, { suffix: false }) : formatMoney(value)}
      </dd>
    </div>
  );
}

export function Figures({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">{children}</dl>;
}

/** The document's figures, with 'Imprimer' and the export beside them. */
export function FiguresBar({
  children,
  onPrint,
  onExport,
}: {
  children: ReactNode;
  onPrint: () => void;
  onExport: () => Promise<void>;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <Figures>{children}</Figures>
      <div className="flex flex-wrap gap-2">
        <PrintButton onClick={onPrint} />
        <ExportButton onExport={onExport} />
      </div>
    </div>
  );
}

/** The server's refusal of a document, in French. */
export { LoadError as DocumentError } from '@/shared/ui/form-error';

/** A long designation on one line, cut, its full text in a tooltip; printed whole. */
export function Designation({ text }: { text: string }) {
  return (
    <span
      title={text}
      className="block max-w-[11rem] truncate sm:max-w-[22rem] print:max-w-none print:whitespace-normal"
    >
      {text}
    </span>
  );
}

/** The heading printed on paper (the space's header is not printed). */
export function PrintHeading({ title, lines }: { title: string; lines: string[] }) {
  return (
    <div className="hidden print:block">
      <h1 className="text-base font-bold">{title}</h1>
      {lines.map((line) => (
        <p key={line} className="text-xs">
          {line}
        </p>
      ))}
    </div>
  );
}

export const periodLine = (from: Date | string, to: Date | string) =>
  `Du ${formatLongDate(from)} au ${formatLongDate(to)}`;

/** Shown instead of a document until a period is applied (and whatever else it needs). */
export function Hint({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500 print:hidden">
      {children}
    </p>
  );
}
