import { Link } from 'react-router';
import { OUTBOX_KINDS, type OutboxEntry } from '@/shared/offline/outbox';
import { useOutbox } from '@/shared/offline/outbox-store';
import type { PageId } from '@/shared/routing/page-route';
import { useSpacePaths } from '@/shared/routing/space-paths';

/** The list that shows each kind of entry kept on the device. */
const OUTBOX_PAGES: Record<OutboxEntry['kind'], PageId> = { contribution: 'contributions.list' };
import { cn } from '@/shared/lib/cn';

/** 'n recettes en attente d'envoi': the count of the user's outbox (decision 0039). */
export function outboxCountLabel(count: number): string {
  const { one, many } = OUTBOX_KINDS.contribution;
  return count === 1 ? `1 ${one} en attente d’envoi` : `${count} ${many} en attente d’envoi`;
}

/**
 * The header's count of what waits to be sent (the receipts recorded without network, or refused by
 * the server): a link to the list that shows them, at the Level they were recorded at. Nothing when the
 * outbox is empty.
 */
export function OutboxIndicator() {
  const entries = useOutbox();
  const paths = useSpacePaths();
  if (entries.length === 0) return null;
  const first = entries[0];
  const refused = entries.some((entry) => entry.state === 'refused');
  const to = first.entity
    ? paths.pageOf(
        { type: first.entity.entityType as never, target: { id: first.entity.entityId } },
        OUTBOX_PAGES[first.kind],
      )
    : null;
  const label = outboxCountLabel(entries.length);
  const content = (
    <>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M12 16V4" />
        <path d="m7 9 5-5 5 5" />
        <path d="M20 16v3a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-3" />
      </svg>
      <span className="tabular-nums">{entries.length}</span>
      <span className="hidden lg:inline">en attente</span>
    </>
  );
  const className = cn(
    'inline-flex h-10 shrink-0 items-center gap-1 rounded-md px-2 text-sm font-medium',
    refused ? 'bg-red-50 text-red-800 hover:bg-red-100' : 'bg-amber-50 text-amber-900 hover:bg-amber-100',
  );
  return to ? (
    <Link to={`${to}#a-envoyer`} aria-label={label} title={label} className={className}>
      {content}
    </Link>
  ) : (
    <span role="status" aria-label={label} title={label} className={className}>
      {content}
    </span>
  );
}
