import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HTTP_EXCEPTION_PREFIX } from '../../../contract/common';

/** A deliberate HTTP error: answered as `{ message: 'E_HTTP_EXCEPTION: <message>' }` with its status. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Record<string, string>;
  readonly extra: Record<string, unknown>;
  constructor(
    statusCode: number,
    message: string,
    options: { headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.headers = options.headers ?? {};
    this.extra = options.extra ?? {};
  }
}

/** `throw httpError(403, 'Accès refusé.')`: the French message, without the prefix (added when answered). */
export function httpError(
  statusCode: number,
  message: string,
  options?: { headers?: Record<string, string>; extra?: Record<string, unknown> },
): HttpError {
  return new HttpError(statusCode, message, options);
}

export function withPrefix(message: string): string {
  return message.startsWith(HTTP_EXCEPTION_PREFIX) ? message : HTTP_EXCEPTION_PREFIX + message;
}

export const MESSAGES = {
  unauthenticated: 'Vous devez être connecté.',
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
  notFound: 'Ressource introuvable.',
  routeNotFound: 'Route introuvable.',
  internal: 'Erreur interne du serveur.',
  bodyTooLarge: 'Corps de requête trop volumineux.',
  invalidJson: 'Corps de requête JSON invalide.',
  emptyBody: 'Corps de requête vide.',
  unsupportedMediaType: 'Type de contenu non pris en charge.',
  badRequest: 'Requête invalide.',
  forbiddenOrigin: 'Origine de la requête non autorisée.',
} as const;

/** French text for the Fastify errors caused by a malformed request. */
function frameworkMessage(error: FastifyError): string | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return MESSAGES.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return MESSAGES.invalidJson;
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return MESSAGES.emptyBody;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return MESSAGES.unsupportedMediaType;
    default:
      break;
  }
  if (error instanceof SyntaxError) return MESSAGES.invalidJson;
  return null;
}

function fieldPath(instancePath: string | undefined): string {
  return (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply
        .status(error.statusCode)
        .headers(error.headers)
        .send({ message: withPrefix(error.message), ...error.extra });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        field: fieldPath(issue.instancePath),
        message: issue.message ?? MESSAGES.badRequest,
      }));
      const first = errors[0];
      const message = first.field ? `Champ « ${first.field} » : ${first.message}` : first.message;
      return reply.status(400).send({ message: withPrefix(message), errors });
    }

    if (isResponseSerializationError(error as never) && 'cause' in error) {
      request.log.error(
        { err: error, cause: (error as { cause?: unknown }).cause },
        'response does not match its schema',
      );
      return reply.status(500).send({ message: MESSAGES.internal });
    }

    const known = frameworkMessage(error);
    if (known) return reply.status(400).send({ message: withPrefix(known) });

    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Any other client error Fastify or a plugin raises: still the caller's fault, said in French.
      const message =
        status === 404 ? MESSAGES.notFound : status === 403 ? MESSAGES.forbidden : MESSAGES.badRequest;
      return reply.status(status).send({ message: withPrefix(message) });
    }

    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ message: MESSAGES.internal });
  });
}
