import { Link } from 'react-router';
import type { Dashboard } from '@contract/dashboard';
import type { TreasuryTotals } from '@contract/journals';
import { useLevel } from '@/shared/level/level-context';
import { errorMessage } from '@/shared/lib/errors';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Card } from '@/shared/ui/card';
import { FormError } from '@/shared/ui/form-error';
import { MaybeLink } from '@/shared/ui/maybe-link';
import { MonthChart } from '@/shared/ui/month-chart';
import { Money } from '@/shared/ui/money';
import { ProgressBar } from '@/shared/ui/progress-bar';
import { SimpleTable } from '@/shared/ui/simple-table';
import { BlockSpinner, Spinner } from '@/shared/ui/spinner';
import { useDashboard, useTreasuryTotals } from '../api/dashboard';

const JOURNALS = { CASH: 'Caisse', BANK: 'Banque', ELECTRONIK: 'Mobile money' } as const;
const CHILDREN = { REGION: 'Régions', SECTION: 'Sections', CHURCH: 'Églises' } as const;
/** The kind of entity directly below each group. */
const BELOW = { NATIONAL_OFFICE: 'REGION', REGION: 'SECTION', SECTION: 'CHURCH' } as const;
type ChildKind = keyof typeof CHILDREN;

/** One line of the ranking: an entity below the group, now or during the year. */
type RankRow = {
  type: ChildKind;
  id: number;
  name: string;
  receipts: number;
  expenses: number;
  faithful: number | null;
  /** still below the group today (a church moved away or an archived entity is not) */
  current: boolean;
};

/**
 * The ranking's lines: the year's totals of GET /treasury-totals, where each movement counts under the
 * entity its church belonged to on the movement's day, joined to today's children (their faithful).
 * Without those totals (not loaded, or refused), the dashboard's own figures by today's tree.
 */
function rankRows(data: Dashboard, kind: ChildKind, totals: TreasuryTotals | undefined): RankRow[] {
  const rows: RankRow[] = data.children.map((child) => ({ ...child, current: true }));
  if (!totals) return rows;
  const wire = kind.toLowerCase();
  const parts = new Map(totals.parts.filter((p) => p.type === wire).map((p) => [p.id, p]));
  for (const row of rows) {
    const part = parts.get(row.id);
    row.receipts = part?.receipts ?? 0;
    row.expenses = part?.expenses ?? 0;
    parts.delete(row.id);
  }
  for (const part of parts.values()) {
    rows.push({
      type: kind,
      id: part.id,
      name: part.name,
      receipts: part.receipts,
      expenses: part.expenses,
      faithful: null,
      current: false,
    });
  }
  return rows.sort((a, b) => b.receipts - a.receipts || a.name.localeCompare(b.name, 'fr'));
}

/** '+12 %' against last year, or nothing when last year had nothing. */
function trend(now: number, before: number): string | null {
  if (before === 0) return null;
  const change = Math.round(((now - before) / before) * 100);
  return `${change > 0 ? '+' : ''}${change} % par rapport à l’an dernier`;
}

function Figure({ label, amount, before }: { label: string; amount: number; before: number }) {
  const change = trend(amount, before);
  return (
    <div className="min-w-0">
      <p className="text-sm text-slate-600">{label}</p>
      <p className="text-lg font-semibold text-slate-900">
        <Money amount={amount} wrap />
      </p>
      <p className="text-xs text-slate-600">
        An dernier : <Money amount={before} wrap />
        {change && <span className="block">{change}</span>}
      </p>
    </div>
  );
}

/**
 * The dashboard of the Level's entity (the home of the church, section, region and national office
 * spaces): one GET /dashboard.
 */
export function EntityDashboard({ ranking = true }: { ranking?: boolean }) {
  const level = useLevel();
  const dashboard = useDashboard(level);
  if (dashboard.isPending) return <BlockSpinner />;
  if (dashboard.isError) return <FormError message={errorMessage(dashboard.error)} />;
  return <Figures data={dashboard.data} ranking={ranking} />;
}

function Figures({ data, ranking }: { data: Dashboard; ranking: boolean }) {
  const paths = useSpacePaths();
  const expenses = paths.page('expenses.list');
  const total = data.balances.reduce((sum, b) => sum + b.balance, 0);
  return (
    <div className="space-y-4" aria-label="Tableau de bord">
      <div className="grid gap-4 md:grid-cols-2 [&>*]:min-w-0">
        <Card title="Ce mois-ci">
          <div className="grid gap-3 sm:grid-cols-2">
            <Figure label="Recettes" amount={data.month.receipts} before={data.month_last_year.receipts} />
            <Figure label="Dépenses" amount={data.month.expenses} before={data.month_last_year.expenses} />
          </div>
        </Card>
        <Card title="Depuis le 1er janvier">
          <div className="grid gap-3 sm:grid-cols-2">
            <Figure label="Recettes" amount={data.year.receipts} before={data.year_last_year.receipts} />
            <Figure label="Dépenses" amount={data.year.expenses} before={data.year_last_year.expenses} />
          </div>
        </Card>
        <Card title="Trésorerie">
          {data.balances.length === 0 ? (
            <p className="text-sm text-slate-600">Aucun mouvement de trésorerie.</p>
          ) : (
            <dl className="space-y-1 text-sm">
              {data.balances.map((b) => (
                <div key={b.account_id} className="flex flex-wrap justify-between gap-x-3">
                  <dt className="min-w-0 break-words text-slate-700">
                    {b.name} <span className="text-slate-600">({JOURNALS[b.journal_type]})</span>
                  </dt>
                  <dd className="font-medium text-slate-900">
                    <Money amount={b.balance} />
                  </dd>
                </div>
              ))}
              <div className="flex flex-wrap justify-between gap-x-3 border-t border-slate-200 pt-1 font-semibold">
                <dt>Total</dt>
                <dd>
                  <Money amount={total} />
                </dd>
              </div>
            </dl>
          )}
        </Card>
        <Card title="En attente et effectifs">
          <dl className="grid grid-cols-2 gap-3 text-sm [&>*]:min-w-0">
            <div>
              <dt className="text-slate-600">Demandes à approuver</dt>
              <dd className="text-lg font-semibold text-slate-900">{data.pending.to_approve}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Demandes à payer</dt>
              <dd className="text-lg font-semibold text-slate-900">{data.pending.to_pay}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Membres</dt>
              <dd className="text-lg font-semibold text-slate-900">{data.counts.members}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Fidèles</dt>
              <dd className="text-lg font-semibold text-slate-900">{data.counts.faithful}</dd>
            </div>
          </dl>
          {expenses && (data.pending.to_approve > 0 || data.pending.to_pay > 0) && (
            <Link to={expenses} className="mt-3 inline-block text-sm font-medium text-brand-700 underline">
              Voir les dépenses
            </Link>
          )}
        </Card>
      </div>
      <Card title="Recettes et dépenses des 12 derniers mois">
        <MonthChart points={data.series} title="Recettes et dépenses des 12 derniers mois" />
      </Card>
      <BudgetUsed data={data} />
      {ranking && data.entity.type in BELOW && <Ranking data={data} />}
    </div>
  );
}

/** The year's budget against what its expense lines used (GET /dashboard's `budget`). */
function BudgetUsed({ data }: { data: Dashboard }) {
  const paths = useSpacePaths();
  const to = paths.page('budgets.current');
  const title = `Budget ${data.budget?.year ?? new Date(data.as_of).getFullYear()}`;
  if (!data.budget)
    return (
      <Card title={title}>
        <p className="text-sm text-slate-600">Aucun budget approuvé pour cette année.</p>
      </Card>
    );
  const { planned_expense: planned, spent } = data.budget;
  const percent = planned > 0 ? Math.round((spent / planned) * 100) : 0;
  return (
    <Card
      title={title}
      actions={
        to && (
          <Link to={to} className="text-sm font-medium text-brand-700 underline">
            Voir le budget
          </Link>
        )
      }
    >
      <p className="text-sm text-slate-700">
        Budget utilisé : <span className="font-semibold text-slate-900">{percent} %</span> —{' '}
        <Money amount={spent} wrap /> payés sur <Money amount={planned} wrap /> de dépenses prévues
        {spent > planned && <span className="block font-medium text-red-700">Le budget est dépassé.</span>}
      </p>
      <ProgressBar value={percent} label="Budget utilisé" className="mt-2" />
    </Card>
  );
}

function Ranking({ data }: { data: Dashboard }) {
  const paths = useSpacePaths();
  const kind: ChildKind = BELOW[data.entity.type as keyof typeof BELOW];
  const year = { from: `${data.as_of.slice(0, 4)}-01-01`, to: data.as_of };
  const totals = useTreasuryTotals(data.entity, year);
  const parent =
    data.entity.type === 'REGION'
      ? { region_id: data.entity.id }
      : data.entity.type === 'SECTION'
        ? { section_id: data.entity.id }
        : { national_office_id: data.entity.id };
  const title = `${CHILDREN[kind]} : recettes et dépenses de l’année`;
  if (totals.isPending) {
    return (
      <Card title={title}>
        <div className="flex justify-center py-4">
          <Spinner />
        </div>
      </Card>
    );
  }
  const rows = rankRows(data, kind, totals.data);
  if (rows.length === 0) return null;
  const max = Math.max(1, ...rows.map((c) => c.receipts));
  return (
    <Card title={title}>
      <p className="mb-2 text-xs text-slate-600">
        {totals.isError
          ? 'Montants selon le rattachement actuel des églises.'
          : 'Chaque opération compte là où son église était rattachée le jour de l’opération.'}
      </p>
      <SimpleTable
        scroll={{ label: `Classement : ${CHILDREN[kind].toLowerCase()}`, className: 'overflow-x-auto' }}
        className="w-full min-w-[20rem] text-sm"
        headRowClassName="text-left text-slate-600"
        rowClassName="border-t border-slate-100 align-top"
        cellClassName="py-1"
        rows={rows}
        rowKey={(child) => `${child.type}-${child.id}`}
        columns={[
          { key: 'rank', header: 'Rang', className: 'pr-2', cell: (_child, index) => index + 1 },
          {
            key: 'name',
            header: 'Nom',
            className: 'pr-2',
            cell: (child) => (
              <>
                <MaybeLink
                  to={child.current ? paths.entity(child.type, { id: child.id, ...parent }) : null}
                  className="font-medium text-brand-700 underline"
                >
                  {child.name}
                </MaybeLink>
                {!child.current && (
                  <span className="block text-xs text-slate-600">Plus rattachée ici aujourd’hui</span>
                )}
                <span aria-hidden="true" className="mt-1 block h-1.5 rounded bg-emerald-100">
                  <span
                    className="block h-1.5 rounded bg-emerald-600"
                    style={{ width: `${Math.round((Math.max(0, child.receipts) / max) * 100)}%` }}
                  />
                </span>
              </>
            ),
          },
          {
            key: 'receipts',
            header: 'Recettes',
            className: 'pr-2 text-right',
            cellClassName: 'whitespace-nowrap',
            cell: (child) => <Money amount={child.receipts} />,
          },
          {
            key: 'expenses',
            header: 'Dépenses',
            className: 'pr-2 text-right',
            cellClassName: 'whitespace-nowrap',
            cell: (child) => <Money amount={child.expenses} />,
          },
          {
            key: 'faithful',
            header: 'Fidèles',
            className: 'text-right',
            cell: (child) => child.faithful ?? '—',
          },
        ]}
      />
    </Card>
  );
}
