import type { Account, LoginBody } from '@contract/auth';
import { getHttpStatus, http, onSessionEnded } from '@/shared/api/http-client';
import { queryClient } from '@/shared/api/query-client';
import { clearOutbox } from '@/shared/offline/outbox';
import { startOutbox } from '@/shared/offline/outbox-store';
import { forgetQueriesOf, keepQueriesOf } from '@/shared/offline/persisted-queries';
import { useAccountStore } from './account-store';
import { useLeaderStore } from './leader-store';

function signedIn(account: Account): void {
  // the answers kept on this device are this user's (decision 0039), and so is the outbox
  keepQueriesOf(queryClient, account.id);
  startOutbox(account.id);
  // the same account as the one kept from the last visit: nothing to render again
  const known = useAccountStore.getState().account;
  if (known && JSON.stringify(known) === JSON.stringify(account)) return;
  useAccountStore.getState().setAccount(account);
  useLeaderStore.getState().setFromAccount(account);
}

/** Forgets the account; what the device kept for the user who was signed in goes too (decision 0039). */
function signedOut(account: null = null): void {
  const previous = useAccountStore.getState().account;
  keepQueriesOf(queryClient, null);
  // the writes kept for later stay on the device for the same user (an expired session is no reason
  // to lose a receipt); signing out deletes them, once the user said so (logout)
  startOutbox(null);
  useAccountStore.getState().setAccount(account);
  useLeaderStore.getState().clear();
  if (previous) void forgetQueriesOf(previous.id);
}

// An expired session (a 401 on any call): the user's kept answers go before the page reloads.
onSessionEnded((userId) => {
  keepQueriesOf(queryClient, null);
  return forgetQueriesOf(userId);
});

/** POST /login: the answer is the account. Nothing is stored when it fails (the call rejects). */
export async function login(body: LoginBody): Promise<Account> {
  const { data } = await http.post<Account>('/login', body);
  queryClient.clear();
  signedIn(data);
  return data;
}

/**
 * DELETE /logout: stores its answer (null) as the account and forgets the leader context. Everything
 * the device kept for the user goes: the answers, and the writes not sent yet (the header asks first).
 */
export async function logout(): Promise<void> {
  const previous = useAccountStore.getState().account;
  if (previous) await clearOutbox(previous.id).catch(() => undefined);
  try {
    const { data } = await http.delete<null>('/logout');
    signedOut(data ?? null);
  } catch {
    // Signing out must work even when the server is unreachable or the session already expired.
    signedOut();
  } finally {
    queryClient.clear();
  }
}

/**
 * GET /me at start: the account, or null (guest) when the server says so. Without an answer (no
 * network), the account kept on this device stays signed in: the pages open with what the device
 * kept (decision 0039), and GET /me is asked again when the network returns.
 */
export async function loadSession(): Promise<Account | null> {
  const kept = useAccountStore.getState().account;
  if (kept) {
    keepQueriesOf(queryClient, kept.id);
    startOutbox(kept.id);
  }
  try {
    const { data } = await http.get<Account>('/me');
    if (!data || typeof data !== 'object') {
      signedOut();
      return null;
    }
    if (kept && kept.id !== data.id) queryClient.clear();
    signedIn(data);
    return data;
  } catch (error) {
    if (getHttpStatus(error) === undefined && kept) return kept;
    signedOut();
    return null;
  }
}

// Back online: the session is asked again (a 401 then signs out as usual).
if (typeof window !== 'undefined')
  window.addEventListener('online', () => {
    if (useAccountStore.getState().account) void loadSession();
  });
