import { useQuery } from '@tanstack/react-query';
import type { Dashboard, PersonalDashboard } from '@contract/dashboard';
import type { TreasuryTotals } from '@contract/journals';
import { http } from '@/shared/api/http-client';
import { levelEntity, type Level } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';

export const dashboardKeys = {
  level: (level: Level) => ['dashboard', level] as const,
  me: ['dashboard', 'me'] as const,
  totals: (entity: Dashboard['entity'], from: string, to: string) =>
    ['dashboard', entity.type, entity.id, 'totals', from, to] as const,
};

/**
 * GET /treasury-totals of a group (section, region, national office) over a period: its parts are the
 * entities directly below, each movement counted where its church stood on the movement's day (a church
 * moved last month still counts under its former section before the move). Figures kept 60 s.
 */
export function useTreasuryTotals(entity: Dashboard['entity'], period: { from: string; to: string }) {
  return useQuery({
    queryKey: dashboardKeys.totals(entity, period.from, period.to),
    enabled: entity.type !== 'CHURCH',
    staleTime: 60_000,
    retry: false,
    queryFn: async () =>
      (
        await http.get<{ data: TreasuryTotals }>('/treasury-totals', {
          params: {
            entity_type: entity.type,
            entity_id: entity.id,
            from_date: period.from,
            to_date: period.to,
          },
        })
      ).data.data,
  });
}

/** GET /dashboard for the Level's entity (one call; figures kept 60 s). */
export function useDashboard(level: Level) {
  const entity = levelEntity(level);
  return useQuery({
    queryKey: dashboardKeys.level(level),
    enabled: entity !== null && entity.entityType !== 'ACTIVITY_GROUP',
    staleTime: 60_000,
    queryFn: async () =>
      (await http.get<{ data: Dashboard }>('/dashboard', { params: entityParams(entity!) })).data.data,
  });
}

export function usePersonalDashboard() {
  return useQuery({
    queryKey: dashboardKeys.me,
    staleTime: 60_000,
    queryFn: async () => (await http.get<{ data: PersonalDashboard }>('/dashboard/me')).data.data,
  });
}
