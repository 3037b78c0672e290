import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SPACE_PREFIXES, spaceOfPath, type SpaceFolder } from '../../../contract/spaces';
import { FIRST_SCREENS, ME_URL, UNREAD_COUNT_URL } from '../../../contract/values/first-screens';
import { SESSION_COOKIE } from '../auth/sessions';
import { MESSAGES, withPrefix } from './errors';

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean; css?: string[] };

type Preloads = { entry: string; spaces: Map<SpaceFolder, string>; pages: Map<string, string> };

/**
 * What a page of each space needs beyond the entry: the space's route tree and the shell, with every
 * chunk they import, as `Link: <...>; rel=modulepreload` values (from the build's manifest). The
 * browser then fetches them while it loads the entry, instead of one after the other (issue 18). The
 * first screens (contract/values/first-screens.ts) add their page module and what it imports beyond
 * the entry and the space.
 */
export function buildPreloads(root: string): Preloads {
  const preloads = new Map<SpaceFolder, string>();
  const pages = new Map<string, string>();
  const manifestPath = path.join(root, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return { entry: '', spaces: preloads, pages };
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const entry = closure('index.html');
  // A group of chunks as Link values: their stylesheets first (a lazy chunk's import waits for its CSS),
  // with `crossorigin` as the page's and Vite's own <link>s have it, then their code.
  const links = (keys: string[]) =>
    [
      ...keys
        .flatMap((key) => manifest[key].css ?? [])
        .map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
      ...keys.map((key) => `</${manifest[key].file}>; rel=modulepreload`),
    ].join(', ');
  // the entry first: the page's own preloads below must not queue it
  const entryLink = links([...entry]);
  for (const space of Object.keys(SPACE_PREFIXES) as SpaceFolder[]) {
    const routes = `src/spaces/${space}/routes.tsx`;
    if (!manifest[routes]) continue;
    const keys = closure('src/app/layouts/space-shell.tsx', closure(routes));
    preloads.set(space, links([...keys].filter((key) => !entry.has(key))));
    for (const screen of FIRST_SCREENS) {
      if (spaceOfPath(screen.path) !== space || !manifest[screen.module]) continue;
      pages.set(
        screen.path,
        links([...closure(screen.module)].filter((key) => !entry.has(key) && !keys.has(key))),
      );
    }
  }
  return { entry: entryLink, spaces: preloads, pages };
}

const fetchPreload = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;

/**
 * The `Link` of a page of the SPA (issue 18): its space's and its own code, GET /me, and for a signed-in
 * user (a session cookie) the bell and the page's first data, so that the browser fetches them beside
 * the entry instead of after it. The SPA reads them from the preload cache (the same URLs).
 */
export function pageLink(
  preloads: Preloads,
  pathname: string,
  signedIn: boolean,
  today = new Date(),
): string {
  const space = spaceOfPath(pathname);
  const screen = FIRST_SCREENS.find((candidate) => candidate.path === pathname.replace(/\/$/, ''));
  const links = [fetchPreload(ME_URL)];
  // on a page of a space, more preloads follow: the entry goes first, before them
  if (space) links.push(preloads.entry);
  if (space && signedIn) {
    links.push(fetchPreload(UNREAD_COUNT_URL));
    for (const url of screen?.requests(today) ?? []) links.push(fetchPreload(url));
  }
  if (space) links.push(preloads.spaces.get(space) ?? '');
  if (screen) links.push(preloads.pages.get(screen.path) ?? '');
  return links.filter(Boolean).join(', ');
}

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

  const preloads: Preloads = root
    ? buildPreloads(root)
    : { entry: '', spaces: new Map<SpaceFolder, string>(), pages: new Map() };

  // /receipt/{id} (the QR code of a receipt) gets the light page of its own entry, receipt.html
  // (decision 0009), when the build has it; otherwise the SPA, which has the same route.
  const receiptPage = root && existsSync(path.join(root, 'receipt.html')) ? 'receipt.html' : null;
  // /connexion gets index.html with the sign-in form already drawn in HTML (scripts/prerender.mjs,
  // decision 0036): it paints before any JavaScript runs.
  const connexionPage = root && existsSync(path.join(root, 'connexion.html')) ? 'connexion.html' : null;

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
      reply.header('Link', pageLink(preloads, url, Boolean(request.cookies?.[SESSION_COOKIE])));
      const page = connexionPage && /^\/connexion\/?$/.test(url) ? connexionPage : 'index.html';
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile(page, root);
    }
    return reply.status(404).send({ message: withPrefix(MESSAGES.routeNotFound) });
  });
}
