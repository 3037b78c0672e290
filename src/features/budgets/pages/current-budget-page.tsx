import { useSearchParams } from 'react-router';
import type { BudgetDetail, Consolidated } from '@contract/budgets';
import { levelEntity, useLevel, type EntityLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useEntityName } from '@/shared/org/entities';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { errorMessage } from '@/shared/lib/errors';
import { Button } from '@/shared/ui/button';
import { EmptyState } from '@/shared/ui/empty-state';
import { FormError } from '@/shared/ui/form-error';
import { Money } from '@/shared/ui/money';
import { Select } from '@/shared/ui/select';
import { Spinner } from '@/shared/ui/spinner';
import { useConsolidated, useCurrentBudget } from '../api/budgets';
import { budgetLineRows, LinesTable } from '../components/lines-table';
import { ExportButton, PrintButton, PrintStyles } from '@/shared/ui/print';
import { SimpleTable } from '@/shared/ui/simple-table';
import { BudgetStatusBadge } from '../components/status-badge';
import { UsageBar } from '../components/usage-bar';
import { exportBudget, exportConsolidated } from '../lib/export';
import { ENTITY_LABELS, usedPercent } from '../lib/labels';

const CONSOLIDATED = 'consolidee';

/** 'SECTION-3,CHURCH-12' <-> the entities opened below the Level, in order. */
function readPath(value: string | null): EntityLevel[] {
  if (!value) return [];
  return value
    .split(',')
    .map((part) => /^(REGION|SECTION|CHURCH)-(\d+)$/.exec(part))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ entityType: m[1] as EntityLevel['entityType'], entityId: Number(m[2]) }));
}
const writePath = (path: EntityLevel[]) => path.map((e) => `${e.entityType}-${e.entityId}`).join(',');

/**
 * The current budget ('budget'): the fiscal year's approved or finalised budget against actual, line by
 * line with planned, actual, remaining, % used and a bar, and totals. A region, a section and the
 * national office also have the consolidated view of every entity below, with a drill-down.
 */
export function CurrentBudgetPage() {
  const paths = useSpacePaths();
  usePageTitle('Budget', { back: paths.here });
  const entity = levelEntity(useLevel());
  const [params, setParams] = useSearchParams();
  const thisYear = new Date().getFullYear();
  const year = Number(params.get('annee')) || thisYear;
  const consolidatedView = params.get('vue') === CONSOLIDATED && entity?.entityType !== 'CHURCH';
  const drill = readPath(params.get('parcours'));
  const upper = entity !== null && entity.entityType !== 'CHURCH';

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  if (!entity) return null;
  return (
    <div className="budget-print mx-auto max-w-6xl space-y-6">
      <PrintStyles scope="budget-print" />
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <Select
          label="Exercice"
          className="w-40"
          value={String(year)}
          onChange={(value) => set({ annee: value === String(thisYear) ? null : value })}
          options={[thisYear - 2, thisYear - 1, thisYear, thisYear + 1].map((y) => ({
            value: String(y),
            label: String(y),
          }))}
        />
        {upper && (
          <div role="tablist" aria-label="Vue du budget" className="flex gap-1 rounded-lg bg-slate-100 p-1">
            <Button
              role="tab"
              aria-selected={!consolidatedView}
              variant={consolidatedView ? 'ghost' : 'secondary'}
              size="sm"
              onClick={() => set({ vue: null, parcours: null })}
            >
              Notre budget
            </Button>
            <Button
              role="tab"
              aria-selected={consolidatedView}
              variant={consolidatedView ? 'secondary' : 'ghost'}
              size="sm"
              onClick={() => set({ vue: CONSOLIDATED })}
            >
              Vue consolidée
            </Button>
          </div>
        )}
        <div className="ml-auto">
          <PrintButton />
        </div>
      </div>
      {consolidatedView ? (
        <ConsolidatedView
          root={entity}
          year={year}
          drill={drill}
          onDrill={(path) => set({ parcours: writePath(path) || null })}
        />
      ) : (
        <CurrentBudget entity={entity} year={year} />
      )}
    </div>
  );
}

function Totals({ totals }: { totals: NonNullable<BudgetDetail['totals']> }) {
  const items = [
    {
      label: 'Recettes',
      planned: totals.planned_income,
      actual: totals.actual_income,
      category: 'INCOME' as const,
    },
    {
      label: 'Dépenses',
      planned: totals.planned_expense,
      actual: totals.actual_expense,
      category: 'EXPENSE' as const,
    },
  ];
  return (
    <section aria-label="Totaux" className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {items.map((item) => (
        <div key={item.label} className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="text-sm font-semibold text-slate-900">{item.label}</p>
          <dl className="mt-2 grid grid-cols-1 gap-2 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-xs text-slate-500">Prévu</dt>
              <dd>
                <Money amount={item.planned} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{item.category === 'INCOME' ? 'Reçu' : 'Réalisé'}</dt>
              <dd>
                <Money amount={item.actual} />
              </dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">Reste</dt>
              <dd>
                <Money amount={item.planned - item.actual} />
              </dd>
            </div>
          </dl>
          <div className="mt-2">
            <UsageBar
              percent={usedPercent(item.actual, item.planned)}
              category={item.category}
              label={`${item.label} : part utilisée`}
            />
          </div>
        </div>
      ))}
    </section>
  );
}

/** The entity's approved or finalised budget of the year against actual. */
function CurrentBudget({ entity, year }: { entity: EntityLevel; year: number }) {
  const current = useCurrentBudget(entity, year);
  const paths = useSpacePaths();
  if (current.isLoading) return <Spinner />;
  if (current.isError) return <FormError message={errorMessage(current.error)} />;
  const budget = current.data?.data;
  const list = paths.page('budgets.list');
  if (!budget)
    return (
      <EmptyState
        title={`Aucun budget approuvé pour ${year}`}
        text="Le budget de l’exercice apparaît ici une fois approuvé par le niveau supérieur."
        action={
          list ? (
            <a className="text-brand-700 underline" href={list}>
              Voir les budgets
            </a>
          ) : undefined
        }
      />
    );
  return <BudgetAgainstActual budget={budget} />;
}

function BudgetAgainstActual({ budget }: { budget: BudgetDetail }) {
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">
            {budget.name} — {budget.entity_name}
          </h2>
          <p className="text-sm text-slate-500">
            Réalisé : paiements datés de {budget.year} sur les demandes rattachées à chaque ligne ; recettes
            reçues en {budget.year} sur le compte de chaque rubrique.
          </p>
        </div>
        <div className="flex items-center gap-2">
          <BudgetStatusBadge status={budget.status} />
          {budget.lines && <ExportButton onExport={() => exportBudget(budget)} />}
        </div>
      </div>
      {budget.totals && <Totals totals={budget.totals} />}
      {budget.lines ? (
        <LinesTable withActuals rows={budgetLineRows(budget.lines)} />
      ) : (
        <p className="text-sm text-slate-600">
          Le détail des lignes demande la permission « Voir les lignes des budgets ».
        </p>
      )}
    </div>
  );
}

/** The consolidated budgets below `root`, drilled down along `drill` (its last entity is shown). */
function ConsolidatedView({
  root,
  year,
  drill,
  onDrill,
}: {
  root: EntityLevel;
  year: number;
  drill: EntityLevel[];
  onDrill: (path: EntityLevel[]) => void;
}) {
  const shown = drill.length ? drill[drill.length - 1] : root;
  return (
    <div className="space-y-4">
      <Breadcrumb root={root} drill={drill} onDrill={onDrill} />
      {shown.entityType === 'CHURCH' ? (
        <CurrentBudget entity={shown} year={year} />
      ) : (
        <ConsolidatedEntity entity={shown} year={year} onOpen={(child) => onDrill([...drill, child])} />
      )}
    </div>
  );
}

function Breadcrumb({
  root,
  drill,
  onDrill,
}: {
  root: EntityLevel;
  drill: EntityLevel[];
  onDrill: (path: EntityLevel[]) => void;
}) {
  const parts = [root, ...drill];
  return (
    <nav aria-label="Niveaux consolidés" className="print:hidden">
      <ol className="flex flex-wrap items-center gap-1 text-sm">
        {parts.map((part, index) => (
          <li key={`${part.entityType}-${part.entityId}`} className="flex items-center gap-1">
            {index > 0 && (
              <span aria-hidden="true" className="text-slate-500">
                ›
              </span>
            )}
            {index === parts.length - 1 ? (
              <span aria-current="page" className="font-semibold text-slate-900">
                <EntityName entity={part} />
              </span>
            ) : (
              <button
                type="button"
                className="text-brand-700 hover:underline"
                onClick={() => onDrill(drill.slice(0, index))}
              >
                <EntityName entity={part} />
              </button>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function EntityName({ entity }: { entity: EntityLevel }) {
  const name = useEntityName(entity);
  return <>{name.data || `${ENTITY_LABELS[entity.entityType] ?? ''} ${entity.entityId}`}</>;
}

function ConsolidatedEntity({
  entity,
  year,
  onOpen,
}: {
  entity: EntityLevel;
  year: number;
  onOpen: (child: EntityLevel) => void;
}) {
  const view = useConsolidated(entity, year);
  if (view.isLoading) return <Spinner />;
  if (view.isError || !view.data) return <FormError message={errorMessage(view.error)} />;
  const data: Consolidated = view.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">
            Budget consolidé {data.year} — {data.entity_name}
          </h2>
          <p className="text-sm text-slate-500">
            {data.budgets} budget{data.budgets > 1 ? 's' : ''} approuvé{data.budgets > 1 ? 's' : ''} ou
            finalisé
            {data.budgets > 1 ? 's' : ''}, de l’entité et de toutes celles qui en dépendent.
          </p>
        </div>
        <ExportButton disabled={data.items.length === 0} onExport={() => exportConsolidated(data)} />
      </div>
      <Totals totals={data.totals} />
      <SimpleTable
        scroll={{
          label: 'Par entité',
          className: 'overflow-x-auto rounded-lg border border-slate-200 bg-white',
        }}
        caption="Par entité"
        captionClassName="px-3 pt-3 pb-2 text-left text-base font-semibold text-slate-900"
        className="w-full min-w-[40rem] text-sm"
        headClassName="bg-slate-50 text-xs uppercase text-slate-500"
        bodyClassName="divide-y divide-slate-100"
        cellClassName="px-3 py-2"
        rows={data.rows}
        rowKey={(row) => `${row.entity_type}-${row.entity_id}`}
        columns={[
          {
            key: 'entity',
            header: 'Entité',
            className: 'text-left',
            rowHeader: true,
            cellClassName: 'font-normal',
            cell: (row) =>
              row.own ? (
                <span>{row.name} (budget propre)</span>
              ) : (
                <button
                  type="button"
                  className="text-left font-medium text-brand-700 hover:underline"
                  onClick={() => onOpen({ entityType: row.entity_type, entityId: row.entity_id })}
                >
                  {ENTITY_LABELS[row.entity_type]} {row.name}
                </button>
              ),
          },
          {
            key: 'budgets',
            header: 'Budgets',
            className: 'text-right',
            cellClassName: 'tabular-nums',
            cell: (row) => row.budgets,
          },
          {
            key: 'planned',
            header: 'Dépenses prévues',
            className: 'text-right',
            cell: (row) => <Money amount={row.planned_expense} />,
          },
          {
            key: 'actual',
            header: 'Dépenses réalisées',
            className: 'text-right',
            cell: (row) => <Money amount={row.actual_expense} />,
          },
          {
            key: 'used',
            header: 'Utilisé',
            headerClassName: 'text-left',
            cell: (row) => (
              <UsageBar
                percent={usedPercent(row.actual_expense, row.planned_expense)}
                category="EXPENSE"
                label={`Dépenses de ${row.name}`}
              />
            ),
          },
          {
            key: 'income',
            header: 'Recettes reçues',
            className: 'text-right',
            cell: (row) => <Money amount={row.actual_income} />,
          },
        ]}
      />
      <LinesTable
        withActuals
        rows={data.items.map((i) => ({
          key: i.budget_item_template_id,
          name: i.name,
          category: i.category,
          amount: i.planned,
          actual: i.actual,
        }))}
      />
    </div>
  );
}
