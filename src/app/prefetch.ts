import type { DataStrategyFunction, DataStrategyMatch } from 'react-router';
import { useLeaderStore } from '@/shared/auth/leader-store';
import { GLOBAL_LEVEL, type Level } from '@/shared/level/level-context';
import { handleOf, type PrefetchLoaderContext } from '@/shared/routing/page-route';

/**
 * The Level of the page a navigation opens, as the space's routes will resolve it once rendered
 * (src/shared/level/level-context.tsx): the nearest route above the page that sets it — a URL
 * parameter, the query string (the accountant's `?church=`), or the space's own group (the leader's
 * church, section, region or office, from the stores GET /me fills and keeps across visits). Null
 * when it cannot be known yet: the page then asks for its data itself.
 */
export function levelOfMatches(matches: DataStrategyMatch[], url: URL): Level | null {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const level = handleOf(matches[i].route).level;
    if (!level) continue;
    if (level === true) return spaceLevel(matches);
    if (level.param) {
      const id = Number(matches[i].params[level.param]);
      return Number.isInteger(id) && id > 0 ? { entityType: level.entityType, entityId: id } : null;
    }
    if (level.query) {
      const id = Number(url.searchParams.get(level.query));
      return Number.isInteger(id) && id > 0 ? { entityType: level.entityType, entityId: id } : GLOBAL_LEVEL;
    }
  }
  return null;
}

/** The space's own Level: its route id is `space-<key>` (src/app/routes.tsx). */
function spaceLevel(matches: DataStrategyMatch[]): Level | null {
  const key = matches.map((match) => /^space-(.+)$/.exec(match.route.id)?.[1]).find(Boolean);
  const leader = useLeaderStore.getState();
  const entity =
    key === 'church'
      ? leader.church && { entityType: 'CHURCH' as const, entityId: leader.church.id }
      : key === 'section'
        ? leader.section && { entityType: 'SECTION' as const, entityId: leader.section.id }
        : key === 'region'
          ? leader.region && { entityType: 'REGION' as const, entityId: leader.region.id }
          : key === 'national-office'
            ? leader.nationalOffice && {
                entityType: 'NATIONAL_OFFICE' as const,
                entityId: leader.nationalOffice.id,
              }
            : undefined;
  // the personal, admin and accountant spaces work across entities
  return entity === undefined ? GLOBAL_LEVEL : entity;
}

/**
 * The router's data strategy (decision 0039: no waterfall): when a navigation starts, beside the page's
 * code, the loaders start the page's first data — a page route's loader (`pageRoute(..., prefetch)`)
 * gets the Level resolved here; the space's route starts the header's (src/app/routes.tsx). Then it
 * loads as React Router does by default. Nothing waits for the data: the loaders answer at once, and
 * the page renders as soon as its code is in.
 */
export const prefetchingStrategy: DataStrategyFunction = async ({ matches, request }) => {
  let level: Level | null = null;
  try {
    level = levelOfMatches(matches, new URL(request.url));
  } catch {
    // a head start, never a failure
  }
  const context: PrefetchLoaderContext = { level };
  const toLoad = matches.filter((match) => match.shouldLoad);
  const results = await Promise.all(toLoad.map((match) => match.resolve((handler) => handler(context))));
  return Object.fromEntries(toLoad.map((match, i) => [match.route.id, results[i]]));
};
