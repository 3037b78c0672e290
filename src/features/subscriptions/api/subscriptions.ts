import { useEffect, useRef } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AttemptAnswer,
  CreateSubscriptionBody,
  CreateSubscriptionTypeBody,
  StartPaymentAnswer,
  StartPaymentBody,
  SubscriptionDetail,
  SubscriptionList,
  SubscriptionListQuery,
  SubscriptionType,
  UpdateSubscriptionTypeBody,
} from '@contract/subscriptions';
import type { ListSort } from '@contract/values/common';
import type { SubscriptionSort } from '@contract/values/subscriptions';
import { http } from '@/shared/api/http-client';
import { readPage } from '@/shared/api/list';
import type { EntityLevel, Level } from '@/shared/level/level-context';

/** ['subscriptions', ...]: one prefix invalidates the feature. */
export const subscriptionKeys = {
  all: ['subscriptions'] as const,
  list: (level: Level, page: number, sort: ListSort<SubscriptionSort> = {}) =>
    ['subscriptions', level, 'list', page, sort] as const,
  detail: (id: number) => ['subscriptions', 'detail', id] as const,
  attempt: (id: number, attemptId: number) => ['subscriptions', 'detail', id, 'attempt', attemptId] as const,
  oldestUnpaid: (churchId: number) => ['subscriptions', 'oldest-unpaid', churchId] as const,
  types: ['subscriptions', 'types'] as const,
};

/** The group of a Level in the words of GET /subscriptions (church_id, section_id...). */
export function groupParams(entity: EntityLevel): SubscriptionListQuery {
  switch (entity.entityType) {
    case 'CHURCH':
      return { church_id: entity.entityId };
    case 'SECTION':
      return { section_id: entity.entityId };
    case 'REGION':
      return { region_id: entity.entityId };
    case 'NATIONAL_OFFICE':
      return { national_office_id: entity.entityId };
    default:
      throw new Error(`Pas de souscriptions pour ${entity.entityType}`);
  }
}

export const SUBSCRIPTION_PAGE_SIZE = 20;

export function useSubscriptionList(level: EntityLevel, page: number, sort: ListSort<SubscriptionSort> = {}) {
  return useQuery({
    queryKey: subscriptionKeys.list(level, page, sort),
    queryFn: async (): Promise<SubscriptionList> => {
      const params: SubscriptionListQuery = {
        ...groupParams(level),
        page,
        limit: SUBSCRIPTION_PAGE_SIZE,
        ...sort,
      };
      const { data } = await http.get<unknown>('/subscriptions', { params });
      return readPage(data, { page, limit: SUBSCRIPTION_PAGE_SIZE }) as SubscriptionList;
    },
    placeholderData: keepPreviousData,
  });
}

/** The oldest unpaid subscription of a church (the billing gate's 'Payer'), or null. */
export function useOldestUnpaid(churchId: number) {
  return useQuery({
    queryKey: subscriptionKeys.oldestUnpaid(churchId),
    queryFn: async (): Promise<number | null> => {
      const params: SubscriptionListQuery = { church_id: churchId, paid: 'false', order: 'asc', limit: 1 };
      const { data } = await http.get<SubscriptionList>('/subscriptions', { params });
      return data.data[0]?.id ?? null;
    },
  });
}

export function useSubscriptionDetail(id: number) {
  return useQuery({
    queryKey: subscriptionKeys.detail(id),
    queryFn: async () => (await http.get<{ data: SubscriptionDetail }>(`/subscriptions/${id}`)).data.data,
  });
}

/**
 * A payment attempt after the payer came back: asked again every 2 s while it is pending (the server
 * re-checks it with LigdiCash), at most 3 minutes. Once it is settled (paid or failed), the
 * subscriptions are read again, once per outcome.
 */
export function useAttemptStatus(id: number, attemptId: number | null) {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: subscriptionKeys.attempt(id, attemptId ?? 0),
    queryFn: async () =>
      (await http.get<{ data: AttemptAnswer }>(`/subscriptions/${id}/payments/${attemptId}`)).data.data,
    enabled: attemptId !== null,
    refetchInterval: (query) =>
      query.state.data?.attempt.status === 'pending' && query.state.dataUpdateCount < 90 ? 2000 : false,
  });
  const settled = useRef<string | null>(null);
  const state = status.data?.attempt.status;
  useEffect(() => {
    if (!state || state === 'pending' || settled.current === state) return;
    settled.current = state;
    void client.invalidateQueries({ queryKey: subscriptionKeys.all });
  }, [state, client]);
  return status;
}

export function useStartPayment(id: number) {
  return useMutation({
    mutationFn: async (body: StartPaymentBody & { return_path: string }) =>
      (await http.post<{ data: StartPaymentAnswer }>(`/subscriptions/${id}/payments`, body)).data.data,
  });
}

export function useCreateSubscription() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateSubscriptionBody) =>
      (await http.post<{ data: SubscriptionDetail }>('/subscriptions', body)).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}

export function useSubscriptionTypes() {
  return useQuery({
    queryKey: subscriptionKeys.types,
    queryFn: async () => (await http.get<{ data: SubscriptionType[] }>('/subscription-types')).data.data,
    staleTime: 60_000,
  });
}

export function useCreateSubscriptionType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateSubscriptionTypeBody) =>
      (await http.post<{ data: SubscriptionType }>('/subscription-types', body)).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.types }),
  });
}

export function useUpdateSubscriptionType() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...body }: UpdateSubscriptionTypeBody & { id: number }) =>
      (await http.patch<{ data: SubscriptionType }>(`/subscription-types/${id}`, body)).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: subscriptionKeys.types }),
  });
}
