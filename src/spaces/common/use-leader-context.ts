import { useAccount } from '@/shared/auth/account-store';
import { useLeaderStore, type LeaderContext } from '@/shared/auth/leader-store';

type ContextKey = 'church' | 'section' | 'region' | 'nationalOffice';

/**
 * The group a leader space works on: the leader storage, else the account it is filled from (the
 * two can differ for an instant while GET /me stores them one after the other).
 */
export function useLeaderContext<K extends ContextKey>(key: K): LeaderContext[K] {
  const fromLeader = useLeaderStore((state) => state[key]);
  const account = useAccount();
  return fromLeader ?? ((account?.[key] ?? null) as LeaderContext[K]);
}
