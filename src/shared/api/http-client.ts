import axios, { AxiosError, type AxiosAdapter } from 'axios';
import { useAccountStore } from '@/shared/auth/account-store';
import { useLeaderStore } from '@/shared/auth/leader-store';
import { takeBootAnswer } from '@/shared/lib/boot';

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * A 403 on this call is the caller's to show (a part of a page the user may not read, the rest of
     * the page stays): the access-refused page is not opened.
     */
    forbiddenIsAnswer?: boolean;
  }
}

/** What every failed call rejects with: the server's body (`{ message }` in French), else the error's message. */
export type ApiErrorBody = { message: string; [key: string]: unknown };

export const http = axios.create({
  baseURL: `${import.meta.env.VITE_API_URL ?? ''}/api`,
  withCredentials: true,
  headers: { Accept: 'application/json' },
});

// A page the server drew (decision 0037) carries the answers it was drawn with: the first GET of each of
// those URLs is answered from them, the others (and every later call) by the network.
let network: AxiosAdapter | null = null;
const defaultAdapter = http.defaults.adapter;
http.defaults.adapter = (config) => {
  const drawn =
    (config.method ?? 'get').toLowerCase() === 'get' ? takeBootAnswer(http.getUri(config)) : undefined;
  if (drawn) return Promise.resolve({ data: drawn.body, status: 200, statusText: 'OK', headers: {}, config });
  network ??= axios.getAdapter(defaultAdapter);
  return network(config);
};

// The body is what callers see; the status stays reachable (the query client does not retry a 4xx)
// without being mixed into the server's answer.
const statusByError = new WeakMap<object, number>();

/** The HTTP status of an error the client rejected with, when there was an answer. */
export function getHttpStatus(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null ? statusByError.get(error) : undefined;
}

/** The page reload of an expired session (an object, so that tests can watch it). */
export const browserPage = {
  reload: () => window.location.reload(),
};

let onForbidden: () => void = () => window.location.assign('/access-refuse');

/** The router injects its own navigation here (importing it from the client would make a cycle). */
export function setForbiddenHandler(handler: () => void): void {
  onForbidden = handler;
}

/** A call that got no answer (network down, timeout, the server unreachable): said in French, not axios' English. */
export const NO_ANSWER_MESSAGE =
  'Le serveur ne répond pas. Vérifiez votre connexion internet puis réessayez.';

/** An answer without the server's French message (an empty body, a proxy's HTML page), by its status. */
export function statusMessage(status: number): string {
  return status >= 500
    ? `Le serveur a rencontré une erreur (${status}). Réessayez dans un instant.`
    : `La demande a échoué (${status}).`;
}

function toRejection(error: unknown): object {
  if (!(error instanceof AxiosError)) {
    return { message: error instanceof Error ? error.message : String(error) };
  }
  const body: unknown = error.response?.data;
  const status = error.response?.status;
  const text = typeof body === 'string' ? body.trim() : '';
  const rejection: object =
    typeof body === 'object' && body !== null
      ? body
      : text && !text.startsWith('<')
        ? { message: text }
        : { message: status === undefined ? NO_ANSWER_MESSAGE : statusMessage(status) };
  if (status !== undefined) statusByError.set(rejection, status);
  return rejection;
}

http.interceptors.response.use(
  (response) => response,
  (error: unknown) => {
    const status = error instanceof AxiosError ? error.response?.status : undefined;
    if (status === 401) {
      // Only an expired session reloads: a guest's failed GET /me just means "guest" (no reload loop).
      const { account, setAccount } = useAccountStore.getState();
      if (account !== null && account !== undefined) {
        setAccount(null);
        useLeaderStore.getState().clear();
        browserPage.reload();
      }
    } else if (status === 403 && !(error instanceof AxiosError && error.config?.forbiddenIsAnswer)) {
      onForbidden();
    }
    return Promise.reject(toRejection(error));
  },
);
