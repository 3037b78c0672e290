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
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = url === '/api' || url.startsWith('/api/');
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
