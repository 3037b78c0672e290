import { useState, type ReactNode } from 'react';
import type { Contribution } from '@contract/contributions';
import { cn } from '@/shared/lib/cn';
import { formatDateTime, formatMoney } from '@/shared/lib/format';
import { APP_TITLE } from '@/shared/config';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { CONTRIBUTION_TYPE_LABELS, contributorName, receiptUrl } from '../labels';
import { ReceiptQr } from './receipt-qr';
import { PrintPortal } from './print-portal';

export type ReceiptFormat = 'a4' | 'thermal';

export const FORMAT_LABELS: Record<ReceiptFormat, string> = { a4: 'A4', thermal: 'Ticket 80 mm' };

function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 border-b border-slate-100 py-1.5 last:border-0">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

/** The receipt as printed and shown: entity, number, contributor, amount and the verification QR code. */
export function ReceiptDocument({
  contribution,
  format = 'a4',
  className,
}: {
  contribution: Contribution;
  format?: ReceiptFormat;
  className?: string;
}) {
  const url = receiptUrl(contribution.public_id);
  const cancelled = contribution.status === 'cancelled';
  const thermal = format === 'thermal';
  return (
    <article
      aria-label={`Reçu ${contribution.receipt_number}`}
      className={cn(
        'receipt-document mx-auto bg-white text-sm',
        thermal ? 'max-w-[72mm]' : 'max-w-2xl',
        className,
      )}
    >
      <header className={cn('border-b border-slate-300 pb-2 text-center', !thermal && 'sm:text-left')}>
        <p className="text-xs uppercase tracking-wide text-slate-500">{APP_TITLE}</p>
        <p className="text-base font-semibold">{contribution.entity_name}</p>
        <h2 className="mt-1 text-lg font-bold">Reçu de contribution</h2>
        <p className="font-mono text-sm">N° {contribution.receipt_number}</p>
        {cancelled && (
          <p className="mt-1">
            <Badge tone="red">Reçu annulé</Badge>
          </p>
        )}
      </header>
      <div
        className={cn('mt-3 gap-4', thermal ? 'flex flex-col' : 'flex flex-col sm:flex-row sm:items-start')}
      >
        <dl className="min-w-0 flex-1">
          <Line label="Date" value={formatDateTime(contribution.occurred_at)} />
          <Line label="Reçu de" value={contributorName(contribution)} />
          {contribution.contributor?.registration_number && !contribution.is_anonymous && (
            <Line label="Matricule" value={contribution.contributor.registration_number} />
          )}
          <Line label="Type" value={CONTRIBUTION_TYPE_LABELS[contribution.type]} />
          <Line label="Compte de recette" value={contribution.receipt_account.name} />
          <Line label="Mode de paiement" value={contribution.payment_account.name} />
          {contribution.notes && <Line label="Notes" value={contribution.notes} />}
          {contribution.created_by_name && (
            <Line label="Enregistré par" value={contribution.created_by_name} />
          )}
        </dl>
        <div className={cn('flex flex-col items-center gap-1 text-center', !thermal && 'sm:w-44')}>
          <p className="text-2xl font-bold tabular-nums" aria-label="Montant">
            {formatMoney(contribution.amount)}
          </p>
          <ReceiptQr url={url} className="h-36 w-36" />
          <p className="text-xs text-slate-500">Scannez pour vérifier ce reçu</p>
          <p className="break-all font-mono text-[10px] text-slate-600">{url}</p>
        </div>
      </div>
    </article>
  );
}

/**
 * The receipt on screen with its toolbar: the paper format and, for holders of
 * contribution:print_receipt, the print button. A copy of the receipt sits under <body> for the
 * printer (receipt-print.css hides everything else when printing).
 */
export function PrintableReceipt({
  contribution,
  canPrint,
  actions,
}: {
  contribution: Contribution;
  canPrint: boolean;
  actions?: ReactNode;
}) {
  const [format, setFormat] = useState<ReceiptFormat>('a4');

  return (
    <div className="space-y-4">
      <div className="no-print flex flex-wrap items-center gap-2">
        <div
          role="group"
          aria-label="Format du reçu"
          className="inline-flex rounded-md border border-slate-300"
        >
          {(Object.keys(FORMAT_LABELS) as ReceiptFormat[]).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={format === key}
              onClick={() => setFormat(key)}
              className={cn(
                'h-9 px-3 text-sm first:rounded-l-md last:rounded-r-md',
                format === key ? 'bg-brand-600 text-white' : 'bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {FORMAT_LABELS[key]}
            </button>
          ))}
        </div>
        {canPrint && (
          <Button type="button" onClick={() => window.print()}>
            Imprimer le reçu
          </Button>
        )}
        {actions}
      </div>
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <ReceiptDocument contribution={contribution} format={format} />
      </div>
      <PrintPortal format={format}>
        <ReceiptDocument contribution={contribution} format={format} />
      </PrintPortal>
    </div>
  );
}
