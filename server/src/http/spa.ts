import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { matchRoutes, type RouteObject } from 'react-router';
import { SPACE_PREFIXES, spaceOfPath, type SpaceFolder } from '../../../contract/spaces';
import type { ApiAnswer, ApiReader, DrawnPage, PageRouteNode } from '../../../contract/values/drawing';
import {
  FIRST_SCREENS,
  firstScreenRequests,
  ME_URL,
  UNREAD_COUNT_URL,
} from '../../../contract/values/first-screens';
import { SESSION_COOKIE } from '../auth/sessions';
import { compressPage } from './compression';
import { MESSAGES, withPrefix } from './errors';

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean; css?: string[] };

type Preloads = {
  entry: string;
  spaces: Map<SpaceFolder, string>;
  /** the Link values of the page `pathname` opens in `space`, beyond the entry and the space */
  page: (space: SpaceFolder, pathname: string) => string;
};

/**
 * What a page of each space needs beyond the entry: the space's route tree and the shell, with every
 * chunk they import, as `Link: <...>; rel=modulepreload` values (from the build's manifest); and the
 * page a URL opens, with what it imports beyond the entry and the space (the build's
 * dist/.vite/page-routes.json, matched as the router matches it). The browser then fetches them while
 * it loads the entry, instead of one after the other (decisions 0036, 0037).
 */
export function buildPreloads(root: string): Preloads {
  const preloads = new Map<SpaceFolder, string>();
  const none: Preloads = { entry: '', spaces: preloads, page: () => '' };
  const manifestPath = path.join(root, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return none;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const routesPath = path.join(root, '.vite', 'page-routes.json');
  const trees = existsSync(routesPath)
    ? (JSON.parse(readFileSync(routesPath, 'utf8')) as Partial<Record<SpaceFolder, PageRouteNode[]>>)
    : {};
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
  const spaceKeys = new Map<SpaceFolder, Set<string>>();
  for (const space of Object.keys(SPACE_PREFIXES) as SpaceFolder[]) {
    // a space's route tree and the shell are chunks of their own, or (decision 0039) inside the shell
    // chunk index.html preloads: then only the page's own code is left to name
    const routes = `src/spaces/${space}/routes.tsx`;
    const keys = manifest[routes]
      ? closure('src/app/layouts/space-shell.tsx', closure(routes))
      : new Set<string>();
    spaceKeys.set(space, keys);
    preloads.set(space, links([...keys].filter((key) => !entry.has(key))));
  }
  const pageLinks = new Map<string, string>();
  const page = (space: SpaceFolder, pathname: string): string => {
    const tree = trees[space];
    const keys = spaceKeys.get(space);
    if (!tree || !keys) return '';
    const module = matchRoutes(tree as RouteObject[], pathname)
      ?.map((match) => (match.route as PageRouteNode).module)
      .filter((key): key is string => Boolean(key && manifest[key]))
      .at(-1);
    if (!module) return '';
    let value = pageLinks.get(`${space}:${module}`);
    if (value === undefined) {
      value = links([...closure(module)].filter((key) => !entry.has(key) && !keys.has(key)));
      pageLinks.set(`${space}:${module}`, value);
    }
    return value;
  };
  return { entry: entryLink, spaces: preloads, page };
}

/** What a signed-in page asks the API for first: GET /me, then (in a space) the bell and its screen's data. */
export function firstRequests(pathname: string, today = new Date()): string[] {
  if (!spaceOfPath(pathname)) return [ME_URL];
  const screen = FIRST_SCREENS.find((candidate) => candidate.path === pathname.replace(/\/$/, ''));
  return [ME_URL, UNREAD_COUNT_URL, ...(screen ? firstScreenRequests(screen, today) : [])];
}

const fetchPreload = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;

/**
 * The `Link` of a page of the SPA (decision 0036): its space's and its own code, GET /me, and for a signed-in
 * user (a session cookie) the bell and the page's first data, so that the browser fetches them beside
 * the entry instead of after it. The SPA reads them from the preload cache (the same URLs). A page the
 * server drew (`drawn`) has its answers in it: its code only.
 */
export function pageLink(
  preloads: Preloads,
  pathname: string,
  who: 'guest' | 'member' | 'drawn',
  today = new Date(),
): string {
  const space = spaceOfPath(pathname);
  // a page drawn by the server carries the answers it was drawn with (decision 0037): no data preload
  const requests = who === 'drawn' ? [] : who === 'member' ? firstRequests(pathname, today) : [ME_URL];
  const links = requests.slice(0, 1).map(fetchPreload);
  // on a page of a space, more preloads follow: the entry goes first, before them
  if (space) links.push(preloads.entry);
  links.push(...requests.slice(1).map(fetchPreload));
  if (space) links.push(preloads.spaces.get(space) ?? '', preloads.page(space, pathname));
  return links.filter(Boolean).join(', ');
}

/** What src/app/prerender.tsx (built for Node into build/prerender/) gives the server. */
export type Drawer = {
  drawPage: (pathname: string, read: ApiReader) => Promise<DrawnPage | null>;
  /** loads what drawing `paths` needs, before the first drawing */
  warmUp?: (paths: string[]) => Promise<void>;
  bootPage: (
    indexHtml: string,
    markup: string,
    title?: string | null,
    answers?: Record<string, unknown> | null,
  ) => string;
};

/** The drawing of a first screen past this delay is dropped: the page is sent without it. */
export const DRAW_TIMEOUT_MS = 1500;

/** The drawing module of the SPA built beside `root` (ROOT/dist → ROOT/build/prerender), when there is one. */
export async function loadDrawer(root: string | null): Promise<Drawer | null> {
  if (!root) return null;
  const file = path.resolve(root, '..', 'build', 'prerender', 'prerender.js');
  if (!existsSync(file)) return null;
  const drawer = (await import(pathToFileURL(file).href)) as Drawer;
  await drawer.warmUp?.(FIRST_SCREENS.map((screen) => screen.path));
  return drawer;
}

/**
 * Not-found answers: under /api a JSON 404; elsewhere, when the SPA is served, a GET for a page gets
 * index.html (the router of the SPA takes it from there), a missing built asset a plain 404.
 */
export async function registerSpaAndNotFound(
  app: FastifyInstance,
  staticDir: string | null,
  drawerOverride?: Drawer | null,
): Promise<void> {
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
    : { entry: '', spaces: new Map<SpaceFolder, string>(), page: () => '' };

  // /receipt/{id} (the QR code of a receipt) gets the light page of its own entry, receipt.html
  // (decision 0009), when the build has it; otherwise the SPA, which has the same route.
  const receiptPage = root && existsSync(path.join(root, 'receipt.html')) ? 'receipt.html' : null;
  // /connexion gets index.html with the sign-in form already drawn in HTML (scripts/prerender.mjs,
  // decision 0036): it paints before any JavaScript runs.
  const connexionPage = root && existsSync(path.join(root, 'connexion.html')) ? 'connexion.html' : null;
  // A member's first screens (contract/values/first-screens.ts) are drawn with their data for each
  // request (decision 0037): the page paints with the HTML, before any JavaScript.
  // Loaded beside the start, not before it: React's server renderer does not delay a restart.
  const drawerLoaded: Promise<Drawer | null> =
    drawerOverride === undefined
      ? loadDrawer(root).catch((error: unknown) => {
          app.log.warn({ err: error }, 'drawing module not loaded: first screens are sent plain');
          return null;
        })
      : Promise.resolve(drawerOverride);
  const indexHtml = root ? readFileSync(path.join(root, 'index.html'), 'utf8') : null;

  /** The first screen at `url` drawn for the request's user, or null (a guest, a failure, too slow). */
  async function drawn(request: FastifyRequest, url: string): Promise<string | null> {
    if (!indexHtml || request.method !== 'GET' || !request.cookies?.[SESSION_COOKIE]) return null;
    if (!FIRST_SCREENS.some((screen) => screen.path === url.replace(/\/$/, ''))) return null;
    const drawer = await drawerLoaded;
    if (!drawer) return null;
    // the page's calls, answered by this server with the request's cookie, as the browser's would be
    // Never rejects (a call asked for ahead may be left unread): a failure is a 503 without a body.
    const answer = async (apiUrl: string): Promise<ApiAnswer> => {
      try {
        const reply = await app.inject({
          method: 'GET',
          url: apiUrl,
          headers: { cookie: request.headers.cookie ?? '', accept: 'application/json' },
        });
        let body: unknown = null;
        try {
          body = reply.body ? JSON.parse(reply.body) : null;
        } catch {
          body = null;
        }
        return { status: reply.statusCode, body };
      } catch {
        return { status: 503, body: null };
      }
    };
    // GET /me, the bell and the screen's first data are asked for at once (the drawing would ask for
    // them one round after the other); any other call the page makes is answered when it comes.
    const answers = new Map<string, ReturnType<typeof answer>>();
    const read = (apiUrl: string) => {
      let pending = answers.get(apiUrl);
      if (!pending) {
        pending = answer(apiUrl);
        answers.set(apiUrl, pending);
      }
      return pending;
    };
    for (const apiUrl of firstRequests(url)) void read(apiUrl);
    let timer: NodeJS.Timeout | undefined;
    try {
      const page = await Promise.race([
        drawer.drawPage(url, read),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), DRAW_TIMEOUT_MS);
        }),
      ]);
      if (!page) return null;
      // the answers it was drawn with go with it: the SPA does not ask for them again
      const embedded: Record<string, unknown> = {};
      for (const [apiUrl, pending] of answers) {
        const { status, body } = await pending;
        if (status >= 200 && status < 300) embedded[apiUrl] = body;
      }
      return drawer.bootPage(indexHtml, page.markup, page.title, embedded);
    } catch (error) {
      request.log.warn({ err: error, url }, 'first screen not drawn');
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

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
      const page = await drawn(request, url);
      // a drawn page carries its first answers: only its code is preloaded
      const who = page ? 'drawn' : request.cookies?.[SESSION_COOKIE] ? 'member' : 'guest';
      reply.header('Link', pageLink(preloads, url, who));
      if (page) {
        // the member's own data: kept by no cache at all, asked again each time (decision 0041)
        const { payload, encoding } = compressPage(request, page);
        if (encoding) reply.header('Content-Encoding', encoding);
        return reply
          .header('Cache-Control', 'no-store')
          .header('Vary', 'Accept-Encoding, Cookie')
          .type('text/html; charset=utf-8')
          .send(payload);
      }
      const file = connexionPage && /^\/connexion\/?$/.test(url) ? connexionPage : 'index.html';
      return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').sendFile(file, root);
    }
    return reply.status(404).send({ message: withPrefix(MESSAGES.routeNotFound) });
  });
}
