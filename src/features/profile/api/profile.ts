import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, UserSession } from '@contract/profile';
import { http } from '@/shared/api/http-client';

/** The signed-in user's own record and sessions: not a Level's. */
export const profileKeys = {
  all: ['profile'] as const,
  record: ['profile', 'record'] as const,
  sessions: ['profile', 'sessions'] as const,
};

export function useProfile() {
  return useQuery({
    queryKey: profileKeys.record,
    queryFn: async () => (await http.get<{ data: Profile }>('/profile')).data.data,
  });
}

export function useUpdateContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { phone: string | null; email: string | null }) =>
      (await http.put<{ data: Profile; message: string }>('/profile', body)).data,
    onSuccess: (answer) => client.setQueryData(profileKeys.record, answer.data),
  });
}

export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { current_password: string; new_password: string }) =>
      (await http.put<{ message: string }>('/profile/password', body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}

export function useSessions() {
  return useQuery({
    queryKey: profileKeys.sessions,
    queryFn: async () => (await http.get<{ data: UserSession[] }>('/profile/sessions')).data.data,
  });
}

export function useEndSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await http.delete<{ current: boolean }>(`/profile/sessions/${id}`)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}

export function useEndOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await http.delete<{ ended: number }>('/profile/sessions')).data,
    onSuccess: () => client.invalidateQueries({ queryKey: profileKeys.sessions }),
  });
}
