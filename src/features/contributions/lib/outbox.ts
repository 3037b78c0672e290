import type { CreateContributionBody } from '@contract/contributions';
import { DASHBOARD_QUERY_ROOT, queryClient } from '@/shared/api/query-client';
import type { EntityLevel } from '@/shared/level/level-context';
import type { OutboxEntry } from '@/shared/offline/outbox';
import {
  keepInOutbox,
  onOutboxChangedElsewhere,
  onOutboxSent,
  useOutbox,
} from '@/shared/offline/outbox-store';
import { notify } from '@/shared/ui/toast';
import { contributionKeys } from '../api/contributions';

/**
 * The receipts a treasurer records without network (decision 0039), in the device's outbox
 * (src/shared/offline/outbox.ts) with their Idempotency-Key until the server accepts them: only then
 * do they get a number, a receipt and its QR code.
 */

/** What the list shows of a receipt not sent yet, and what its correction starts from. */
export type KeptContributionSummary = {
  /** the contributor's label as the form showed it, 'Anonyme' for an anonymous gift */
  contributor: string;
  receipt_account: string;
  payment_account: string;
};

export type KeptContribution = OutboxEntry & {
  request: { body: CreateContributionBody };
  summary: KeptContributionSummary;
};

/** Keeps a receipt for later, with the key it was (or will be) sent with. */
export function keepContribution(input: {
  key: string;
  body: CreateContributionBody;
  entity: EntityLevel;
  summary: KeptContributionSummary;
}): Promise<OutboxEntry> {
  return keepInOutbox({
    key: input.key,
    kind: 'contribution',
    request: { method: 'POST', path: '/contributions', body: input.body },
    entity: { entityType: input.entity.entityType, entityId: input.entity.entityId },
    summary: input.summary,
  });
}

/** The signed-in user's receipts not sent yet, of one entity (or all). */
export function useKeptContributions(entity: EntityLevel | null): KeptContribution[] {
  return useOutbox().filter(
    (entry): entry is KeptContribution =>
      entry.kind === 'contribution' &&
      (entity === null ||
        (entry.entity?.entityType === entity.entityType && entry.entity.entityId === entity.entityId)),
  );
}

const refresh = () => {
  void queryClient.invalidateQueries({ queryKey: contributionKeys.all });
  void queryClient.invalidateQueries({ queryKey: [DASHBOARD_QUERY_ROOT] });
};

// Once sent: the lists show the receipts the server made; a refusal is said and waits in 'À envoyer'.
onOutboxSent((round) => {
  const sent = round.sent.filter(({ entry }) => entry.kind === 'contribution').length;
  const refused = round.refused.filter((entry) => entry.kind === 'contribution').length;
  if (sent) {
    refresh();
    notify.success(
      sent === 1
        ? 'Recette envoyée : son reçu est disponible.'
        : `${sent} recettes envoyées : leurs reçus sont disponibles.`,
    );
  }
  if (refused)
    notify.error(
      refused === 1
        ? 'Une recette a été refusée par le serveur : corrigez-la ou supprimez-la (À envoyer).'
        : `${refused} recettes ont été refusées par le serveur : corrigez-les ou supprimez-les (À envoyer).`,
    );
});
// sent by the service worker or another page: the lists are asked again
onOutboxChangedElsewhere(refresh);
