import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { BudgetSummary } from '@contract/budgets';
import { levelEntity, useLevel } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { errorMessage } from '@/shared/lib/errors';
import { formatDateTime } from '@/shared/lib/format';
import { Button } from '@/shared/ui/button';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { Dialog } from '@/shared/ui/dialog';
import { FormActions } from '@/shared/ui/form-actions';
import { FormError } from '@/shared/ui/form-error';
import { MaybeLink } from '@/shared/ui/maybe-link';
import { Money } from '@/shared/ui/money';
import { PageSection } from '@/shared/ui/page-section';
import { Select } from '@/shared/ui/select';
import { notify } from '@/shared/ui/toast';
import { useBudgetList, useCreateBudget } from '../api/budgets';
import { BudgetStatusBadge } from '../components/status-badge';
import { SUBMITTED_TO_LABELS } from '../lib/labels';

/** The last thing done to a budget: 'Approuvé par X le ...'. */
export function lastAct(budget: BudgetSummary): string {
  const acts: Array<[string, BudgetSummary['created']]> = [
    ['Finalisé', budget.finalized],
    ['Rejeté', budget.rejected],
    ['Approuvé', budget.approved],
    ['Soumis', budget.submitted],
    ['Créé', budget.created],
  ];
  const latest = acts
    .filter(([, act]) => act !== null)
    .sort((a, b) => (a[1]!.at < b[1]!.at ? 1 : a[1]!.at > b[1]!.at ? -1 : 0))[0];
  if (!latest) return '—';
  const [verb, act] = latest;
  return `${verb}${act!.by ? ` par ${act!.by}` : ''} le ${formatDateTime(act!.at)}`;
}

/**
 * The Level's budgets (one per fiscal year) with their totals and status, 'Nouveau budget' from the
 * templates or 'Copier le budget de {année}'; below them, the budgets the entities directly below
 * submitted, those awaiting approval first.
 */
export function BudgetListPage() {
  const paths = useSpacePaths();
  usePageTitle('Budgets', { back: paths.here });
  const entity = levelEntity(useLevel());
  const list = useBudgetList(entity);
  const create = useCreateBudget();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);

  const own = list.data?.data;
  const latest = own?.[0]?.year;
  const thisYear = new Date().getFullYear();
  const copyYear = latest !== undefined ? latest + 1 : null;
  const canCreate = list.data?.can.create ?? false;

  const openBudget = (budget: BudgetSummary) => {
    const to = paths.record('budgets.detail', { budgetId: budget.id });
    if (to) navigate(to);
  };

  const start = async (year: number, source: 'templates' | 'copy') => {
    if (!entity) return;
    try {
      const budget = await create.mutateAsync({
        entity_type: entity.entityType as 'CHURCH',
        entity_id: entity.entityId,
        year,
        source,
      });
      notify.success(
        source === 'copy' ? `Budget ${year} créé à partir de ${year - 1}.` : `Budget ${year} créé.`,
      );
      setOpen(false);
      if (budget) openBudget(budget);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  const name = (budget: BudgetSummary) => (
    <MaybeLink
      to={paths.record('budgets.detail', { budgetId: budget.id })}
      className="font-medium text-brand-700 hover:text-brand-900 hover:underline"
    >
      {budget.name}
    </MaybeLink>
  );
  const columns: DataTableColumn<BudgetSummary>[] = [
    { key: 'year', header: 'Exercice', cell: (b) => b.year, className: 'whitespace-nowrap' },
    { key: 'name', header: 'Budget', cell: name },
    { key: 'status', header: 'Statut', cell: (b) => <BudgetStatusBadge status={b.status} /> },
    { key: 'income', header: 'Recettes', align: 'right', cell: (b) => <Money amount={b.total_income} /> },
    { key: 'expense', header: 'Dépenses', align: 'right', cell: (b) => <Money amount={b.total_expense} /> },
    { key: 'act', header: 'Dernière action', cell: lastAct, className: 'min-w-48 text-slate-600' },
  ];
  const belowColumns: DataTableColumn<BudgetSummary>[] = [
    { key: 'entity', header: 'Entité', cell: (b) => b.entity_name },
    ...columns,
  ];

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <PageSection
        title="Nos budgets"
        description={
          entity
            ? `Soumis pour approbation ${SUBMITTED_TO_LABELS[entity.entityType] ?? 'au niveau supérieur'}.`
            : undefined
        }
        actions={
          canCreate && (
            <>
              {copyYear !== null && !own?.some((b) => b.year === copyYear) && (
                <Button
                  variant="secondary"
                  loading={create.isPending}
                  onClick={() => start(copyYear, 'copy')}
                >
                  Copier le budget de {latest}
                </Button>
              )}
              <Button onClick={() => setOpen(true)}>Nouveau budget</Button>
            </>
          )
        }
      >
        <FormError message={list.isError ? errorMessage(list.error) : null} />
        <DataTable
          caption="Budgets de l’entité"
          columns={columns}
          rows={own}
          loading={list.isLoading}
          emptyText="Aucun budget pour l’instant."
          onRowClick={openBudget}
        />
      </PageSection>

      {entity && entity.entityType !== 'CHURCH' && (
        <PageSection
          title="Budgets des entités rattachées"
          description="Les budgets soumis par les entités directement en dessous : à approuver, rejeter ou finaliser."
        >
          <DataTable
            caption="Budgets des entités rattachées"
            columns={belowColumns}
            rows={list.data?.below}
            loading={list.isLoading}
            emptyText="Aucun budget soumis."
            onRowClick={openBudget}
          />
        </PageSection>
      )}

      <NewBudgetDialog
        open={open}
        onOpenChange={setOpen}
        years={[thisYear - 1, thisYear, thisYear + 1, thisYear + 2].filter(
          (y) => !own?.some((b) => b.year === y),
        )}
        hasPrevious={(year) => own?.some((b) => b.year === year - 1) ?? false}
        saving={create.isPending}
        error={create.isError ? errorMessage(create.error) : null}
        onCreate={start}
      />
    </div>
  );
}

function NewBudgetDialog({
  open,
  onOpenChange,
  years,
  hasPrevious,
  saving,
  error,
  onCreate,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  years: number[];
  hasPrevious: (year: number) => boolean;
  saving: boolean;
  error: string | null;
  onCreate: (year: number, source: 'templates' | 'copy') => void;
}) {
  const [year, setYear] = useState('');
  const [source, setSource] = useState<'templates' | 'copy'>('templates');
  const [invalid, setInvalid] = useState<string | null>(null);
  const chosen = Number(year);
  return (
    <Dialog open={open} onOpenChange={(next) => !saving && onOpenChange(next)} title="Nouveau budget">
      <form
        noValidate
        aria-label="Nouveau budget"
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!year) return setInvalid('Choisissez l’exercice.');
          setInvalid(null);
          onCreate(chosen, source === 'copy' && hasPrevious(chosen) ? 'copy' : 'templates');
        }}
      >
        <Select
          label="Exercice"
          required
          value={year}
          onChange={setYear}
          placeholder="Choisir l’année"
          options={years.map((y) => ({ value: String(y), label: String(y) }))}
          error={invalid}
        />
        <Select
          label="Point de départ"
          value={source}
          onChange={(value) => setSource(value as 'templates' | 'copy')}
          options={[
            { value: 'templates', label: 'Les modèles de budget (montants à 0)' },
            {
              value: 'copy',
              label: year ? `Le budget de ${chosen - 1}` : 'Le budget de l’exercice précédent',
              disabled: !!year && !hasPrevious(chosen),
            },
          ]}
        />
        <FormActions
          failure={error}
          saving={saving}
          submitLabel="Créer le brouillon"
          onCancel={() => onOpenChange(false)}
        />
      </form>
    </Dialog>
  );
}
