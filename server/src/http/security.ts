import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SECURITY_MESSAGES } from '../../../contract/security';
import { HttpError, httpError, MESSAGES } from './errors';

/**
 * The Content-Security-Policy of every answer (decision 0014, section 6): scripts only from
 * our own origin (the SPA and the receipt page have no inline script; the QR code is React SVG), styles
 * from our origin plus inline ones (Radix positions its popovers with style attributes and a <style>
 * element; the API docs page has one), images from us and data:/blob: URLs (uploads previews), no
 * plugins, no framing, forms and requests to our origin only.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Browser features the product never uses, denied to it and to anything it might embed. */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), ' +
  'magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()';

/** Sent only over HTTPS: one year, subdomains included. */
export const HSTS = 'max-age=31536000; includeSubDomains';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The /api answers that carry no user data and may be kept by a cache: the API's documentation. Every
 * other /api answer says `Cache-Control: no-store` unless its route says otherwise (decision 0041).
 */
const CACHEABLE_API = new Set(['/api/docs', '/api/docs/json']);

function isApiPath(url: string): boolean {
  const path = url.split('?')[0];
  return (path === '/api' || path.startsWith('/api/')) && !CACHEABLE_API.has(path);
}
const ALLOWED_METHODS = 'GET,POST,PUT,PATCH,DELETE,OPTIONS';
const ALLOWED_HEADERS = 'Content-Type,Accept,Idempotency-Key,X-Requested-With';

function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Deeper values never fit a request schema: validation refuses them anyway.
  if (depth > 16 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/** An origin as browsers serialise it (lower case, default port dropped), or null when malformed. */
export function normalizeOrigin(value: string): string | null {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? null : origin.toLowerCase();
  } catch {
    return null;
  }
}

/** The origin the request was addressed to, as a browser on that page would send it. */
export function ownOrigin(request: FastifyRequest): string | null {
  return normalizeOrigin(`${request.protocol}://${request.host}`);
}

/**
 * CORS limited to the configured origins (with credentials), and the Origin check of every
 * state-changing request: a browser always sends Origin on cross-origin writes, so a write whose
 * Origin is neither ours nor configured is refused before any handler runs.
 */
export function registerSecurity(app: FastifyInstance, corsOrigins: string[]): void {
  const allowed = new Set(
    corsOrigins.map(normalizeOrigin).filter((origin): origin is string => origin !== null),
  );

  app.addHook('onRequest', async (request, reply) => {
    const header = request.headers.origin;
    const origin = header === undefined ? undefined : normalizeOrigin(header);
    const configured = typeof origin === 'string' && allowed.has(origin);
    if (configured) {
      reply.header('Access-Control-Allow-Origin', header);
      reply.header('Access-Control-Allow-Credentials', 'true');
    }
    if (header !== undefined) reply.header('Vary', 'Origin');

    if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
      if (configured) {
        reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
        reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
        reply.header('Access-Control-Max-Age', '600');
      }
      return reply.status(204).send();
    }

    // A malformed or 'null' Origin (sandboxed frames, file://) is refused like a foreign one.
    if (STATE_CHANGING.has(request.method) && header !== undefined && !configured) {
      if (origin === null || origin !== ownOrigin(request)) throw httpError(403, MESSAGES.forbiddenOrigin);
    }
  });

  // Request bodies are never decompressed (decision 0016: no zip bomb through an upload), and a
  // multipart body without its boundary cannot be read: both refused before any parser runs (decision 0014,
  // section 4).
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity')
      throw httpError(415, SECURITY_MESSAGES.encodingUnsupported);
    const type = request.headers['content-type'] ?? '';
    if (/^\s*multipart\/form-data/i.test(type) && !/;\s*boundary=("[^"]+"|[^\s;]+)/i.test(type))
      throw httpError(400, SECURITY_MESSAGES.multipartNoBoundary);
  });

  // PostgreSQL text cannot hold U+0000: refused as bad input here rather than failing in the database.
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      throw httpError(400, 'La requête contient un caractère nul interdit.');
    }
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    // HTTPS as the client saw it: TLS here, or X-Forwarded-Proto from a trusted proxy (TRUST_PROXY).
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    // the API's answers are the user's own data: kept by no cache, neither shared nor the browser's
    if (isApiPath(request.url) && !reply.hasHeader('Cache-Control'))
      reply.header('Cache-Control', 'no-store');
    return payload;
  });
}

/**
 * What reading a multipart body threw, as a French 4xx: a deliberate HttpError (a limit) unchanged,
 * the parser's own errors (a truncated body, a malformed part header: busboy's 'Unexpected end of
 * form'...) as 400, never a 500 (decision 0014, section 4).
 */
export function uploadReadError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return httpError(415, SECURITY_MESSAGES.multipartExpected);
  return httpError(400, SECURITY_MESSAGES.multipartMalformed);
}
