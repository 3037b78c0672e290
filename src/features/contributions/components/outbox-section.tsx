import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatMoney } from '@/shared/lib/format';
import type { EntityLevel } from '@/shared/level/level-context';
import { deleteOutboxEntry } from '@/shared/offline/outbox';
import { flushOutbox } from '@/shared/offline/outbox-store';
import { useOnline } from '@/shared/offline/online';
import { useSpacePaths } from '@/shared/routing/space-paths';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { CONTRIBUTION_TYPE_LABELS } from '../labels';
import { useKeptContributions, type KeptContribution } from '../lib/outbox';

/**
 * 'À envoyer': the receipts of this Level recorded on this device without network (decision
 * 0042), before the list of those the server holds. Each waits, 'En attente d’envoi', until the network
 * returns, or was refused by the server, with its French message, to correct or delete. They have no
 * number nor receipt yet: the server gives them once it accepts them.
 */
export function OutboxSection({ entity }: { entity: EntityLevel }) {
  const kept = useKeptContributions(entity);
  const online = useOnline();
  const paths = useSpacePaths();
  const [deleting, setDeleting] = useState<KeptContribution | null>(null);
  const [sending, setSending] = useState(false);
  if (kept.length === 0) return null;
  const newPage = paths.page('contributions.new');
  const pending = kept.filter((entry) => entry.state === 'pending').length;

  const send = async () => {
    setSending(true);
    try {
      await flushOutbox();
    } finally {
      setSending(false);
    }
  };

  return (
    <section
      id="a-envoyer"
      aria-labelledby="a-envoyer-titre"
      className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="a-envoyer-titre" className="text-base font-semibold text-slate-900">
          À envoyer ({kept.length})
        </h2>
        {online && pending > 0 && (
          <Button type="button" size="sm" variant="secondary" loading={sending} onClick={() => void send()}>
            Envoyer maintenant
          </Button>
        )}
      </div>
      <p className="text-sm text-slate-700">
        Enregistrées sur cet appareil ; leur numéro et leur reçu viendront une fois acceptées par le serveur.
      </p>
      <ul className="divide-y divide-amber-200 overflow-hidden rounded-md border border-amber-200 bg-white">
        {kept.map((entry) => {
          const body = entry.request.body;
          // a receipt already tried may be on the server: it is only sent again, with its key
          const editable = entry.state === 'refused' || entry.attempts === 0;
          return (
            <li key={entry.key} className="space-y-2 px-3 py-3">
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {entry.summary.contributor} · {CONTRIBUTION_TYPE_LABELS[body.type]}
                  </p>
                  <p className="text-xs text-slate-600">
                    {formatDateTime(body.occurred_at)} · {entry.summary.payment_account}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="font-semibold tabular-nums">{formatMoney(body.amount)}</span>
                  {entry.state === 'refused' ? (
                    <Badge tone="red">Refusée</Badge>
                  ) : (
                    <Badge tone="amber">En attente d’envoi</Badge>
                  )}
                </div>
              </div>
              {entry.state === 'refused' && <p className="text-sm text-red-800">{entry.message}</p>}
              {editable && (
                <div className="flex flex-wrap gap-2">
                  {newPage && (
                    <Link
                      to={`${newPage}?corriger=${encodeURIComponent(entry.key)}`}
                      className="inline-flex h-10 items-center rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50"
                    >
                      Corriger
                    </Link>
                  )}
                  <Button type="button" variant="secondary" onClick={() => setDeleting(entry)}>
                    Supprimer
                  </Button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Supprimer cette recette ?"
        message="Elle n’a pas été enregistrée par le serveur : elle disparaîtra de cet appareil."
        confirmLabel="Supprimer"
        danger
        onConfirm={async () => {
          if (deleting) await deleteOutboxEntry(deleting);
          setDeleting(null);
        }}
      />
    </section>
  );
}
