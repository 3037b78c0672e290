import { useState } from 'react';
import { Link } from 'react-router';
import type { ContributionStatement } from '@contract/contributions';
import { useGivingOptions } from '@/shared/api/online-giving';
import { useAccount } from '@/shared/auth/account-store';
import { APP_TITLE } from '@/shared/config';
import { useFinishBoot } from '@/shared/lib/boot';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate, formatDateTime, formatMoney } from '@/shared/lib/format';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { pageOf } from '@/shared/ui/data-table';
import { Dialog } from '@/shared/ui/dialog';
import { EmptyState } from '@/shared/ui/empty-state';
import { SimpleTable } from '@/shared/ui/simple-table';
import { BlockSpinner, Spinner } from '@/shared/ui/spinner';
import { useContributionList, useContributionStatement, useContributionSummary } from '../api/contributions';
import { PrintPortal } from '../components/print-portal';
import { TotalsBar } from '../components/totals-bar';
import { CONTRIBUTION_STATUS_LABELS, CONTRIBUTION_TYPE_LABELS, STATUS_TONES } from '../labels';
import { MY_CONTRIBUTIONS_PAGE_SIZE, myContributionsQuery } from '@contract/values/first-screens';

/** The annual statement as printed: the member, each receipt of the year, totals by type. */
export function StatementDocument({ statement }: { statement: ContributionStatement }) {
  const name = `${statement.member.firstname} ${statement.member.lastname}`;
  return (
    <article aria-label={`Relevé ${statement.year}`} className="mx-auto max-w-2xl bg-white text-sm">
      <header className="border-b border-slate-300 pb-2">
        <p className="text-xs uppercase tracking-wide text-slate-500">{APP_TITLE}</p>
        <h2 className="text-lg font-bold">Relevé annuel des contributions {statement.year}</h2>
        <p>
          {name}
          {statement.member.registration_number ? ` — Matricule ${statement.member.registration_number}` : ''}
        </p>
        {statement.member.church_name && <p className="text-slate-600">{statement.member.church_name}</p>}
      </header>
      {statement.lines.length === 0 ? (
        <p className="py-4 text-slate-600">Aucune contribution enregistrée en {statement.year}.</p>
      ) : (
        <SimpleTable
          className="mt-3 w-full text-left"
          headRowClassName="border-b border-slate-300 text-xs uppercase text-slate-500"
          rowClassName="border-b border-slate-100"
          cellClassName="py-1"
          rows={statement.lines}
          rowKey={(line) => line.receipt_number}
          columns={[
            {
              key: 'date',
              header: 'Date',
              className: 'pr-2',
              cellClassName: 'whitespace-nowrap',
              cell: (line) => formatDate(line.occurred_at),
            },
            {
              key: 'receipt',
              header: 'N° reçu',
              className: 'pr-2',
              cellClassName: 'font-mono text-xs',
              cell: (line) => line.receipt_number,
            },
            {
              key: 'type',
              header: 'Type',
              className: 'pr-2',
              cell: (line) => CONTRIBUTION_TYPE_LABELS[line.type],
            },
            {
              key: 'amount',
              header: 'Montant',
              className: 'text-right',
              cellClassName: 'tabular-nums',
              cell: (line) => formatMoney(line.amount),
            },
          ]}
        />
      )}
      <dl className="mt-3 space-y-1">
        {statement.by_type.map((row) => (
          <div key={row.type} className="flex justify-between">
            <dt>{CONTRIBUTION_TYPE_LABELS[row.type]}</dt>
            <dd className="tabular-nums">{formatMoney(row.amount)}</dd>
          </div>
        ))}
        <div className="flex justify-between border-t border-slate-300 pt-1 font-bold">
          <dt>Total {statement.year}</dt>
          <dd className="tabular-nums">{formatMoney(statement.total)}</dd>
        </div>
      </dl>
      <p className="mt-4 text-xs text-slate-500">Édité le {formatDateTime(statement.generated_at)}</p>
    </article>
  );
}

function StatementDialog({ year, onClose }: { year: number | null; onClose: () => void }) {
  const statement = useContributionStatement(year);
  return (
    <Dialog
      open={year !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Relevé annuel ${year ?? ''}`}
      size="lg"
      footer={
        statement.data ? (
          <Button type="button" onClick={() => window.print()}>
            Imprimer le relevé
          </Button>
        ) : undefined
      }
    >
      {statement.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : statement.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(statement.error)}
        </p>
      ) : (
        <>
          <StatementDocument statement={statement.data} />
          <PrintPortal>
            <StatementDocument statement={statement.data} />
          </PrintPortal>
        </>
      )}
    </Dialog>
  );
}

/** /mes-contributions: a member's own giving, made for a phone: totals by year and type, the receipts. */
export function MyContributionsPage() {
  usePageTitle('Mes contributions');
  const paths = useSpacePaths();
  const account = useAccount();
  const summary = useContributionSummary();
  // 'Donner' (online giving, decision 0043): only when the member's church takes gifts online
  const giving = useGivingOptions();
  const givePage = paths.page('giving.give');
  const years = summary.data?.by_year.map((y) => y.year) ?? [];
  const [chosenYear, setChosenYear] = useState<number | null>(null);
  const year = chosenYear ?? years[0] ?? new Date().getFullYear();
  const [page, setPage] = useState(1);
  const [statementYear, setStatementYear] = useState<number | null>(null);
  const list = useContributionList({ kind: 'mine' }, myContributionsQuery(year, page));
  const ofYear = summary.data?.by_year.find((y) => y.year === year);
  const pages = Math.max(1, Math.ceil((list.data?.meta.total ?? 0) / MY_CONTRIBUTIONS_PAGE_SIZE));
  // the server drew this page with the same data (decision 0037): it gives way once the data is in, the
  // answer behind 'Donner' included (the drawing shows the button; asked later, it went to the network)
  useFinishBoot(!summary.isPending && !list.isPending && !giving.isPending);

  return (
    <div className="mx-auto max-w-3xl space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {account && (
          <p className="text-sm text-slate-600">
            {account.firstname} {account.lastname}
          </p>
        )}
        {givePage && giving.data?.available && (
          <Link
            to={givePage}
            className="inline-flex h-11 items-center justify-center rounded-md bg-brand-600 px-5 text-sm font-semibold text-white hover:bg-brand-700"
          >
            Donner
          </Link>
        )}
      </div>
      {summary.isPending ? (
        <BlockSpinner />
      ) : summary.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(summary.error)}
        </p>
      ) : summary.data.by_year.length === 0 ? (
        <EmptyState
          title="Aucune contribution"
          text="Vos dîmes et offrandes apparaîtront ici avec leur reçu."
        />
      ) : (
        <>
          <section aria-label="Total par année" className="space-y-2">
            <div className="flex gap-2 overflow-x-auto pb-1" role="tablist" aria-label="Année">
              {summary.data.by_year.map((y) => (
                <button
                  key={y.year}
                  type="button"
                  role="tab"
                  aria-selected={y.year === year}
                  onClick={() => {
                    setChosenYear(y.year);
                    setPage(1);
                  }}
                  className={
                    y.year === year
                      ? 'shrink-0 rounded-full bg-brand-600 px-4 py-2 text-sm font-medium text-white'
                      : 'shrink-0 rounded-full border border-slate-300 bg-white px-4 py-2 text-sm text-slate-700'
                  }
                >
                  {y.year} · {formatMoney(y.amount)}
                </button>
              ))}
            </div>
            {ofYear && (
              <TotalsBar totals={{ count: ofYear.count, amount: ofYear.amount, by_type: ofYear.by_type }} />
            )}
            <p className="text-xs text-slate-500">
              Depuis le début : {formatMoney(summary.data.total.amount)} ({summary.data.total.count}{' '}
              contributions)
            </p>
          </section>
          <Button
            type="button"
            variant="secondary"
            className="w-full sm:w-auto"
            onClick={() => setStatementYear(year)}
          >
            Relevé annuel {year}
          </Button>
        </>
      )}

      <section aria-label={`Contributions ${year}`} className="space-y-2">
        {list.isPending ? null : list.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(list.error)}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {list.data.data.map((c) => (
              <li key={c.id}>
                <Link
                  to={paths.page('contributions.my-receipt', { id: c.id }) ?? ''}
                  className="flex items-center justify-between gap-3 px-3 py-3 hover:bg-brand-50"
                >
                  <span className="min-w-0">
                    <span className="block font-medium text-slate-900">
                      {CONTRIBUTION_TYPE_LABELS[c.type]}
                    </span>
                    <span className="block text-xs text-slate-500">
                      {formatDate(c.occurred_at)} · {c.receipt_number}
                    </span>
                  </span>
                  <span className="flex shrink-0 flex-col items-end gap-1">
                    <span className="font-semibold tabular-nums">{formatMoney(c.amount)}</span>
                    {c.online && <Badge tone="blue">En ligne</Badge>}
                    {c.status === 'cancelled' && (
                      <Badge tone={STATUS_TONES[c.status]}>{CONTRIBUTION_STATUS_LABELS[c.status]}</Badge>
                    )}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        {pages > 1 && (
          <div className="flex items-center justify-between gap-2">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Précédent
            </Button>
            <span className="text-sm text-slate-600">{pageOf(page, pages)}</span>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              Suivant
            </Button>
          </div>
        )}
      </section>
      <StatementDialog year={statementYear} onClose={() => setStatementYear(null)} />
    </div>
  );
}

export default MyContributionsPage;
