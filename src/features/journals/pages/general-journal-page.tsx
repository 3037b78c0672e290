import { useState } from 'react';
import type { JournalType } from '@contract/accounts';
import { JOURNAL_TYPE_LABELS } from '@/shared/lib/labels';
import type { GeneralJournalRow } from '@contract/journals';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { exportToXlsx } from '@/shared/lib/export-xlsx';
import { formatDate } from '@/shared/lib/format';
import { slugify } from '@/shared/lib/slug';
import {
  fetchWholeGeneralJournal,
  GENERAL_JOURNAL_PAGE_SIZE,
  useGeneralJournal,
} from '../api/journal-queries';
import type { EntityLevel } from '@/shared/level/level-context';
import {
  Amount,
  DocumentError,
  Figure,
  FiguresBar,
  Hint,
  periodLine,
  PrintHeading,
} from '../components/document-parts';
import { DocumentScope } from '../components/document-scope';
import { JournalTypeSelect } from '../components/journal-type-select';
import { PeriodFilter } from '../components/period-filter';
import { PrintStyles, usePrinting } from '@/shared/ui/print';
import { usePeriodFilter } from '../lib/period';

const day = (row: { date: string }) => formatDate(`${row.date}T12:00:00`);

const COLUMNS: DataTableColumn<GeneralJournalRow>[] = [
  { key: 'date', header: 'Date', cell: day, className: 'whitespace-nowrap' },
  { key: 'journal', header: 'Journal', cell: (r) => JOURNAL_TYPE_LABELS[r.journal_type] },
  {
    key: 'payment',
    header: 'Compte de trésorerie',
    cell: (r) => `${r.payment_account.code} ${r.payment_account.name}`,
  },
  {
    key: 'account',
    header: 'Compte',
    cell: (r) => (r.operation_account ? `${r.operation_account.code} ${r.operation_account.name}` : '-'),
  },
  { key: 'reference', header: 'Référence', cell: (r) => r.reference ?? '-', className: 'whitespace-nowrap' },
  { key: 'designation', header: 'Désignation', cell: (r) => r.designation, className: 'min-w-48' },
  { key: 'receipts', header: 'Recettes', cell: (r) => <Amount value={r.receipts} />, align: 'right' },
  { key: 'expenses', header: 'Dépenses', cell: (r) => <Amount value={r.expenses} />, align: 'right' },
];

function GeneralJournal({ entity, name }: { entity: EntityLevel; name: string }) {
  const filter = usePeriodFilter();
  const [type, setType] = useState<JournalType | ''>('');
  const [page, setPage] = useState(1);
  const journal = useGeneralJournal(entity, filter.period, type, page);
  const { print } = usePrinting();
  const data = journal.data;

  const onExport = async () => {
    if (!filter.period) return;
    const whole = await fetchWholeGeneralJournal(entity, filter.period, type);
    await exportToXlsx<GeneralJournalRow>({
      fileName: `journaux-${slugify(name)}-${filter.period.from}-${filter.period.to}`,
      sheetName: 'Journaux',
      columns: [
        { header: 'Date', value: day },
        { header: 'Journal', value: (r) => JOURNAL_TYPE_LABELS[r.journal_type] },
        {
          header: 'Compte de trésorerie',
          value: (r) => `${r.payment_account.code} ${r.payment_account.name}`,
        },
        {
          header: 'Compte',
          value: (r) =>
            r.operation_account ? `${r.operation_account.code} ${r.operation_account.name}` : '',
        },
        { header: 'Référence', value: (r) => r.reference ?? '' },
        { header: 'Désignation', value: (r) => r.designation },
        { header: 'Recettes', value: (r) => r.receipts || '' },
        { header: 'Dépenses', value: (r) => r.expenses || '' },
        { header: 'Observations', value: (r) => r.observations ?? '' },
      ],
      rows: whole.data,
    });
  };

  return (
    <>
      <PrintStyles />
      <PrintHeading
        title={`Journaux - ${name}`}
        lines={filter.applied ? [periodLine(filter.applied.from, filter.applied.to)] : []}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between print:hidden">
        <PeriodFilter filter={filter} />
        <JournalTypeSelect
          value={type}
          onChange={(next) => {
            setType(next);
            setPage(1);
          }}
          allowAll
          label="Journal"
          className="sm:max-w-xs"
        />
      </div>
      {!filter.period ? (
        <Hint>Définissez la période pour afficher les opérations.</Hint>
      ) : (
        <section aria-label="Journaux" className="space-y-3">
          {data && (
            <FiguresBar onPrint={print} onExport={onExport}>
              <Figure label="Opérations" value={data.totals.count} count />
              <Figure label="Total des recettes" value={data.totals.receipts} />
              <Figure label="Total des dépenses" value={data.totals.expenses} />
              <Figure
                label="Solde de la période"
                value={data.totals.receipts - data.totals.expenses}
                strong
              />
            </FiguresBar>
          )}
          <DataTable
            caption="Journaux"
            columns={COLUMNS}
            rows={data?.data}
            loading={journal.isFetching}
            emptyText="Aucune opération sur la période sélectionnée"
            pagination={
              data
                ? { page, limit: GENERAL_JOURNAL_PAGE_SIZE, total: data.meta.total, onPageChange: setPage }
                : undefined
            }
          />
          {journal.isError && <DocumentError error={journal.error} />}
        </section>
      )}
    </>
  );
}

/** 'Journaux': the general journal of the level over a period. */
export function GeneralJournalPage() {
  return <DocumentScope title="Journaux" Document={GeneralJournal} />;
}
