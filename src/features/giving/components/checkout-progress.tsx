import type { ReactNode } from 'react';
import type { CheckoutStatus } from '@contract/giving';
import type { ContributionType } from '@contract/values/contributions';
import { formatMoney } from '@/shared/lib/format';
import { QrCode } from '@/shared/ui/qr-code';
import { Spinner } from '@/shared/ui/spinner';
import { CONTRIBUTION_TYPE_LABELS, receiptUrl } from '../lib/labels';

/**
 * Where a gift stands once the giver is back from LigdiCash: 'Paiement en cours de confirmation' while
 * the server checks it with the provider, then the receipt with its QR code (the public verification),
 * or why it did not go through.
 */
export function CheckoutProgress({
  status,
  amount,
  type,
  recipient,
  receipt,
  reason,
  actions,
}: {
  status: CheckoutStatus;
  amount: number;
  type: ContributionType;
  /** the church or department the gift goes to */
  recipient: string;
  receipt: { public_id: string; receipt_number: string } | null;
  reason?: string | null;
  /** links under the answer (the receipt, give again…) */
  actions?: ReactNode;
}) {
  const what = `${CONTRIBUTION_TYPE_LABELS[type]} de ${formatMoney(amount)} à ${recipient}`;
  return (
    <section
      aria-live="polite"
      aria-label="Votre don"
      className="mx-auto max-w-xl space-y-4 rounded-lg border border-slate-200 bg-white p-4 text-center sm:p-6"
    >
      {status === 'paid' && receipt ? (
        <>
          <h2 className="text-lg font-semibold text-green-700">Paiement confirmé</h2>
          <p className="text-sm text-slate-700">{what}. Merci !</p>
          <p className="font-mono text-sm">Reçu N° {receipt.receipt_number}</p>
          <div className="flex flex-col items-center gap-1">
            <QrCode url={receiptUrl(receipt.public_id)} className="h-40 w-40" />
            <p className="text-xs text-slate-500">Scannez pour vérifier ce reçu</p>
          </div>
        </>
      ) : status === 'pending' || status === 'started' ? (
        <>
          <h2 className="text-lg font-semibold text-slate-900">Paiement en cours de confirmation</h2>
          <div className="flex justify-center">
            <Spinner label="Vérification auprès de LigdiCash" />
          </div>
          <p className="text-sm text-slate-600">
            {what}. Nous vérifions votre paiement auprès de LigdiCash ; votre reçu apparaîtra ici dès qu’il
            sera confirmé. Vous pouvez fermer cette page : le don sera enregistré dès la confirmation.
          </p>
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold text-red-700">
            {status === 'expired' ? 'Paiement expiré' : 'Le paiement n’a pas abouti'}
          </h2>
          <p className="text-sm text-slate-700">{what} : aucun montant n’a été enregistré.</p>
          {reason && <p className="text-sm text-slate-600">{reason}</p>}
        </>
      )}
      {actions && (
        <div className="flex flex-col items-center gap-2 sm:flex-row sm:justify-center">{actions}</div>
      )}
    </section>
  );
}
