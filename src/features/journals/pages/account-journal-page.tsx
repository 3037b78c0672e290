import { useMemo, useState } from 'react';
import { JOURNAL_TYPE_LABELS } from '@/shared/lib/labels';
import type { AccountJournalRow } from '@contract/journals';
import { Combobox } from '@/shared/ui/combobox';
import { exportToXlsx } from '@/shared/lib/export-xlsx';
import { formatDate } from '@/shared/lib/format';
import { slugify } from '@/shared/lib/slug';
import { useAuthorizedAccounts } from '@/shared/api/authorized-accounts';
import { useAccountJournal } from '../api/journal-queries';
import type { EntityLevel } from '@/shared/level/level-context';
import {
  Amount,
  Designation,
  DocumentError,
  Figure,
  FiguresBar,
  Hint,
  periodLine,
  PrintHeading,
} from '../components/document-parts';
import { DocumentScope } from '../components/document-scope';
import { LedgerTable, thClass, type LedgerColumn } from '../components/ledger-table';
import { PeriodFilter } from '../components/period-filter';
import { PrintStyles, usePrinting } from '@/shared/ui/print';
import { usePeriodFilter } from '../lib/period';

const day = (row: { date: string }) => formatDate(`${row.date}T12:00:00`);

const COLUMNS: LedgerColumn<AccountJournalRow>[] = [
  { key: 'date', cell: day, className: 'whitespace-nowrap' },
  { key: 'designation', cell: (r) => <Designation text={r.designation} /> },
  { key: 'reference', cell: (r) => r.reference ?? '-', className: 'whitespace-nowrap' },
  { key: 'journal', cell: (r) => `${JOURNAL_TYPE_LABELS[r.journal_type]} (${r.payment_account.code})` },
  { key: 'receipts', cell: (r) => <Amount value={r.receipts} />, align: 'right' },
  { key: 'expenses', cell: (r) => <Amount value={r.expenses} />, align: 'right' },
  { key: 'solde', cell: (r) => <Amount value={r.solde} zero />, align: 'right', className: 'font-medium' },
];

const HEADERS = ['Date', 'Désignation', 'Référence', 'Journal', 'Recettes', 'Dépenses', 'Solde'];

function AccountJournal({ entity, name }: { entity: EntityLevel; name: string }) {
  const filter = usePeriodFilter();
  const accounts = useAuthorizedAccounts(entity);
  const [accountId, setAccountId] = useState<number | null>(null);
  const journal = useAccountJournal(entity, filter.period, accountId);
  const { printing, print } = usePrinting();
  const options = useMemo(
    () =>
      (accounts.data ?? []).map((account) => ({
        value: account.id,
        label: `${account.code} ${account.name}`,
        description: account.category,
      })),
    [accounts.data],
  );
  const data = journal.data;

  const onExport = async () => {
    if (!data) return;
    await exportToXlsx<AccountJournalRow>({
      fileName: `journal-${data.account.code}-${slugify(name)}-${data.period.from_date}-${data.period.to_date}`,
      sheetName: `Compte ${data.account.code}`,
      columns: [
        { header: 'Date', value: day },
        { header: 'Désignation', value: (r) => r.designation },
        { header: 'Référence', value: (r) => r.reference ?? '' },
        { header: 'Journal', value: (r) => JOURNAL_TYPE_LABELS[r.journal_type] },
        { header: 'Recettes', value: (r) => r.receipts || '' },
        { header: 'Dépenses', value: (r) => r.expenses || '' },
        { header: 'Solde', value: (r) => r.solde },
      ],
      rows: data.data,
    });
  };

  return (
    <>
      <PrintStyles />
      <PrintHeading
        title={data ? `Journal du compte ${data.account.code} ${data.account.name} - ${name}` : name}
        lines={filter.applied ? [periodLine(filter.applied.from, filter.applied.to)] : []}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between print:hidden">
        <PeriodFilter filter={filter} />
        <div className="w-full sm:max-w-sm">
          <Combobox
            label="Compte"
            options={options}
            value={accountId}
            onChange={(value) => setAccountId(value)}
            loading={accounts.isPending}
            placeholder="Choisir un compte"
            emptyText="Aucun compte disponible"
          />
        </div>
      </div>
      {!filter.period || accountId === null ? (
        <Hint>Définissez la période et choisissez un compte pour afficher ses mouvements.</Hint>
      ) : (
        <section aria-label="Mouvements du compte" className="space-y-3">
          {data && (
            <FiguresBar onPrint={print} onExport={onExport}>
              <Figure label="Solde d'ouverture" value={data.opening_balance} />
              <Figure label="Total des recettes" value={data.totals.receipts} />
              <Figure label="Total des dépenses" value={data.totals.expenses} />
              <Figure label="Solde de clôture" value={data.closing_balance} strong />
            </FiguresBar>
          )}
          {data && (
            <p className="text-sm text-slate-500">
              {data.balance_direction === 'receipts'
                ? 'Solde : recettes moins dépenses.'
                : 'Solde : dépenses moins recettes (ce qui a été dépensé sur ce compte).'}
            </p>
          )}
          {journal.isError && <DocumentError error={journal.error} />}
          <LedgerTable
            caption="Journal du compte"
            head={
              <thead>
                <tr>
                  {HEADERS.map((header, index) => (
                    <th key={header} className={`${thClass} ${index >= 4 ? 'text-right' : 'text-left'}`}>
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
            }
            columns={COLUMNS}
            rows={data?.data}
            loading={journal.isPending}
            emptyText="Aucune opération sur la période sélectionnée"
            printing={printing}
          />
        </section>
      )}
    </>
  );
}

/** 'Journal d'un compte': one operation account's movements with a running balance. */
export function AccountJournalPage() {
  return <DocumentScope title="Journal d’un compte" Document={AccountJournal} />;
}
