import { useLocation, useParams, useSearchParams } from 'react-router';
import { useAccount } from '@/shared/auth/account-store';
import { useLevel } from '@/shared/level/level-context';
import type { DocumentEntity } from '../api/keys';

/**
 * Where a document is mounted:
 * - 'level': the level of the space (the church of /mon-eglise, the office of /mon-bureau-national);
 * - 'accountant-param': the accountant space's /journal-de-tresorerie/:id (the church id);
 * - 'accountant-choose': the accountant space's other documents, on one of the managed churches, chosen
 *   on the page or passed as ?church=ID.
 */
export type DocumentPlace = 'level' | 'accountant-param' | 'accountant-choose';

export const ACCOUNTANT_ROOT = '/espace-comptable';

export function useDocumentEntity(place: DocumentPlace): {
  entity: DocumentEntity | null;
  /** accountant-choose: the managed churches to choose from, and how to choose */
  churches: { id: number; name: string }[];
  chooseChurch: (id: number) => void;
} {
  const level = useLevel();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const account = useAccount();
  const churches = account?.managedChurches ?? [];
  const chooseChurch = (id: number) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set('church', String(id));
        return next;
      },
      { replace: true },
    );

  if (place === 'level') {
    const entity =
      level.entityType !== 'GLOBAL' && level.entityId !== null
        ? { entityType: level.entityType, entityId: level.entityId }
        : null;
    return { entity, churches, chooseChurch };
  }
  const raw = place === 'accountant-param' ? params.id : search.get('church');
  const id = Number(raw);
  const entity = raw && Number.isInteger(id) && id > 0 ? { entityType: 'CHURCH', entityId: id } : null;
  return { entity, churches, chooseChurch };
}

/** The back link: the previous location when the page was opened with one (location.state.from). */
export function useBackFrom(fallback: string): string {
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') ? from : fallback;
}
