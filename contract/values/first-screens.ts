/**
 * What the server sends for a page of the SPA so that the browser asks for it at once, beside the entry,
 * instead of after it (decision 0036): `Link: rel=preload` answers the SPA then reads from
 * the browser's preload cache, as long as it asks for exactly the same URL. The SPA builds these
 * requests from the same functions (one source), and e2e/first-screens.spec.ts checks each is fetched
 * once.
 */

/** GET /me: every page of the SPA asks for it first (the guards wait for it). */
export const ME_URL = '/api/me';

/** The bell of the spaces' header (signed-in pages). */
export const UNREAD_COUNT_URL = '/api/notifications/unread-count';

/** /mes-contributions lists the receipts of one year, this many at a time. */
export const MY_CONTRIBUTIONS_PAGE_SIZE = 20;

/** The query of /mes-contributions' list for a year (page 1 first), in the order the SPA sends it. */
export function myContributionsQuery(year: number | '{year}', page = 1) {
  return { from_date: `${year}-01-01`, to_date: `${year}-12-31`, page, limit: MY_CONTRIBUTIONS_PAGE_SIZE };
}

export type FirstScreen = {
  /** the page's path */
  path: string;
  /** the page's module, as the build's manifest names it: its code is asked for with the HTML */
  module: string;
  /**
   * the API answers it asks for first, for a signed-in user; `{year}` stands for the current year
   * (`firstScreenRequests`): data, so that the SPA's index.html can carry them (vite.config.ts)
   */
  requests: string[];
};

/** A query string as the SPA's HTTP client writes it (URLSearchParams, in the object's order). */
const queryOf = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]))
    .toString()
    .replace(/%7Byear%7D/g, '{year}');

/** The pages a member opens most, on a cheap phone: their code and their first data come with the HTML. */
export const FIRST_SCREENS: FirstScreen[] = [
  {
    path: '/mes-contributions',
    module: 'src/features/contributions/pages/my-contributions-page.tsx',
    // the page opens on the current year until the totals say which years there are
    requests: [
      '/api/contributions/summary',
      `/api/contributions?${queryOf({ ...myContributionsQuery('{year}'), mine: 'true' })}`,
      // and whether the member may give online ('Donner', decision 0043)
      '/api/giving/me',
    ],
  },
];

/** A first screen's requests on `today`. */
export function firstScreenRequests(screen: FirstScreen, today: Date): string[] {
  return screen.requests.map((url) => url.replace(/\{year\}/g, String(today.getFullYear())));
}
