import { useQuery } from '@tanstack/react-query';
import type { Dashboard, PersonalDashboard } from '@contract/dashboard';
import { http } from '@/shared/api/http-client';
import { levelEntity, type Level } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';

export const dashboardKeys = {
  level: (level: Level) => ['dashboard', level] as const,
  me: ['dashboard', 'me'] as const,
};

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
