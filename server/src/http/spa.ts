import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES, withPrefix } from './errors';

/**
 * Not-found answers: under /api a JSON 404; elsewhere, when the SPA is served, a GET for a page gets
 * index.html (the router of the SPA takes it from there), a missing built asset a plain 404.
 */
export async function registerSpaAndNotFound(app: FastifyInstance, staticDir: string | null): Promise<void> {
  const root = staticDir && existsSync(path.join(staticDir, 'index.html')) ? staticDir : null;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: ['index.html'],
      // the build wrote file.br and file.gz beside each asset (scripts/precompress.mjs): sent by
      // negotiation of Accept-Encoding (brotli first), with Vary: Accept-Encoding
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        // the same URL answers brotli, gzip or plain: a shared cache keeps one copy per encoding
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
  }

  // /receipt/{id} (the QR code of a receipt) gets the light page of its own entry, receipt.html
  // (decision 0009), when the build has it; otherwise the SPA, which has the same route.
  const receiptPage = root && existsSync(path.join(root, 'receipt.html')) ? 'receipt.html' : null;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/');
    if (
      receiptPage &&
      root &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      /^\/receipt\/[^/]+\/?$/.test(url)
    ) {
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile(receiptPage, root);
    }
    if (
      !isApi &&
      root &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/assets/')
    ) {
      return reply
        .header('Cache-Control', 'no-cache')
        .type('text/html; charset=utf-8')
        .sendFile('index.html', root);
    }
    return reply.status(404).send({ message: withPrefix(MESSAGES.routeNotFound) });
  });
}
