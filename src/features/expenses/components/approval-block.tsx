import { useState } from 'react';
import type { ExpenseRequestDetail } from '@contract/expenses';
import { useAccount } from '@/shared/auth/account-store';
import { errorMessage } from '@/shared/lib/errors';
import { formatDateTime } from '@/shared/lib/format';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { Dialog } from '@/shared/ui/dialog';
import { FormButtons } from '@/shared/ui/form-actions';
import { FormError } from '@/shared/ui/form-error';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { notify } from '@/shared/ui/toast';
import { useRequestAction, type RequestAction } from '../api/expense-requests';
import { useBudgetLines } from '../api/lookups';
import { BudgetLineRemaining } from './budget-line-remaining';
import { entityProblem, type RequestRules } from '../lib/detail-rules';
import { RequestStatusBadge } from './status-badge';

const SUCCESS: Record<Exclude<RequestAction, 'verified'>, string> = {
  approved: 'Demande approuvée.',
  validated: 'Demande validée.',
  rejected: 'Demande rejetée.',
};

/** Who approved, rejected or validated the request, and, for approvers and managers, the buttons to do so. */
export function ApprovalBlock({ request, rules }: { request: ExpenseRequestDetail; rules: RequestRules }) {
  const account = useAccount();
  const action = useRequestAction(request.id);
  const [running, setRunning] = useState<RequestAction | null>(null);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [rejectError, setRejectError] = useState<string | null>(null);
  const problem = entityProblem(request);
  // decision 0021: the approver sees what remains of the request's budget line, and whether it exceeds it
  const watchesBudget = !!request.budgetLine && request.status === 'approval_pending' && rules.canApprove;
  const budgetLines = useBudgetLines(
    watchesBudget && request.entity_type !== 'ACTIVITY_GROUP'
      ? { entityType: request.entity_type, entityId: request.entity_id }
      : null,
  );
  const budgetLine = budgetLines.data?.find((line) => line.id === request.budget_line_id) ?? null;

  const run = async (kind: Exclude<RequestAction, 'verified'>, extra: { reason?: string } = {}) => {
    // SPEC.md section 8: no call without the request's entity.
    if (problem) {
      notify.error(problem);
      return false;
    }
    setRunning(kind);
    try {
      await action.mutateAsync({
        action: kind,
        body: { ...(account?.id ? { user_id: account.id } : {}), ...extra },
      });
      notify.success(SUCCESS[kind]);
      return true;
    } catch (error) {
      const message = errorMessage(error);
      if (kind === 'rejected') setRejectError(message);
      notify.error(message);
      return false;
    } finally {
      setRunning(null);
    }
  };

  const history = [
    request.approvedByUser &&
      `Approuvée par ${request.approvedByUser.fullname} le ${formatDateTime(request.approved_at)}`,
    request.rejectedByUser &&
      `Rejetée par ${request.rejectedByUser.fullname} le ${formatDateTime(request.rejected_at)}`,
    request.validatedByUser &&
      `Validée par ${request.validatedByUser.fullname} le ${formatDateTime(request.validated_at)}`,
  ].filter(Boolean) as string[];

  const busy = running !== null;
  return (
    <Card title="Approbation" actions={<RequestStatusBadge status={request.status} />}>
      {history.length > 0 ? (
        <ul className="space-y-1 text-sm text-slate-700">
          {history.map((entry) => (
            <li key={entry}>{entry}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">En attente d&apos;une décision.</p>
      )}
      {rules.showApprovalBlock && (
        <>
          {problem && <FormError message={problem} className="mt-3" />}
          {watchesBudget && (
            <div className="mt-3">
              <BudgetLineRemaining line={budgetLine} amount={request.amount - request.amount_validated} />
            </div>
          )}
          {rules.ownRequest && (
            <p className="mt-3 text-sm text-slate-600">
              Vous avez créé cette demande : une autre personne doit l&apos;approuver.
            </p>
          )}
          {(rules.canApprove || rules.canReject || rules.canValidate) && (
            <div className="mt-3 flex flex-wrap gap-2">
              {rules.canApprove && (
                <Button loading={running === 'approved'} disabled={busy} onClick={() => void run('approved')}>
                  Approuver
                </Button>
              )}
              {rules.canValidate && (
                <Button
                  variant="secondary"
                  loading={running === 'validated'}
                  disabled={busy}
                  onClick={() => void run('validated')}
                >
                  Valider
                </Button>
              )}
              {rules.canReject && (
                <Button
                  variant="danger"
                  disabled={busy}
                  onClick={() => {
                    setReason('');
                    setRejectError(null);
                    setRejecting(true);
                  }}
                >
                  Rejeter
                </Button>
              )}
            </div>
          )}
        </>
      )}
      <Dialog
        open={rejecting}
        onOpenChange={(open) => !busy && setRejecting(open)}
        title="Rejeter la demande"
        dismissible={!busy}
        footer={
          <FormButtons
            saving={running === 'rejected'}
            danger
            submitLabel="Rejeter"
            onConfirm={async () => {
              const trimmed = reason.trim();
              if (await run('rejected', trimmed ? { reason: trimmed } : {})) setRejecting(false);
            }}
            onCancel={() => setRejecting(false)}
            cancelDisabled={busy}
          />
        }
      >
        <TextAreaField
          label="Motif (optionnel)"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <FormError message={rejectError} className="mt-3" />
      </Dialog>
    </Card>
  );
}
