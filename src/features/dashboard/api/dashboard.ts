import { useQuery } from '@tanstack/react-query';
import type { AdminDashboard, Dashboard, PersonalDashboard } from '@contract/dashboard';
import type { TreasuryTotals } from '@contract/journals';
import { http } from '@/shared/api/http-client';
import { DASHBOARD_QUERY_ROOT } from '@/shared/api/query-client';
import { levelEntity, type Level } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';

export const dashboardKeys = {
  level: (level: Level) => [DASHBOARD_QUERY_ROOT, level] as const,
  me: [DASHBOARD_QUERY_ROOT, 'me'] as const,
  admin: [DASHBOARD_QUERY_ROOT, 'admin'] as const,
  totals: (entity: Dashboard['entity'], from: string, to: string) =>
    [DASHBOARD_QUERY_ROOT, entity.type, entity.id, 'totals', from, to] as const,
};

/**
 * How long a dashboard's figures are reused without asking again (decision 0031): a minute, in
 * TanStack Query rather than an HTTP max-age, so that the SPA's own writes drop them at once (every
 * successful mutation invalidates the DASHBOARD_QUERY_ROOT key, src/shared/api/query-client.ts).
 */
export const DASHBOARD_STALE_TIME = 60_000;

/**
 * GET /treasury-totals of a group (section, region, national office) over a period: its parts are the
 * entities directly below, each movement counted where its church stood on the movement's day (a church
 * moved last month still counts under its former section before the move). Figures kept a minute.
 */
export function useTreasuryTotals(entity: Dashboard['entity'], period: { from: string; to: string }) {
  return useQuery({
    queryKey: dashboardKeys.totals(entity, period.from, period.to),
    enabled: entity.type !== 'CHURCH',
    staleTime: DASHBOARD_STALE_TIME,
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
          // without contribution:view or expense:view there, the ranking says so; the home stays
          forbiddenIsAnswer: true,
        })
      ).data.data,
  });
}

/** GET /dashboard for the Level's entity (one call; figures kept a minute). */
export function useDashboard(level: Level) {
  const entity = levelEntity(level);
  return useQuery({
    queryKey: dashboardKeys.level(level),
    enabled: entity !== null && entity.entityType !== 'ACTIVITY_GROUP',
    staleTime: DASHBOARD_STALE_TIME,
    queryFn: async () =>
      (await http.get<{ data: Dashboard }>('/dashboard', { params: entityParams(entity!) })).data.data,
  });
}

export function usePersonalDashboard() {
  return useQuery({
    queryKey: dashboardKeys.me,
    staleTime: DASHBOARD_STALE_TIME,
    queryFn: async () => (await http.get<{ data: PersonalDashboard }>('/dashboard/me')).data.data,
  });
}

/** GET /dashboard/admin: the administrator's home. */
export function useAdminDashboard() {
  return useQuery({
    queryKey: dashboardKeys.admin,
    staleTime: DASHBOARD_STALE_TIME,
    queryFn: async () => (await http.get<{ data: AdminDashboard }>('/dashboard/admin')).data.data,
  });
}
