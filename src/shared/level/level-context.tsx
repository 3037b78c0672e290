import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { Outlet, useParams, useSearchParams, type RouteObject } from 'react-router';
import type { EntityType } from '@contract/common';
import type { RouteHandle } from '@/shared/routing/page-route';

/**
 * The Level: the one entity a page works on, and the only way a page learns it. The space resolves
 * it (the signed-in leader's group, a drill-down URL parameter, the accountant's chosen church) and
 * every page below reads `useLevel()`. The admin, accountant and personal spaces work across
 * entities: 'GLOBAL'.
 */
export type EntityLevel = { entityType: EntityType; entityId: number };
export type Level = EntityLevel | { entityType: 'GLOBAL'; entityId: null };

export const GLOBAL_LEVEL: Level = { entityType: 'GLOBAL', entityId: null };

/** The Level's entity, or null at the global level. */
export function levelEntity(level: Level): EntityLevel | null {
  return level.entityType === 'GLOBAL' ? null : level;
}

/**
 * Where the Level is the user's to choose among a few entities (the accountant's churches): the
 * options and how to choose. Until one is chosen the Level is global.
 */
export type LevelChoice = {
  options: { id: number; name: string }[];
  choose: (id: number) => void;
};

type LevelValue = { level: Level; choice: LevelChoice | null };

const LevelContext = createContext<LevelValue | null>(null);

export function LevelProvider({
  level,
  choice = null,
  children,
}: {
  level: Level;
  choice?: LevelChoice | null;
  children: ReactNode;
}) {
  const { entityType, entityId } = level;
  const value = useMemo(
    () => ({ level: { entityType, entityId } as Level, choice }),
    [entityType, entityId, choice],
  );
  return <LevelContext.Provider value={value}>{children}</LevelContext.Provider>;
}

function useLevelValue(): LevelValue {
  const value = useContext(LevelContext);
  if (!value) throw new Error('useLevel() needs a LevelProvider (set by the space).');
  return value;
}

export function useLevel(): Level {
  return useLevelValue().level;
}

/** The Level where there is one (a page of a space), else null (the sign-in page, a status page). */
export function useOptionalLevel(): Level | null {
  return useContext(LevelContext)?.level ?? null;
}

/** The choice of the Level offered on this page, when the space offers one. */
export function useLevelChoice(): LevelChoice | null {
  return useLevelValue().choice;
}

/** Thrown when a URL parameter cannot name an entity: the router's error page shows 'Page introuvable'. */
export class RouteNotFoundError extends Error {
  constructor(message = 'Page introuvable') {
    super(message);
    this.name = 'RouteNotFoundError';
  }
}

/** A positive integer id from a URL parameter, or a RouteNotFoundError. */
export function parseIdParam(value: string | undefined): number {
  const id = Number(value);
  if (!value || !Number.isInteger(id) || id <= 0) throw new RouteNotFoundError();
  return id;
}

/** The route element of a space's top route: the Level of every page below. */
export function SpaceLevel({ level }: { level: Level }) {
  return (
    <LevelProvider level={level}>
      <Outlet />
    </LevelProvider>
  );
}

function ParamLevel({ entityType, param }: { entityType: EntityType; param: string }) {
  const params = useParams();
  const id = parseIdParam(params[param]);
  return (
    <LevelProvider level={{ entityType, entityId: id }}>
      <Outlet />
    </LevelProvider>
  );
}

/**
 * The handle of a route that sets the Level; its pages go back to `landing` below it ('' : itself;
 * null: no page of its own, they go back to the place above).
 */
export const levelHandle = (
  landing: string | null = '',
  level: RouteHandle['level'] = true,
): RouteHandle => ({
  level,
  ...(landing === null ? {} : { landing }),
});

/**
 * A route setting the Level from a URL parameter for the pages below it:
 * `entityRoute({ path: 'sections/:sectionId', entityType: 'SECTION', param: 'sectionId', children })`.
 */
export function entityRoute({
  path,
  entityType,
  param,
  landing = '',
  children,
}: {
  path: string;
  entityType: EntityType;
  param: string;
  /** where the pages below go back to: the entity's page (''), a page below it ('dashboard'), or none (null) */
  landing?: string | null;
  children: RouteObject[];
}): RouteObject {
  return {
    path,
    element: <ParamLevel entityType={entityType} param={param} />,
    handle: levelHandle(landing, { entityType, param }),
    children,
  };
}

type ChoiceLevelProps = {
  entityType: EntityType;
  query: string;
  useOptions: () => LevelChoice['options'];
};

function ChoiceLevel({ entityType, query, useOptions }: ChoiceLevelProps) {
  const [search, setSearch] = useSearchParams();
  const options = useOptions();
  const raw = search.get(query);
  const id = Number(raw);
  const chosen = raw && Number.isInteger(id) && id > 0 ? id : null;
  const choose = useCallback(
    (next: number) =>
      setSearch(
        (previous) => {
          const params = new URLSearchParams(previous);
          params.set(query, String(next));
          return params;
        },
        { replace: true },
      ),
    [query, setSearch],
  );
  const choice = useMemo(() => ({ options, choose }), [options, choose]);
  return (
    <LevelProvider level={chosen ? { entityType, entityId: chosen } : GLOBAL_LEVEL} choice={choice}>
      <Outlet />
    </LevelProvider>
  );
}

/**
 * A pathless route whose pages work on an entity the user chooses among `useOptions()` (the
 * accountant's churches), kept in the query string (`?church=ID`): global until one is chosen.
 */
export function choiceRoute({
  children,
  ...props
}: ChoiceLevelProps & { children: RouteObject[] }): RouteObject {
  return {
    element: <ChoiceLevel {...props} />,
    handle: levelHandle(null, { entityType: props.entityType, query: props.query }),
    children,
  };
}
