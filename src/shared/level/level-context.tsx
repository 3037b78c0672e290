import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Outlet, useParams } from 'react-router';
import type { EntityType } from '@contract/common';

/** The entity a page works on. The admin and accountant spaces work across entities: 'GLOBAL'. */
export type LevelEntityType = EntityType | 'GLOBAL';
export type Level = { entityType: LevelEntityType; entityId: number | null };

export const GLOBAL_LEVEL: Level = { entityType: 'GLOBAL', entityId: null };

/** What a row of a list knows about where it hangs (the API answers some of these). */
export type EntityTarget = {
  id: number;
  national_office_id?: number | null;
  region_id?: number | null;
  section_id?: number | null;
};

/** The space's path helpers: pages build links with them, never with hard-coded prefixes. */
export type SpacePaths = {
  /** the space's home, e.g. '/ma-region' */
  root: string;
  /** the page of the current level (e.g. '/ma-region/sections/3'): features append their segment */
  here: string;
  /** the page of an entity in this space, or null when the space shows none */
  entity: (type: EntityType, target: EntityTarget) => string | null;
};

type LevelValue = { level: Level; paths: SpacePaths };

const LevelContext = createContext<LevelValue | null>(null);

export function LevelProvider({ level, paths, children }: LevelValue & { children: ReactNode }) {
  const value = useMemo(() => ({ level, paths }), [level, paths]);
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

export function useSpacePaths(): SpacePaths {
  return useLevelValue().paths;
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

type ParamLevelProps = {
  entityType: EntityType;
  /** the route parameter holding the entity id, e.g. 'sectionId' */
  param: string;
  /** the page of that entity in the space */
  here: (id: number, params: Readonly<Record<string, string | undefined>>) => string;
};

/** A route element setting the Level from a URL parameter for the pages below it. */
export function ParamLevel({ entityType, param, here }: ParamLevelProps) {
  const params = useParams();
  const parent = useLevelValue();
  const id = parseIdParam(params[param]);
  const path = here(id, params);
  const level = useMemo<Level>(() => ({ entityType, entityId: id }), [entityType, id]);
  const paths = useMemo<SpacePaths>(() => ({ ...parent.paths, here: path }), [parent.paths, path]);
  return (
    <LevelProvider level={level} paths={paths}>
      <Outlet />
    </LevelProvider>
  );
}
