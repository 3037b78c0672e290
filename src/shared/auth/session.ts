import type { Account, LoginBody } from '@contract/auth';
import { http } from '@/shared/api/http-client';
import { queryClient } from '@/shared/api/query-client';
import { useAccountStore } from './account-store';
import { useLeaderStore } from './leader-store';

function signedIn(account: Account): void {
  // the same account as the one kept from the last visit: nothing to render again
  const known = useAccountStore.getState().account;
  if (known && JSON.stringify(known) === JSON.stringify(account)) return;
  useAccountStore.getState().setAccount(account);
  useLeaderStore.getState().setFromAccount(account);
}

function signedOut(account: null = null): void {
  useAccountStore.getState().setAccount(account);
  useLeaderStore.getState().clear();
}

/** POST /login: the answer is the account. Nothing is stored when it fails (the call rejects). */
export async function login(body: LoginBody): Promise<Account> {
  const { data } = await http.post<Account>('/login', body);
  queryClient.clear();
  signedIn(data);
  return data;
}

/** DELETE /logout: stores its answer (null) as the account and forgets the leader context. */
export async function logout(): Promise<void> {
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

/** GET /me at start: the account, or null (guest) when it fails. */
export async function loadSession(): Promise<Account | null> {
  try {
    const { data } = await http.get<Account>('/me');
    if (!data || typeof data !== 'object') {
      signedOut();
      return null;
    }
    signedIn(data);
    return data;
  } catch {
    signedOut();
    return null;
  }
}
