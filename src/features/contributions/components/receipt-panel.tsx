import { useState } from 'react';
import type { Contribution } from '@contract/contributions';
import { useIdempotencyKey } from '@/shared/api/idempotency';
import { errorMessage } from '@/shared/lib/errors';
import { formatDate, formatMoney, fullName } from '@/shared/lib/format';
import { usePermissions } from '@/shared/permissions/use-permissions';
import { permissionEntity } from '@/shared/level/wire';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { Dialog } from '@/shared/ui/dialog';
import { Spinner } from '@/shared/ui/spinner';
import { notify } from '@/shared/ui/toast';
import { useCancelContribution, useContribution } from '../api/contributions';
import { PERMISSION_CODES } from '../labels';
import { PrintableReceipt } from './receipt-document';

const CODES = [PERMISSION_CODES.PRINT, PERMISSION_CODES.CANCEL];

/** A receipt with the actions its viewer may take (print, cancel), one permission check per receipt. */
export function ReceiptPanel({ contribution }: { contribution: Contribution }) {
  const permissions = usePermissions(
    CODES,
    permissionEntity({ entityType: contribution.entity_type, entityId: contribution.entity_id }),
  );
  const cancelWrite = useCancelContribution();
  const idempotency = useIdempotencyKey();
  const [confirming, setConfirming] = useState(false);

  const cancel = async () => {
    try {
      await cancelWrite.mutateAsync({ id: contribution.id, reason: '', key: idempotency.key() });
      idempotency.done();
      notify.success('Contribution annulée.');
      setConfirming(false);
    } catch (error) {
      notify.error(errorMessage(error));
      throw error;
    }
  };

  return (
    <>
      <PrintableReceipt
        contribution={contribution}
        canPrint={permissions.has(PERMISSION_CODES.PRINT)}
        actions={
          contribution.status === 'valid' && permissions.has(PERMISSION_CODES.CANCEL) ? (
            <Button type="button" variant="secondary" onClick={() => setConfirming(true)}>
              Annuler la contribution
            </Button>
          ) : null
        }
      />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Annuler cette contribution ?"
        message="Le reçu sera marqué annulé et une écriture inverse sera passée au journal de trésorerie. Cette action est irréversible."
        confirmLabel="Annuler la contribution"
        cancelLabel="Retour"
        danger
        onConfirm={cancel}
      />
    </>
  );
}

/** The receipt's one-line summary, read with the dialog's title: who gave, how much, when. */
function receiptDescription(contribution: Contribution | undefined): string {
  if (!contribution) return 'Chargement du reçu';
  const giver =
    contribution.is_anonymous || !contribution.contributor
      ? 'Don anonyme'
      : fullName(contribution.contributor);
  return `${giver}, ${formatMoney(contribution.amount)}, le ${formatDate(contribution.occurred_at)}`;
}

/** The receipt of one contribution in a dialog (lists open it with ?recu={id}). */
export function ReceiptDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useContribution(id);
  return (
    <Dialog
      open={id !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={query.data ? `Reçu ${query.data.receipt_number}` : 'Reçu'}
      description={receiptDescription(query.data)}
      size="lg"
    >
      {query.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(query.error)}
        </p>
      ) : (
        <ReceiptPanel contribution={query.data} />
      )}
    </Dialog>
  );
}
