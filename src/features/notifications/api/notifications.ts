import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@contract/notifications';
import { http } from '@/shared/api/http-client';

/** The signed-in user's own notifications: not a Level's, so the keys carry no Level. */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: (page: number, unread: boolean) => ['notifications', 'list', page, unread] as const,
  unread: ['notifications', 'unread'] as const,
};

/** How often the bell asks again (every 60 s, without a reload: docs/features/notifications.md). */
export const UNREAD_POLL_MS = 60_000;
export const NOTIFICATION_PAGE_SIZE = 20;

export async function fetchNotifications(page: number, unread: boolean): Promise<NotificationList> {
  const { data } = await http.get<NotificationList>('/notifications', {
    params: { page, limit: NOTIFICATION_PAGE_SIZE, ...(unread ? { unread: 'true' } : {}) },
  });
  return data;
}

export function useNotifications(page: number, unread: boolean) {
  return useQuery({
    queryKey: notificationKeys.list(page, unread),
    queryFn: () => fetchNotifications(page, unread),
    placeholderData: keepPreviousData,
  });
}

/** GET /notifications/unread-count (the shell asks for it with the navigation: src/app/layouts/space-shell.tsx). */
export const unreadCountQuery = () =>
  queryOptions({
    queryKey: notificationKeys.unread,
    queryFn: async () => (await http.get<{ unread: number }>('/notifications/unread-count')).data.unread,
    staleTime: 30_000,
  });

/** The bell's count, every 60 s while the page is open. */
export function useUnreadCount() {
  return useQuery({ ...unreadCountQuery(), refetchInterval: UNREAD_POLL_MS });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await http.put<{ unread: number }>(`/notifications/${id}/read`)).data,
    onSuccess: (data) => {
      client.setQueryData(notificationKeys.unread, data.unread);
      return client.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await http.put<{ marked: number; unread: number }>('/notifications/read-all')).data,
    onSuccess: () => {
      client.setQueryData(notificationKeys.unread, 0);
      return client.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}
