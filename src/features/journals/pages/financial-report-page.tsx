import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { JOURNAL_TYPE_LABELS } from '@/shared/lib/labels';
import type { FinancialReport, FinancialReportCategory } from '@contract/journals';
import { Card } from '@/shared/ui/card';
import { exportToXlsx } from '@/shared/lib/export-xlsx';
import { formatMoney } from '@/shared/lib/format';
import { slugify } from '@/shared/lib/slug';
import { useFinancialReport } from '../api/journal-queries';
import type { EntityLevel } from '@/shared/level/level-context';
import {
  DocumentError,
  Figure,
  FiguresBar,
  Hint,
  periodLine,
  PrintHeading,
} from '../components/document-parts';
import { DocumentScope } from '../components/document-scope';
import { PeriodFilter } from '../components/period-filter';
import { monthLabel, MonthChart } from '@/shared/ui/month-chart';
import { PrintStyles, usePrinting } from '@/shared/ui/print';
import { SimpleTable } from '@/shared/ui/simple-table';
import { usePeriodFilter } from '../lib/period';

const cell = 'px-3 py-2';
const money = (value: number) => (
  <span className="whitespace-nowrap tabular-nums">{formatMoney(value, { suffix: false })}</span>
);

function SideTable({ title, side }: { title: string; side: FinancialReport['receipts'] }) {
  return (
    <Card title={title}>
      {side.categories.length === 0 ? (
        <p className="text-sm text-slate-500">Aucune opération sur la période sélectionnée</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="text-left text-xs text-slate-500 uppercase">
                <th className={cell}>Compte</th>
                <th className={`${cell} text-right`}>Montant</th>
              </tr>
            </thead>
            {side.categories.map((category: FinancialReportCategory) => (
              <tbody key={category.category} className="border-t border-slate-200">
                <tr className="bg-slate-50 font-medium">
                  <th scope="rowgroup" className={`${cell} text-left`}>
                    {category.category}
                  </th>
                  <td className={`${cell} text-right`}>{money(category.total)}</td>
                </tr>
                {category.accounts.map((account) => (
                  <tr key={account.id} className="border-t border-slate-100">
                    <td className={`${cell} pl-6`}>
                      {account.code} {account.name}
                    </td>
                    <td className={`${cell} text-right`}>{money(account.total)}</td>
                  </tr>
                ))}
              </tbody>
            ))}
            <tfoot className="border-t-2 border-slate-300 font-semibold">
              <tr>
                <td className={cell}>Total</td>
                <td className={`${cell} text-right`}>{money(side.total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </Card>
  );
}

function exportReport(report: FinancialReport) {
  type Line = { a: string; b: string; c: number | '' };
  const lines: Line[] = [
    { a: 'Rapport financier', b: report.entity.name, c: '' },
    { a: 'Période', b: `${report.period.from_date} au ${report.period.to_date}`, c: '' },
    { a: '', b: '', c: '' },
    ...(['receipts', 'expenses'] as const).flatMap((key) => [
      { a: key === 'receipts' ? 'Recettes' : 'Dépenses', b: '', c: '' as const },
      ...report[key].categories.flatMap((category) => [
        { a: category.category, b: '', c: category.total },
        ...category.accounts.map((account) => ({
          a: '',
          b: `${account.code} ${account.name}`,
          c: account.total,
        })),
      ]),
      { a: 'Total', b: '', c: report[key].total },
      { a: '', b: '', c: '' as const },
    ]),
    { a: 'Résultat', b: '', c: report.result },
    { a: 'Reports à nouveau', b: '', c: report.carried_forward },
    { a: '', b: '', c: '' },
    ...report.treasury.flatMap((t) => [
      { a: `Trésorerie ${JOURNAL_TYPE_LABELS[t.journal_type]}`, b: 'Début de période', c: t.opening },
      { a: '', b: 'Fin de période', c: t.closing },
    ]),
    { a: '', b: '', c: '' },
    ...report.months.flatMap((m) => [
      { a: monthLabel(m.month), b: 'Recettes', c: m.receipts },
      { a: '', b: 'Dépenses', c: m.expenses },
    ]),
  ];
  return exportToXlsx<Line>({
    fileName: `rapport-financier-${slugify(report.entity.name)}-${report.period.from_date}-${report.period.to_date}`,
    sheetName: 'Rapport financier',
    columns: [
      { header: 'Rubrique', value: (l) => l.a },
      { header: 'Détail', value: (l) => l.b },
      { header: 'Montant', value: (l) => l.c },
    ],
    rows: lines,
  });
}

function Report({ entity, name }: { entity: EntityLevel; name: string }) {
  const filter = usePeriodFilter();
  const report = useFinancialReport(entity, filter.period);
  const { print } = usePrinting();
  const data = report.data;
  const onExport = async () => {
    if (!data) return;
    await exportReport(data);
  };
  return (
    <>
      <PrintStyles />
      <PrintHeading
        title={`Rapport financier - ${name}`}
        lines={filter.applied ? [periodLine(filter.applied.from, filter.applied.to)] : []}
      />
      <PeriodFilter filter={filter} />
      {!filter.period ? (
        <Hint>Définissez la période pour établir le rapport.</Hint>
      ) : report.isPending ? (
        <p className="py-8 text-center text-sm text-slate-500">Patientez</p>
      ) : report.isError || !data ? (
        <DocumentError error={report.error} />
      ) : (
        <section aria-label="Rapport financier" className="space-y-4">
          <FiguresBar onPrint={print} onExport={onExport}>
            <Figure label="Recettes" value={data.receipts.total} />
            <Figure label="Dépenses" value={data.expenses.total} />
            <Figure label="Résultat" value={data.result} strong />
            <Figure label="Reports à nouveau" value={data.carried_forward} />
          </FiguresBar>
          <div className="grid gap-4 lg:grid-cols-2">
            <SideTable title="Recettes par compte" side={data.receipts} />
            <SideTable title="Dépenses par compte" side={data.expenses} />
          </div>
          <Card title="Trésorerie">
            {/* 480 px of columns: on a phone the table scrolls in its own region, reachable by keyboard */}
            <SimpleTable
              scroll={{ label: 'Trésorerie par journal', className: 'overflow-x-auto' }}
              caption="Trésorerie par journal"
              className="w-full min-w-[480px] text-sm"
              headRowClassName="text-left text-xs text-slate-500 uppercase"
              rowClassName="border-t border-slate-100"
              footClassName="border-t-2 border-slate-300 font-semibold"
              cellClassName={cell}
              rows={data.treasury}
              rowKey={(t) => t.journal_type}
              columns={[
                {
                  key: 'journal',
                  header: 'Journal',
                  rowHeader: true,
                  cellClassName: 'text-left font-normal',
                  cell: (t) => JOURNAL_TYPE_LABELS[t.journal_type],
                  footer: 'Total',
                },
                {
                  key: 'opening',
                  header: 'Début de période',
                  className: 'text-right',
                  cell: (t) => money(t.opening),
                  footer: money(data.treasury_total.opening),
                },
                {
                  key: 'receipts',
                  header: 'Recettes',
                  className: 'text-right',
                  cell: (t) => money(t.receipts),
                },
                {
                  key: 'expenses',
                  header: 'Dépenses',
                  className: 'text-right',
                  cell: (t) => money(t.expenses),
                },
                {
                  key: 'closing',
                  header: 'Fin de période',
                  className: 'text-right',
                  cell: (t) => money(t.closing),
                  footer: money(data.treasury_total.closing),
                },
              ]}
            />
          </Card>
          <Card title="Recettes et dépenses par mois">
            <MonthChart points={data.months} title="Recettes et dépenses par mois" period={{ minSlot: 48 }} />
          </Card>
        </section>
      )}
    </>
  );
}

const FinancialStatementsView = lazy(() =>
  import('../components/financial-statements').then((m) => ({ default: m.FinancialStatementsView })),
);

/** `?vue=etats-financiers` shows the year's statements; the period's report otherwise. */
export const STATEMENTS_VIEW = 'etats-financiers';

function ViewSwitch({
  statements,
  onChange,
}: {
  statements: boolean;
  onChange: (statements: boolean) => void;
}) {
  const tab = (active: boolean) =>
    `rounded-md px-3 py-1.5 text-sm font-medium ${active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`;
  return (
    <div
      role="group"
      aria-label="Document"
      className="inline-flex gap-1 rounded-lg bg-slate-100 p-1 print:hidden"
    >
      <button
        type="button"
        aria-pressed={!statements}
        className={tab(!statements)}
        onClick={() => onChange(false)}
      >
        Rapport de la période
      </button>
      <button
        type="button"
        aria-pressed={statements}
        className={tab(statements)}
        onClick={() => onChange(true)}
      >
        États financiers
      </button>
    </div>
  );
}

/**
 * 'Rapport financier': receipts and expenses by account, result, treasury, months; and the financial
 * statements of a year (compte de résultat, bilan).
 */
export function FinancialReportPage() {
  const [params, setParams] = useSearchParams();
  const statements = params.get('vue') === STATEMENTS_VIEW;
  const choose = (next: boolean) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next) copy.set('vue', STATEMENTS_VIEW);
        else copy.delete('vue');
        return copy;
      },
      { replace: true },
    );
  return (
    <DocumentScope title="Rapport financier">
      {(entity, name) => (
        <>
          <ViewSwitch statements={statements} onChange={choose} />
          {statements ? (
            <Suspense fallback={<p className="py-8 text-center text-sm text-slate-500">Patientez</p>}>
              <FinancialStatementsView
                key={`${entity.entityType}-${entity.entityId}`}
                entity={entity}
                name={name}
              />
            </Suspense>
          ) : (
            <Report key={`${entity.entityType}-${entity.entityId}`} entity={entity} name={name} />
          )}
        </>
      )}
    </DocumentScope>
  );
}
