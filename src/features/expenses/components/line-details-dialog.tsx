import type { ReactNode } from 'react';
import type { ExpenseLine, PaymentMethod } from '@contract/expenses';
import { formatDateTime } from '@/shared/lib/format';
import { Dialog } from '@/shared/ui/dialog';
import { Money } from '@/shared/ui/money';
import { DONATION_TYPE_LABELS, PAYMENT_METHOD_LABELS, RECIPIENT_ENTITY_LABELS } from '../lib/labels';
import { LineStatusBadge } from './status-badge';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[minmax(0,10rem)_1fr] gap-2 py-1.5 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Everything about one line: amounts, recipient, notes and its payments. */
export function LineDetailsDialog({ line, onClose }: { line: ExpenseLine | null; onClose: () => void }) {
  return (
    <Dialog
      open={line !== null}
      onOpenChange={(open) => !open && onClose()}
      title={line ? line.name : 'Détails'}
      size="lg"
    >
      {line && (
        <div className="space-y-4">
          <dl className="divide-y divide-slate-100">
            <Row label="Statut">
              <LineStatusBadge status={line.status} />
            </Row>
            <Row label="Quantité">{line.quantity}</Row>
            <Row label="Prix unitaire">
              <Money amount={line.unit_price} />
            </Row>
            <Row label="Montant">
              <Money amount={line.amount} />
            </Row>
            <Row label="Déjà payé">
              <Money amount={line.amount_validated} />
            </Row>
            <Row label="Reste à payer">
              <Money amount={line.remaining} />
            </Row>
            <Row label="Type de dépense">{DONATION_TYPE_LABELS[line.donation_type]}</Row>
            {line.donation_type !== 'none' && line.is_anonymous && <Row label="Don anonyme">Oui</Row>}
            {line.donation_type === 'individual' && (
              <>
                <Row label="Bénéficiaire">
                  {[line.recipient_first_name, line.recipient_last_name].filter(Boolean).join(' ') || '—'}
                </Row>
                {line.recipient_phone && <Row label="Téléphone">{line.recipient_phone}</Row>}
                {line.recipient_address && <Row label="Adresse">{line.recipient_address}</Row>}
              </>
            )}
            {line.donation_type === 'legal_entity' && (
              <>
                <Row label="Entreprise">{line.recipient_company_name ?? '—'}</Row>
                {line.recipient_registration_number && (
                  <Row label="Immatriculation">{line.recipient_registration_number}</Row>
                )}
                {line.recipient_tax_id && <Row label="Identifiant fiscal">{line.recipient_tax_id}</Row>}
                {line.recipient_company_address && (
                  <Row label="Adresse">{line.recipient_company_address}</Row>
                )}
                {line.recipient_company_phone && <Row label="Téléphone">{line.recipient_company_phone}</Row>}
                {line.recipient_company_email && <Row label="Email">{line.recipient_company_email}</Row>}
              </>
            )}
            {line.donation_type === 'system_entity' && line.recipient_entity_type && (
              <Row label="Entité bénéficiaire">
                {RECIPIENT_ENTITY_LABELS[line.recipient_entity_type]}
                {line.recipient_entity_id ? ` n° ${line.recipient_entity_id}` : ''}
              </Row>
            )}
            {line.notes && <Row label="Notes">{line.notes}</Row>}
          </dl>
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Paiements</h3>
            {line.payments.length === 0 ? (
              <p className="text-sm text-slate-500">Aucun paiement</p>
            ) : (
              <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
                {line.payments.map((payment) => (
                  <li
                    key={payment.id}
                    className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
                  >
                    <span>
                      {formatDateTime(payment.validated_at)} ·{' '}
                      {PAYMENT_METHOD_LABELS[payment.payment_method as PaymentMethod] ??
                        payment.payment_method}{' '}
                      · {payment.paymentAccount.name}
                      <span className="block text-xs text-slate-500">par {payment.user.fullname}</span>
                    </span>
                    <Money amount={payment.amount} className="font-semibold" />
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
