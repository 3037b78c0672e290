/** The text shown when neither the server nor the error says anything useful (SPEC.md section 8). */
export const DEFAULT_ERROR_MESSAGE = "Une erreur s'est produite";

const SERVER_PREFIX = 'E_HTTP_EXCEPTION: ';

function clean(message: unknown): string | undefined {
  if (typeof message !== 'string') return undefined;
  const text = message.startsWith(SERVER_PREFIX) ? message.slice(SERVER_PREFIX.length) : message;
  return text.trim() || undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The `message` of a server body: `{ message }` or `{ errors: [{ message }] }`. */
function serverMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  const direct = clean(body.message);
  if (direct) return direct;
  if (Array.isArray(body.errors) && isRecord(body.errors[0])) return clean(body.errors[0].message);
  return undefined;
}

/**
 * What to tell the user about a failed call. The HTTP client rejects with the server's body (or a
 * string); an axios error may still carry the body in `response.data`. Order: the server's message
 * without its 'E_HTTP_EXCEPTION: ' prefix, else the Error's message, else `fallback`.
 */
export function errorMessage(error: unknown, fallback: string = DEFAULT_ERROR_MESSAGE): string {
  if (typeof error === 'string') return clean(error) ?? fallback;
  if (!isRecord(error)) return fallback;
  const response = error.response;
  const fromServer =
    (isRecord(response) ? serverMessage(response.data) : undefined) ??
    (error instanceof Error ? undefined : serverMessage(error));
  if (fromServer) return fromServer;
  if (error instanceof Error) return clean(error.message) ?? fallback;
  return fallback;
}
