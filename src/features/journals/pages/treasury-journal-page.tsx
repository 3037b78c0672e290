import { useCallback, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import type { JournalType } from '@contract/accounts';
import { JOURNAL_TYPE_LABELS } from '@/shared/lib/labels';
import type { TreasuryJournalAnswer, TreasuryJournalRow } from '@contract/journals';
import { Button } from '@/shared/ui/button';
import { notify } from '@/shared/ui/toast';
import { errorMessage } from '@/shared/lib/errors';
import { exportToXlsx } from '@/shared/lib/export-xlsx';
import { formatDate } from '@/shared/lib/format';
import { slugify } from '@/shared/lib/slug';
import { levelEntity, useLevel, type EntityLevel } from '@/shared/level/level-context';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { fetchTreasuryJournal, useTreasuryJournal } from '../api/journal-queries';
import { DocumentScope } from '../components/document-scope';
import {
  Amount,
  Designation,
  Figure,
  Figures,
  Hint,
  periodLine,
  PrintHeading,
} from '../components/document-parts';
import { JournalTypeSelect } from '../components/journal-type-select';
import { LedgerTable, thClass, type LedgerColumn } from '../components/ledger-table';
import { PeriodFilter } from '../components/period-filter';
import { ExportButton, PrintButton, PrintStyles, usePrinting } from '@/shared/ui/print';
import { usePeriodFilter } from '../lib/period';

export const OPENING_LABEL = "Solde d'ouverture";
export const EMPTY_JOURNAL_TEXT = 'Aucune opération sur la période sélectionnée';

const dash = (value: string | null) => (value && value.trim() ? value : '-');

const COLUMNS: LedgerColumn<TreasuryJournalRow>[] = [
  { key: 'date', cell: (r) => formatDate(`${r.date}T12:00:00`), className: 'whitespace-nowrap' },
  { key: 'designation', cell: (r) => <Designation text={r.designation} /> },
  { key: 'receipts', cell: (r) => <Amount value={r.receipts} />, align: 'right' },
  { key: 'expenses', cell: (r) => <Amount value={r.expenses} />, align: 'right' },
  { key: 'solde', cell: (r) => <Amount value={r.solde} zero />, align: 'right', className: 'font-medium' },
  {
    key: 'observations',
    cell: (r) => (
      <span
        title={r.observations ?? undefined}
        className="block max-w-[14rem] truncate print:max-w-none print:whitespace-normal"
      >
        {dash(r.observations)}
      </span>
    ),
    className: 'text-slate-600',
  },
];

function JournalHead() {
  return (
    <thead>
      <tr>
        <th rowSpan={2} className={thClass}>
          Dates
        </th>
        <th rowSpan={2} className={thClass}>
          Désignations
        </th>
        <th colSpan={2} className={`${thClass} h-8 text-center`}>
          Mouvements
        </th>
        <th rowSpan={2} className={`${thClass} text-right`}>
          Solde
        </th>
        <th rowSpan={2} className={thClass}>
          Observations
        </th>
      </tr>
      <tr>
        <th className={`${thClass} top-8 text-right`}>Recettes</th>
        <th className={`${thClass} top-8 text-right`}>Dépenses</th>
      </tr>
    </thead>
  );
}

function exportJournal(journal: TreasuryJournalAnswer, name: string) {
  type Line = {
    date: string;
    designation: string;
    receipts: number | '';
    expenses: number | '';
    solde: number | '';
    observations: string;
  };
  const lines: Line[] = [
    {
      date: formatDate(`${journal.period.from_date}T12:00:00`),
      designation: OPENING_LABEL,
      receipts: '',
      expenses: '',
      solde: journal.opening_balance,
      observations: '-',
    },
    ...journal.data.map((r) => ({
      date: formatDate(`${r.date}T12:00:00`),
      designation: r.designation,
      receipts: r.receipts || ('' as const),
      expenses: r.expenses || ('' as const),
      solde: r.solde,
      observations: dash(r.observations),
    })),
    {
      date: '',
      designation: 'Totaux',
      receipts: journal.totals.receipts,
      expenses: journal.totals.expenses,
      solde: '',
      observations: '',
    },
    {
      date: formatDate(`${journal.period.to_date}T12:00:00`),
      designation: 'Solde de clôture',
      receipts: '',
      expenses: '',
      solde: journal.closing_balance,
      observations: '',
    },
  ];
  return exportToXlsx<Line>({
    fileName: `journal-de-tresorerie-${slugify(name)}-${slugify(JOURNAL_TYPE_LABELS[journal.journal_type])}-${journal.period.from_date}-${journal.period.to_date}`,
    sheetName: `Journal ${JOURNAL_TYPE_LABELS[journal.journal_type]}`,
    columns: [
      { header: 'Dates', value: (l) => l.date },
      { header: 'Désignations', value: (l) => l.designation },
      { header: 'Recettes', value: (l) => l.receipts },
      { header: 'Dépenses', value: (l) => l.expenses },
      { header: 'Solde', value: (l) => l.solde },
      { header: 'Observations', value: (l) => l.observations },
    ],
    rows: lines,
  });
}

/**
 * The treasurer journal (SPEC.md section 2): a period, a journal type, then the movements with their
 * running balance, between the opening balance and the totals and closing balance. Back goes to the
 * previous location when one was passed, else to the documents' index, else to the entity's page.
 */
export function TreasuryJournalPage() {
  const paths = useSpacePaths();
  const entity = levelEntity(useLevel());
  const back =
    paths.page('journals.index') ??
    (entity && entity.entityType !== 'ACTIVITY_GROUP'
      ? paths.entity(entity.entityType, { id: entity.entityId })
      : null);
  return (
    <DocumentScope
      title="Journal de trésorière"
      untitledWhileLoading
      back={back}
      Document={TreasuryJournal}
    />
  );
}

function TreasuryJournal({ entity, name }: { entity: EntityLevel; name: string }) {
  const filter = usePeriodFilter();
  const [type, setType] = useState<JournalType | ''>('');
  const journal = useTreasuryJournal(entity, filter.period, type);
  const { printing, print } = usePrinting();
  const [preparingPrint, setPreparingPrint] = useState(false);
  // the whole period, once print or export asked for it (for this period and type only)
  const [whole, setWhole] = useState<{ key: string; journal: TreasuryJournalAnswer } | null>(null);

  const ready = filter.period !== null && type !== '';
  const key = JSON.stringify([filter.period, type]);
  const pages = journal.data?.pages;
  const data = pages?.[0];
  const loaded = useMemo(() => pages?.flatMap((p) => p.data), [pages]);
  const wholeJournal = whole?.key === key ? whole.journal : null;
  const rows = wholeJournal?.data ?? loaded;
  const complete = wholeJournal ? wholeJournal.meta.next_after === null : !journal.hasNextPage;

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = journal;
  const onNearEnd = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !wholeJournal) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, wholeJournal]);

  /** every row of the period (pages of 5,000 by keyset), kept for the table too */
  const loadWhole = async (): Promise<TreasuryJournalAnswer | null> => {
    if (!filter.period || !type || !data) return null;
    if (wholeJournal) return wholeJournal;
    if (!journal.hasNextPage) return { ...data, data: loaded ?? [] };
    const answer = await fetchTreasuryJournal(entity, filter.period, type);
    flushSync(() => setWhole({ key, journal: answer }));
    return answer;
  };
  const onPrint = async () => {
    setPreparingPrint(true);
    try {
      await loadWhole();
      print();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setPreparingPrint(false);
    }
  };
  const onExport = async () => {
    const answer = await loadWhole();
    if (answer) await exportJournal(answer, name);
  };

  return (
    <>
      <PrintStyles />
      <PrintHeading
        title={`Journal de trésorière - ${name}`}
        lines={[
          type ? `Journal : ${JOURNAL_TYPE_LABELS[type]}` : '',
          filter.applied ? periodLine(filter.applied.from, filter.applied.to) : '',
          data && rows && !complete
            ? `${rows.length} opérations sur ${data.meta.total} : le bouton Imprimer imprime la période entière.`
            : '',
        ].filter(Boolean)}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between print:hidden">
        <PeriodFilter filter={filter} />
        <JournalTypeSelect value={type} onChange={setType} className="sm:max-w-xs" />
      </div>

      {!ready ? (
        <Hint>Définissez la période et choisissez le type de journal pour afficher les opérations.</Hint>
      ) : journal.isError && !data ? (
        <div role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          {errorMessage(journal.error)}{' '}
          <Button variant="ghost" size="sm" onClick={() => void journal.refetch()}>
            Réessayer
          </Button>
        </div>
      ) : (
        <section aria-label="Opérations de la période" className="space-y-3">
          {data && (
            <div className="flex flex-wrap items-end justify-between gap-3">
              <Figures>
                <Figure label={OPENING_LABEL} value={data.opening_balance} />
                <Figure label="Total des recettes" value={data.totals.receipts} />
                <Figure label="Total des dépenses" value={data.totals.expenses} />
                <Figure label="Solde de clôture" value={data.closing_balance} strong />
              </Figures>
              <div className="flex flex-wrap gap-2">
                <PrintButton onClick={() => void onPrint()} disabled={preparingPrint} />
                <ExportButton onExport={onExport} />
              </div>
            </div>
          )}
          {wholeJournal && wholeJournal.meta.next_after !== null && (
            <p className="text-sm text-amber-700">
              Seules les {wholeJournal.data.length} premières opérations sur {wholeJournal.meta.total} sont
              chargées : réduisez la période.
            </p>
          )}
          {journal.isFetchNextPageError && (
            <div role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
              {errorMessage(journal.error)}{' '}
              <Button variant="ghost" size="sm" onClick={() => void journal.fetchNextPage()}>
                Réessayer
              </Button>
            </div>
          )}
          <LedgerTable
            caption="Journal de trésorerie"
            head={<JournalHead />}
            columns={COLUMNS}
            rows={rows}
            loading={journal.isPending}
            onNearEnd={onNearEnd}
            loadingMore={isFetchingNextPage}
            emptyText={EMPTY_JOURNAL_TEXT}
            printing={printing}
            first={
              data && (
                <tr className="bg-brand-50/60 font-medium print:bg-transparent">
                  <td className="px-3 py-2 whitespace-nowrap">
                    {formatDate(`${data.period.from_date}T12:00:00`)}
                  </td>
                  <td className="px-3 py-2">{OPENING_LABEL}</td>
                  <td className="px-3 py-2" />
                  <td className="px-3 py-2" />
                  <td className="px-3 py-2 text-right">
                    <Amount value={data.opening_balance} zero />
                  </td>
                  <td className="px-3 py-2 text-slate-600">-</td>
                </tr>
              )
            }
            foot={
              data && (
                <tfoot className="border-t-2 border-slate-300 font-semibold">
                  <tr>
                    <td className="px-3 py-2" />
                    <td className="px-3 py-2">Totaux</td>
                    <td className="px-3 py-2 text-right">
                      <Amount value={data.totals.receipts} zero />
                    </td>
                    <td className="px-3 py-2 text-right">
                      <Amount value={data.totals.expenses} zero />
                    </td>
                    <td className="px-3 py-2" />
                    <td className="px-3 py-2" />
                  </tr>
                  <tr>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {formatDate(`${data.period.to_date}T12:00:00`)}
                    </td>
                    <td className="px-3 py-2">Solde de clôture</td>
                    <td className="px-3 py-2" />
                    <td className="px-3 py-2" />
                    <td className="px-3 py-2 text-right" data-testid="closing-balance">
                      <Amount value={data.closing_balance} zero />
                    </td>
                    <td className="px-3 py-2" />
                  </tr>
                </tfoot>
              )
            }
          />
        </section>
      )}
    </>
  );
}
