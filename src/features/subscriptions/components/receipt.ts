import type { SubscriptionDetail } from '@contract/subscriptions';
import { formatDate, formatDateTime, formatMoney } from '@/shared/lib/format';
import { periodLabel } from '../lib/forms';
import { paymentOperatorLabel } from '@contract/values/subscriptions';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The A4 payment receipt of a paid subscription, as a standalone HTML document. */
export function receiptHtml(s: SubscriptionDetail): string {
  const p = s.payment!;
  const row = (label: string, value: string) =>
    `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8">
<title>Reçu de paiement — souscription n° ${s.id}</title>
<style>
@page { size: A4; margin: 20mm; }
body { font-family: system-ui, sans-serif; color: #0f172a; max-width: 170mm; margin: 0 auto; }
h1 { font-size: 20pt; margin: 0 0 4mm; } .sub { color: #475569; margin: 0 0 10mm; }
table { width: 100%; border-collapse: collapse; font-size: 11pt; }
th, td { text-align: left; padding: 3mm 2mm; border-bottom: 1px solid #e2e8f0; vertical-align: top; }
th { width: 45%; color: #475569; font-weight: 500; }
.total { font-size: 16pt; font-weight: 700; margin-top: 8mm; }
footer { margin-top: 14mm; font-size: 9pt; color: #64748b; }
</style></head><body>
<h1>Reçu de paiement</h1>
<p class="sub">Ekklesia Gestion — souscription n° ${s.id}</p>
<table>
${row('Groupe', s.group.name)}
${row('Type de souscription', s.subscription_type.name)}
${row('Période facturée', periodLabel(s.start_date, s.end_date))}
${row('Date de facturation', formatDate(s.created_at))}
${row('Date du paiement', formatDateTime(p.paid_at))}
${row('Moyen de paiement', paymentOperatorLabel(p.method) ?? 'LigdiCash')}
${row('Référence', p.reference ?? '')}
${row('Payé par', p.payer?.name ?? '')}
</table>
<p class="total">Montant payé : ${escapeHtml(formatMoney(s.amount))}</p>
<footer>Paiement encaissé par LigdiCash pour Ekklesia Gestion. Reçu émis le ${escapeHtml(formatDateTime(new Date()))}.</footer>
</body></html>`;
}

/** Opens the receipt in a new window and asks the browser to print it. */
export function printReceipt(s: SubscriptionDetail): void {
  const win = window.open('', '_blank');
  if (!win) return;
  win.document.write(receiptHtml(s));
  win.document.close();
  win.focus();
  win.print();
}
