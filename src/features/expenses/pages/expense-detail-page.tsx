import { useState, type ReactNode } from 'react';
import { FIXED_ASSET_ACCOUNT_CATEGORY } from '@contract/values/fixed-assets';
import type { Attachment, ExpenseLine, ExpenseLineBody, ExpenseRequestDetail } from '@contract/expenses';
import { useAccount } from '@/shared/auth/account-store';
import { useLocation, useParams } from 'react-router';
import { parseIdParam } from '@/shared/level/level-context';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { usePageTitle } from '@/shared/level/page-title';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { permissionEntity } from '@/shared/level/wire';
import { errorMessage } from '@/shared/lib/errors';
import { useMediaQuery } from '@/shared/lib/use-media-query';
import { formatDateTime, formatPhone } from '@/shared/lib/format';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/shared/ui/data-table';
import { FormError } from '@/shared/ui/form-error';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { Money } from '@/shared/ui/money';
import { notify } from '@/shared/ui/toast';
import { useLineMutations } from '../api/expense-lines';
import { useExpenseAttachments, useExpenseDetail, useRequestAction } from '../api/expense-requests';
import { ApprovalBlock } from '../components/approval-block';
import { AttachmentsList } from '../components/attachments-list';
import { AttachmentUpload } from '../components/attachment-upload';
import { PERMISSIONS } from '@contract/values/permissions';
import { LineDetailsDialog } from '../components/line-details-dialog';
import { LineDialog } from '../components/line-dialog';
import { PaymentDialog } from '../components/payment-dialog';
import { LineStatusBadge, RequestStatusBadge } from '../components/status-badge';
import {
  DETAIL_PERMISSION_CODES,
  entityProblem,
  lineRules,
  requestRules,
  type DetailPermissions,
} from '../lib/detail-rules';
import { lineToForm } from '../lib/expense-form';
import { ENTITY_TYPE_LABELS, verifiedLabel } from '../lib/labels';
import { EXPENSE_MESSAGES } from '../lib/messages';

/** The detail of one expense request (SPEC.md section 2 'Expense request detail'). */
export function ExpenseDetailPage() {
  const id = parseIdParam(useParams().expenseId);
  const paths = useSpacePaths();
  const detail = useExpenseDetail(id);
  usePageTitle(detail.data?.title ?? 'Dépense', { back: paths.page('expenses.list') });
  if (detail.isPending) return <LogoLoader />;
  if (detail.isError) return <FormError message={errorMessage(detail.error)} className="mx-auto max-w-4xl" />;
  return <ExpenseDetail request={detail.data} />;
}

type Confirm = { kind: 'delete' | 'cancel'; line: ExpenseLine } | null;

function ExpenseDetail({ request }: { request: ExpenseRequestDetail }) {
  const account = useAccount();
  const problem = entityProblem(request);
  const permissions = usePermissions(
    problem ? [] : DETAIL_PERMISSION_CODES,
    // SPEC.md section 6: checked on the request's entity, an ACTIVITY_GROUP in the global scope.
    problem
      ? null
      : permissionEntity(
          { entityType: request.entity_type, entityId: request.entity_id },
          { department: 'global' },
        ),
  );
  const perms: DetailPermissions = {
    has: permissions.has,
    isCreator: account?.id !== undefined && account.id === request.createdByUser.id,
    isSuperAdmin: account?.is_super_admin ?? false,
  };
  const rules = requestRules(request, perms);
  const narrow = useMediaQuery('(max-width: 639px)');
  const lineMutations = useLineMutations(request.id);
  const verify = useRequestAction(request.id);

  const [details, setDetails] = useState<ExpenseLine | null>(null);
  const [paying, setPaying] = useState<ExpenseLine | null>(null);
  const [editing, setEditing] = useState<ExpenseLine | 'new' | null>(null);
  const [lineError, setLineError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [verifying, setVerifying] = useState(false);

  const saveLine = async (body: ExpenseLineBody) => {
    setLineError(null);
    try {
      if (editing === 'new') {
        await lineMutations.add.mutateAsync(body);
        notify.success(EXPENSE_MESSAGES.lineAdded);
      } else if (editing) {
        await lineMutations.update.mutateAsync({ id: editing.id, body });
        notify.success('Ligne de dépense modifiée.');
      }
      setEditing(null);
    } catch (error) {
      setLineError(errorMessage(error));
    }
  };

  const runConfirm = async () => {
    if (!confirm) return;
    try {
      if (confirm.kind === 'delete') {
        await lineMutations.remove.mutateAsync(confirm.line.id);
        notify.success(EXPENSE_MESSAGES.lineDeleted);
      } else {
        await lineMutations.cancel.mutateAsync(confirm.line.id);
        notify.success('Dépense annulée.');
      }
    } catch (error) {
      notify.error(errorMessage(error, EXPENSE_MESSAGES.genericError));
    } finally {
      // SPEC.md section 8: the dialog closes, success or not.
      setConfirm(null);
    }
  };

  const runVerify = async () => {
    try {
      await verify.mutateAsync({ action: 'verified', body: account?.id ? { user_id: account.id } : {} });
      notify.success(EXPENSE_MESSAGES.verified);
      setVerifying(false);
    } catch (error) {
      notify.error(errorMessage(error, EXPENSE_MESSAGES.genericError));
    }
  };

  const lineActions = (line: ExpenseLine) => {
    const allowed = lineRules(request, line, perms);
    return (
      <div className="flex flex-wrap gap-1">
        <Button
          size="sm"
          variant="ghost"
          aria-label={`Détails de ${line.name}`}
          onClick={() => setDetails(line)}
        >
          Détails
        </Button>
        {allowed.edit.visible && (
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Modifier ${line.name}`}
            onClick={() => {
              setLineError(null);
              setEditing(line);
            }}
          >
            Modifier
          </Button>
        )}
        {allowed.remove.visible && (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700"
            aria-label={`Supprimer ${line.name}`}
            onClick={() => setConfirm({ kind: 'delete', line })}
          >
            Supprimer
          </Button>
        )}
        {allowed.pay.visible && (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Payer ${line.name}`}
            disabled={allowed.pay.disabled}
            onClick={() => setPaying(line)}
          >
            Payer
          </Button>
        )}
        {allowed.cancel.visible && (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700"
            aria-label={`Annuler ${line.name}`}
            disabled={allowed.cancel.disabled}
            onClick={() => setConfirm({ kind: 'cancel', line })}
          >
            Annuler
          </Button>
        )}
      </div>
    );
  };

  const columns: DataTableColumn<ExpenseLine>[] = [
    {
      key: 'name',
      header: 'Désignation',
      cell: (line) => (
        <span className={line.status === 'cancelled' ? 'text-slate-500 line-through' : undefined}>
          {line.name}
        </span>
      ),
    },
    { key: 'quantity', header: 'Qté', align: 'right', cell: (line) => line.quantity },
    {
      key: 'unit',
      header: 'Prix unitaire',
      align: 'right',
      cell: (line) => <Money amount={line.unit_price} />,
    },
    { key: 'amount', header: 'Montant', align: 'right', cell: (line) => <Money amount={line.amount} /> },
    { key: 'paid', header: 'Payé', align: 'right', cell: (line) => <Money amount={line.amount_validated} /> },
    { key: 'status', header: 'Statut', cell: (line) => <LineStatusBadge status={line.status} /> },
    { key: 'actions', header: 'Actions', cell: (line) => lineActions(line) },
  ];

  const phone = request.createdByUser.phone?.trim();
  const assetAllowed =
    request.entity_type === 'NATIONAL_OFFICE' &&
    request.operationAccount.category === FIXED_ASSET_ACCOUNT_CATEGORY;

  return (
    <div className="mx-auto max-w-5xl space-y-4">
      <Card>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="text-xl font-semibold text-slate-900">{request.title}</h2>
            <p className="mt-0.5 text-sm text-slate-500">
              {request.reference} · Créée le {formatDateTime(request.created_at)}
            </p>
          </div>
          <RequestStatusBadge status={request.status} />
        </div>
        {request.verifiedByUser && (
          <p
            role="status"
            className="mt-3 rounded-md border border-green-200 bg-green-50 px-3 py-2 text-sm font-medium text-green-800"
          >
            {verifiedLabel(request.verifiedByUser.fullname)}
          </p>
        )}
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          <Info label="Créée par">
            {request.createdByUser.fullname}
            {' · '}
            {phone ? (
              <a
                href={`tel:${phone.replace(/\s+/g, '')}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {phone}
              </a>
            ) : (
              <span className="text-slate-500">{formatPhone(null)}</span>
            )}
          </Info>
          <Info label="Date de la dépense">{formatDateTime(request.made_at)}</Info>
          <Info label="Type">{request.operationAccount.name}</Info>
          <Info label="Entité">
            {request.entity?.name ?? `${ENTITY_TYPE_LABELS[request.entity_type]} ${request.entity_id}`}
          </Info>
          {request.budgetLine && <Info label="Ligne budgétaire">{request.budgetLine.name}</Info>}
          {request.plannedActivity && (
            <Info label="Activité">
              {[request.plannedActivity.title, request.plannedActivity.activity_type]
                .filter(Boolean)
                .join(' - ')}
            </Info>
          )}
          <Info label="Description" wide>
            <span className="whitespace-pre-line">{request.description || '—'}</span>
          </Info>
        </dl>
      </Card>

      <ApprovalBlock request={request} rules={rules} />

      <Card
        title="Dépenses"
        actions={
          <>
            {rules.canAddLine && (
              <Button
                size="sm"
                onClick={() => {
                  setLineError(null);
                  setEditing('new');
                }}
              >
                Ajouter une ligne
              </Button>
            )}
            {rules.canVerify && (
              <Button size="sm" variant="secondary" onClick={() => setVerifying(true)}>
                Marquer comme vérifiée
              </Button>
            )}
          </>
        }
      >
        {rules.readOnly && !permissions.isLoading && !request.verified_at && (
          <p className="mb-3 text-sm text-slate-500">
            Lecture seule : vous ne pouvez pas modifier cette demande.
          </p>
        )}
        {narrow ? (
          <ul
            aria-label="Lignes de la demande"
            className="divide-y divide-slate-100 rounded-md border border-slate-200"
          >
            {request.expenses.map((line) => (
              <li key={line.id} aria-label={line.name} className="space-y-1 px-3 py-2">
                <div className="flex items-start justify-between gap-2">
                  <p
                    className={
                      line.status === 'cancelled'
                        ? 'text-slate-500 line-through'
                        : 'font-medium text-slate-900'
                    }
                  >
                    {line.name}
                  </p>
                  <LineStatusBadge status={line.status} />
                </div>
                <p className="text-xs text-slate-600">
                  {line.quantity} × <Money amount={line.unit_price} /> ={' '}
                  <Money amount={line.amount} className="font-semibold" /> · payé{' '}
                  <Money amount={line.amount_validated} />
                </p>
                <div className="-ml-3">{lineActions(line)}</div>
              </li>
            ))}
          </ul>
        ) : (
          <DataTable
            caption="Lignes de la demande"
            columns={columns}
            rows={request.expenses}
            emptyText="Aucun résultat"
          />
        )}
        <div className="mt-3 flex flex-wrap justify-end gap-x-6 gap-y-1 text-sm">
          <span>
            Payé : <Money amount={request.amount_validated} className="font-semibold" />
          </span>
          <span>
            Total : <Money amount={request.amount} className="text-base font-semibold text-slate-900" />
          </span>
        </div>
      </Card>

      <RequestAttachments
        id={request.id}
        fallback={request.attachments}
        canAdd={
          !request.verified_at &&
          (perms.isCreator || perms.isSuperAdmin || permissions.has(PERMISSIONS.EXPENSE_REQUEST_MANAGE))
        }
      />

      <LineDetailsDialog line={details} onClose={() => setDetails(null)} />
      <LineDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title={editing === 'new' ? 'Ajouter une ligne' : 'Modifier la ligne'}
        initial={editing && editing !== 'new' ? lineToForm(editing) : undefined}
        saving={lineMutations.add.isPending || lineMutations.update.isPending}
        error={lineError}
        onSave={(body) => void saveLine(body)}
      />
      <PaymentDialog
        line={paying}
        entity={{ entityType: request.entity_type, entityId: request.entity_id }}
        assetAllowed={assetAllowed}
        onClose={() => setPaying(null)}
      />
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === 'cancel' ? 'Annuler cette dépense ?' : 'Supprimer cette ligne ?'}
        message={
          confirm?.kind === 'cancel'
            ? `« ${confirm.line.name} » sera annulée. Cette action est irréversible.`
            : confirm
              ? `« ${confirm.line.name} » sera supprimée de la demande.`
              : undefined
        }
        confirmLabel={confirm?.kind === 'cancel' ? 'Annuler la dépense' : 'Supprimer'}
        cancelLabel="Retour"
        danger
        onConfirm={runConfirm}
      />
      <ConfirmDialog
        open={verifying}
        onOpenChange={setVerifying}
        title="Marquer la dépense comme vérifiée"
        message="La vérification est irréversible : la demande ne pourra plus être modifiée."
        confirmLabel="Marquer comme vérifiée"
        onConfirm={runVerify}
      />
    </div>
  );
}

function Info({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-slate-900">{children}</dd>
    </div>
  );
}

export default ExpenseDetailPage;

/**
 * The supporting documents, from GET /expense-requests/{id}/attachments, and more of them to whoever
 * edits the request: the files that failed when it was created come from the add page (docs/features/expenses.md).
 */
function RequestAttachments({
  id,
  fallback,
  canAdd,
}: {
  id: number;
  fallback: Attachment[];
  canAdd: boolean;
}) {
  const attachments = useExpenseAttachments(id, fallback);
  const state = useLocation().state as { unsentFiles?: File[]; uploadError?: string } | null;
  return (
    <AttachmentsList attachments={attachments.data ?? fallback}>
      {canAdd && (
        <AttachmentUpload
          requestId={id}
          initialFiles={state?.unsentFiles ?? []}
          initialError={state?.uploadError ?? null}
        />
      )}
    </AttachmentsList>
  );
}
