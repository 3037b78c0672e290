import { useAccountStore } from '@/shared/auth/account-store';
import { useLeaderStore } from '@/shared/auth/leader-store';
import { takeBootAnswer } from '@/shared/lib/boot';

/**
 * The SPA's one HTTP client: `http.get/post/put/patch/delete` under `/api` (VITE_API_URL for another
 * origin), cookies sent, JSON in and out, answering `{ data, status, headers }`. Written on the
 * browser's fetch (and XMLHttpRequest for an upload's progress) instead of axios, which was 13 KB of
 * every page's JavaScript (decision 0039); the calls read as they did with axios.
 */

/** What a call may say beside its URL and body. */
export type HttpConfig = {
  /** the query string: undefined and null are left out, a Date is sent as ISO, an array as `key[]=` */
  params?: object;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A 403 on this call is the caller's to show (a part of a page the user may not read, the rest of
   * the page stays): the access-refused page is not opened.
   */
  forbiddenIsAnswer?: boolean;
  /** an upload's progress (sent through XMLHttpRequest, which reports it) */
  onUploadProgress?: (event: { loaded: number; total?: number }) => void;
};

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type HttpRequest = HttpConfig & { method: HttpMethod; url: string; data?: unknown };

export type HttpResponse<T = unknown> = { data: T; status: number; headers: Headers };

/** Sends a request: the network, or an answer from elsewhere (a drawn page's answers, the drawing in Node). */
export type HttpAdapter = (request: HttpRequest) => Promise<HttpResponse>;

/** A call that got an answer outside 2xx (the body as the server sent it), or none (`status` undefined). */
export class HttpFailure extends Error {
  constructor(
    readonly status: number | undefined,
    readonly body: unknown,
  ) {
    super(status === undefined ? 'no answer' : `HTTP ${status}`);
    this.name = 'HttpFailure';
  }
}

/** What every failed call rejects with: the server's body (`{ message }` in French), else the error's message. */
export type ApiErrorBody = { message: string; [key: string]: unknown };

const defaults: { baseURL: string; withCredentials: boolean; adapter: HttpAdapter } = {
  baseURL: `${import.meta.env.VITE_API_URL ?? ''}/api`,
  withCredentials: true,
  adapter: (request) => send(request),
};

/** The query string of `params`, as axios wrote it (the server reads both). */
function queryString(params: object | undefined): string {
  if (!params) return '';
  const search = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined || value === null) return;
    search.append(key, value instanceof Date ? value.toISOString() : String(value));
  };
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const item of value) add(`${key}[]`, item);
    else add(key, value);
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The full URL of a call: `/api/contributions?page=1` (the base, the path, the query). */
function getUri(request: { url: string; params?: object }): string {
  const absolute = /^https?:\/\//.test(request.url);
  return `${absolute ? '' : defaults.baseURL}${request.url}${queryString(request.params)}`;
}

function readBody(text: string): unknown {
  if (!text) return '';
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function bodyOf(data: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (data === undefined) return undefined;
  if (data instanceof FormData || data instanceof Blob || typeof data === 'string') return data;
  headers['Content-Type'] ??= 'application/json';
  return JSON.stringify(data);
}

/** The network: fetch, or XMLHttpRequest when the caller follows an upload's progress. */
async function send(request: HttpRequest): Promise<HttpResponse> {
  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  const body = bodyOf(request.data, headers);
  const url = getUri(request);
  if (request.onUploadProgress) return sendWithProgress(request, url, headers, body);
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers,
      body,
      credentials: defaults.withCredentials ? 'include' : 'same-origin',
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new HttpFailure(undefined, null);
  }
  const data = readBody(await response.text().catch(() => ''));
  if (!response.ok) throw new HttpFailure(response.status, data);
  return { data, status: response.status, headers: response.headers };
}

function sendWithProgress(
  request: HttpRequest,
  url: string,
  headers: Record<string, string>,
  body: BodyInit | undefined,
): Promise<HttpResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, url);
    xhr.withCredentials = defaults.withCredentials;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) =>
      request.onUploadProgress?.({
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : undefined,
      });
    xhr.onload = () => {
      const data = readBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        const answer = new Headers();
        const type = xhr.getResponseHeader('content-type');
        if (type) answer.set('content-type', type);
        resolve({ data, status: xhr.status, headers: answer });
      } else reject(new HttpFailure(xhr.status, data));
    };
    xhr.onerror = () => reject(new HttpFailure(undefined, null));
    request.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

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

/**
 * A session that ended (a 401 for a known account): what the device kept for that user goes before
 * the page reloads (decision 0039). Each listener gets the account's id; the reload waits for them
 * (2 s at most).
 */
type SessionEndedListener = (userId: number) => Promise<void> | void;
const sessionEndedListeners = new Set<SessionEndedListener>();
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** A call that got no answer (network down, timeout, the server unreachable): said in French. */
export const NO_ANSWER_MESSAGE =
  'Le serveur ne répond pas. Vérifiez votre connexion internet puis réessayez.';

/** A write made while the device has no network: what needs the server says so. */
export const OFFLINE_MESSAGE =
  'Vous êtes hors ligne : cette action a besoin du serveur. Réessayez quand le réseau sera revenu.';

/** A read made while the device has no network, of data it did not keep. */
export const OFFLINE_READ_MESSAGE =
  'Vous êtes hors ligne et ces données ne sont pas enregistrées sur cet appareil : elles s’afficheront au retour du réseau.';

/** Whether the device says it has no network (navigator.onLine). */
export const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/** An answer without the server's French message (an empty body, a proxy's HTML page), by its status. */
export function statusMessage(status: number): string {
  return status >= 500
    ? `Le serveur a rencontré une erreur (${status}). Réessayez dans un instant.`
    : `La demande a échoué (${status}).`;
}

function toRejection(error: unknown, method: HttpMethod): object {
  if (!(error instanceof HttpFailure)) {
    // an aborted call (the query was cancelled) rejects as the browser said
    if (error instanceof DOMException && error.name === 'AbortError') return error;
    return { message: error instanceof Error ? error.message : String(error) };
  }
  const { body, status } = error;
  const text = typeof body === 'string' ? body.trim() : '';
  const rejection: object =
    typeof body === 'object' && body !== null
      ? body
      : text && !text.startsWith('<')
        ? { message: text }
        : {
            message:
              status === undefined
                ? isOffline()
                  ? method === 'GET'
                    ? OFFLINE_READ_MESSAGE
                    : OFFLINE_MESSAGE
                  : NO_ANSWER_MESSAGE
                : statusMessage(status),
          };
  if (status !== undefined) statusByError.set(rejection, status);
  return rejection;
}

async function request<T>(call: HttpRequest): Promise<HttpResponse<T>> {
  try {
    // A page the server drew (decision 0037) carries the answers it was drawn with: the first GET of
    // each of those URLs is answered from them, the others (and every later call) by the adapter.
    if (call.method === 'GET') {
      const drawn = takeBootAnswer(getUri(call));
      if (drawn) return { data: drawn.body as T, status: 200, headers: new Headers() };
    }
    return (await defaults.adapter(call)) as HttpResponse<T>;
  } catch (error) {
    const status = error instanceof HttpFailure ? error.status : undefined;
    if (status === 401) {
      // Only an expired session reloads: a guest's failed GET /me just means "guest" (no reload loop).
      const { account, setAccount } = useAccountStore.getState();
      if (account !== null && account !== undefined) {
        setAccount(null);
        useLeaderStore.getState().clear();
        const forgotten = Promise.allSettled(
          [...sessionEndedListeners].map((listener) => listener(account.id)),
        );
        void Promise.race([forgotten, new Promise((resolve) => setTimeout(resolve, 2000))]).then(() =>
          browserPage.reload(),
        );
      }
    } else if (status === 403 && call.method === 'GET' && !call.forbiddenIsAnswer) {
      // a page the user may not read: 'Accès refusé'. A refused write is the form's answer: it shows the
      // server's French message and keeps what was typed, never navigating away
      onForbidden();
    }
    throw toRejection(error, call.method);
  }
}

export const http = {
  defaults,
  getUri,
  get: <T = unknown>(url: string, config: HttpConfig = {}) => request<T>({ ...config, method: 'GET', url }),
  /** `data`: a body, for the few DELETE calls that send one */
  delete: <T = unknown>(url: string, config: HttpConfig & { data?: unknown } = {}) =>
    request<T>({ ...config, method: 'DELETE', url }),
  post: <T = unknown>(url: string, data?: unknown, config: HttpConfig = {}) =>
    request<T>({ ...config, method: 'POST', url, data }),
  put: <T = unknown>(url: string, data?: unknown, config: HttpConfig = {}) =>
    request<T>({ ...config, method: 'PUT', url, data }),
  patch: <T = unknown>(url: string, data?: unknown, config: HttpConfig = {}) =>
    request<T>({ ...config, method: 'PATCH', url, data }),
};
