import { useMemo } from 'react';
import { Outlet } from 'react-router';
import type { EntityType } from '@contract/common';
import { LevelProvider, type EntityTarget, type Level, type SpacePaths } from '@/shared/level/level-context';

type SpaceLevelProps = {
  level: Level;
  root: string;
  entity: (type: EntityType, target: EntityTarget) => string | null;
};

/** The route element at the top of a space: its Level and path helpers for every page below. */
export function SpaceLevel({ level, root, entity }: SpaceLevelProps) {
  const stableLevel = useMemo<Level>(
    () => ({ entityType: level.entityType, entityId: level.entityId }),
    [level.entityType, level.entityId],
  );
  const paths = useMemo<SpacePaths>(() => ({ root, here: root, entity }), [root, entity]);
  return (
    <LevelProvider level={stableLevel} paths={paths}>
      <Outlet />
    </LevelProvider>
  );
}
