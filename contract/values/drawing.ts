/**
 * What the SPA's drawing module (src/app/prerender.tsx, built for Node into build/prerender/) and the
 * server that uses it (server/src/http/spa.ts) agree on (decisions 0036, 0037).
 */

/** An answer of the API, as the server gives it to itself. */
export type ApiAnswer = { status: number; body: unknown };

/** Reads a GET of the API (`/api/...`) with the request's cookie. */
export type ApiReader = (url: string) => Promise<ApiAnswer>;

/** A page drawn as HTML, with the title its header shows. */
export type DrawnPage = { markup: string; title: string | null };

/**
 * A route of a space's tree with the module of the page it shows, as the build's manifest names it
 * (dist/.vite/page-routes.json): the server matches a URL on it to preload that page's code.
 */
export type PageRouteNode = { path?: string; index?: true; module?: string; children?: PageRouteNode[] };
