import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { BudgetDetail } from '@contract/budgets';
import { parseIdParam } from '@/shared/level/level-context';
import { usePageTitle } from '@/shared/level/page-title';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { errorMessage } from '@/shared/lib/errors';
import { formatDateTime } from '@/shared/lib/format';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { FormError } from '@/shared/ui/form-error';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { Money } from '@/shared/ui/money';
import { notify, toastWrite } from '@/shared/ui/toast';
import { useBudget, useBudgetAction, useDeleteBudget, useSaveLines, type BudgetAction } from '../api/budgets';
import { useTemplates } from '../api/templates';
import { LinesEditor } from '../components/lines-editor';
import { budgetLineRows, LinesTable } from '../components/lines-table';
import { ExportButton, PrintButton, PrintStyles } from '@/shared/ui/print';
import { RejectDialog } from '../components/reject-dialog';
import { BudgetStatusBadge } from '../components/status-badge';
import { exportBudget } from '../lib/export';
import { ENTITY_LABELS } from '../lib/labels';

const CONFIRM: Record<
  Exclude<BudgetAction, 'reject'>,
  { title: string; message: string; label: string; done: string }
> = {
  submit: {
    title: 'Soumettre le budget',
    message:
      'Le budget sera transmis au niveau supérieur pour approbation et ne pourra plus être modifié, sauf s’il est rejeté.',
    label: 'Soumettre',
    done: 'Budget soumis pour approbation.',
  },
  approve: {
    title: 'Approuver le budget',
    message: 'Le budget approuvé devient le budget de l’exercice : son réalisé est suivi ligne par ligne.',
    label: 'Approuver',
    done: 'Budget approuvé.',
  },
  finalize: {
    title: 'Finaliser le budget',
    message: 'Le budget finalisé est clos : il ne changera plus.',
    label: 'Finaliser',
    done: 'Budget finalisé.',
  },
};

/** One budget: its lines by category (with actuals once approved), its history and its actions. */
export function BudgetDetailPage() {
  const { budgetId } = useParams();
  const id = parseIdParam(budgetId);
  const paths = useSpacePaths();
  const budget = useBudget(id);
  usePageTitle(budget.data ? `${budget.data.name} — ${budget.data.entity_name}` : 'Budget', {
    back: paths.page('budgets.list') ?? paths.record('budgets.list') ?? paths.here,
  });

  if (budget.isLoading) return <LogoLoader />;
  if (budget.isError || !budget.data)
    return <FormError message={errorMessage(budget.error, 'Budget introuvable.')} />;
  return <BudgetView budget={budget.data} />;
}

function BudgetView({ budget }: { budget: BudgetDetail }) {
  const navigate = useNavigate();
  const paths = useSpacePaths();
  const [editing, setEditing] = useState(false);
  const [confirm, setConfirm] = useState<Exclude<BudgetAction, 'reject'> | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const save = useSaveLines(budget.id);
  const action = useBudgetAction(budget.id);
  const remove = useDeleteBudget(budget.id);
  const templates = useTemplates(false);
  const { can } = budget;

  const act = async (name: BudgetAction, reason?: string) => {
    if (
      await toastWrite(
        action.mutateAsync({ action: name, reason }),
        name === 'reject' ? 'Budget rejeté.' : CONFIRM[name].done,
      )
    ) {
      setConfirm(null);
      setRejecting(false);
    }
  };

  const balance = budget.total_income - budget.total_expense;
  const acts = (
    [
      ['Créé', budget.created],
      ['Soumis', budget.submitted],
      ['Approuvé', budget.approved],
      ['Rejeté', budget.rejected],
      ['Finalisé', budget.finalized],
    ] as const
  ).filter(([, a]) => a !== null);

  return (
    <div className="budget-print mx-auto max-w-6xl space-y-6">
      <PrintStyles scope="budget-print" />
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm text-slate-500">
              {ENTITY_LABELS[budget.entity_type]} · {budget.entity_name} · exercice {budget.year}
            </p>
            <h2 className="text-xl font-semibold text-slate-900">{budget.name}</h2>
          </div>
          <BudgetStatusBadge status={budget.status} />
        </div>
        <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-xs text-slate-500">Recettes prévues</dt>
            <dd className="text-lg font-semibold">
              <Money amount={budget.total_income} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Dépenses prévues</dt>
            <dd className="text-lg font-semibold">
              <Money amount={budget.total_expense} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-500">Solde prévu</dt>
            <dd className={`text-lg font-semibold ${balance < 0 ? 'text-red-700' : ''}`}>
              <Money amount={balance} />
            </dd>
          </div>
        </dl>
        <ul className="mt-4 space-y-1 text-sm text-slate-600" aria-label="Historique du budget">
          {acts.map(([verb, a]) => (
            <li key={verb}>
              {verb}
              {a!.by ? ` par ${a!.by}` : ''} le {formatDateTime(a!.at)}
            </li>
          ))}
        </ul>
        {budget.status === 'rejected' && budget.rejection_reason && (
          <p role="note" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
            Motif du rejet : {budget.rejection_reason}
          </p>
        )}
      </Card>

      {!editing && (
        <div className="flex flex-wrap gap-2 print:hidden">
          {can.edit && budget.lines && (
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Modifier les montants
            </Button>
          )}
          {can.submit && <Button onClick={() => setConfirm('submit')}>Soumettre</Button>}
          {can.approve && <Button onClick={() => setConfirm('approve')}>Approuver</Button>}
          {can.reject && (
            <Button variant="danger" onClick={() => setRejecting(true)}>
              Rejeter
            </Button>
          )}
          {can.finalize && <Button onClick={() => setConfirm('finalize')}>Finaliser</Button>}
          {can.delete && (
            <Button variant="ghost" onClick={() => setDeleting(true)}>
              Supprimer le brouillon
            </Button>
          )}
          <PrintButton />
          {budget.lines && <ExportButton onExport={() => exportBudget(budget)} />}
        </div>
      )}

      {budget.lines === null ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">
          Vous voyez ce budget et ses totaux ; le détail de ses lignes demande la permission « Voir les lignes
          des budgets ».
        </p>
      ) : editing ? (
        <LinesEditor
          lines={budget.lines}
          templates={templates.data ?? []}
          saving={save.isPending}
          error={save.isError ? errorMessage(save.error) : null}
          onCancel={() => setEditing(false)}
          onSave={async (body) => {
            try {
              await save.mutateAsync(body);
              notify.success('Budget enregistré.');
              setEditing(false);
            } catch {
              // shown in the form
            }
          }}
        />
      ) : (
        <LinesTable withActuals={budget.with_actuals} rows={budgetLineRows(budget.lines)} />
      )}

      {confirm && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setConfirm(null)}
          title={CONFIRM[confirm].title}
          message={CONFIRM[confirm].message}
          confirmLabel={CONFIRM[confirm].label}
          loading={action.isPending}
          onConfirm={() => act(confirm)}
        />
      )}
      <RejectDialog
        open={rejecting}
        onOpenChange={setRejecting}
        saving={action.isPending}
        error={action.isError ? errorMessage(action.error) : null}
        onReject={(reason) => act('reject', reason)}
      />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Supprimer le brouillon"
        message="Le brouillon et ses lignes seront supprimés."
        confirmLabel="Supprimer"
        danger
        loading={remove.isPending}
        onConfirm={async () => {
          if (await toastWrite(remove.mutateAsync(undefined), 'Brouillon supprimé.')) {
            const list = paths.page('budgets.list') ?? paths.record('budgets.list');
            if (list) navigate(list);
          }
        }}
      />
    </div>
  );
}
