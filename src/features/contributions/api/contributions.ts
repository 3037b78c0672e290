import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Contribution,
  ContributionFilters,
  ContributionList,
  ContributionSort,
  ContributionStatement,
  ContributionSummary,
  CreateContributionBody,
  ReceiptAccountTotals,
} from '@contract/contributions';
import type { ListSort } from '@contract/common';
import { http } from '@/shared/api/http-client';
import { IDEMPOTENCY_HEADER } from '@/shared/api/idempotency';
import { readItem } from '@/shared/api/list';
import type { EntityLevel } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';

/** Which contributions a list shows: an entity's, a faithful's, or mine. */
export type ContributionScope =
  ({ kind: 'entity' } & EntityLevel) | { kind: 'user'; userId: number } | { kind: 'mine' };

export type { ContributionFilters };

export type ContributionPage = ContributionFilters &
  ListSort<ContributionSort> & { page: number; limit: number };

/** A list of receipts shows this many at a time. */
export const CONTRIBUTION_PAGE_SIZE = 20;

export const contributionKeys = {
  all: ['contributions'] as const,
  list: (scope: ContributionScope, page: ContributionPage) => ['contributions', 'list', scope, page] as const,
  detail: (id: number) => ['contributions', 'detail', id] as const,
  summary: ['contributions', 'summary'] as const,
  statement: (year: number) => ['contributions', 'statement', year] as const,
  receiptAccounts: (entityType: string, entityId: number, from?: string, to?: string) =>
    ['contributions', 'receipt-accounts', entityType, entityId, from ?? '', to ?? ''] as const,
};

function scopeParams(scope: ContributionScope): Record<string, string | number> {
  switch (scope.kind) {
    case 'entity':
      return entityParams(scope);
    case 'user':
      return { user_id: scope.userId };
    case 'mine':
      return { mine: 'true' };
  }
}

function clean(params: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') out[key] = value as string | number;
  return out;
}

/** GET /contributions: one page and the totals of the filtered set. */
export async function fetchContributions(
  scope: ContributionScope,
  page: ContributionPage,
): Promise<ContributionList> {
  const { data } = await http.get<ContributionList>('/contributions', {
    params: clean({ ...page, ...scopeParams(scope) }),
  });
  return data;
}

export const contributionListOptions = (scope: ContributionScope, page: ContributionPage) =>
  queryOptions({
    queryKey: contributionKeys.list(scope, page),
    queryFn: () => fetchContributions(scope, page),
    placeholderData: keepPreviousData,
  });

export function useContributionList(scope: ContributionScope | null, page: ContributionPage) {
  return useQuery({
    ...contributionListOptions(scope ?? { kind: 'mine' }, page),
    enabled: scope !== null,
  });
}

export function useContribution(id: number | null) {
  return useQuery({
    queryKey: contributionKeys.detail(id ?? 0),
    queryFn: async () => readItem<Contribution>((await http.get(`/contributions/${id}`)).data),
    enabled: id !== null,
  });
}

/** POST /contributions with its Idempotency-Key; the contributions are read again before it resolves. */
export function useCreateContribution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, key }: { body: CreateContributionBody; key: string }) => {
      const { data } = await http.post('/contributions', body, { headers: { [IDEMPOTENCY_HEADER]: key } });
      return readItem<Contribution>(data);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: contributionKeys.all }),
  });
}

/**
 * POST /contributions/{id}/cancel with its Idempotency-Key: the receipt shows the answer at once, the
 * lists and totals are read again before it resolves.
 */
export function useCancelContribution() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, reason, key }: { id: number; reason: string; key: string }) => {
      const { data } = await http.post(
        `/contributions/${id}/cancel`,
        { reason: reason || null },
        { headers: { [IDEMPOTENCY_HEADER]: key } },
      );
      return readItem<Contribution>(data);
    },
    onSuccess: async (updated, { id }) => {
      client.setQueryData(contributionKeys.detail(id), updated);
      await client.invalidateQueries({ queryKey: contributionKeys.all });
    },
  });
}

export const contributionSummaryOptions = () =>
  queryOptions({
    queryKey: contributionKeys.summary,
    queryFn: async () => readItem<ContributionSummary>((await http.get('/contributions/summary')).data),
  });

export function useContributionSummary() {
  return useQuery(contributionSummaryOptions());
}

export function useContributionStatement(year: number | null) {
  return useQuery({
    queryKey: contributionKeys.statement(year ?? 0),
    queryFn: async () =>
      readItem<ContributionStatement>(
        (await http.get('/contributions/statement', { params: { year } })).data,
      ),
    enabled: year !== null,
  });
}

export function useReceiptAccountTotals(entity: EntityLevel | null, period: { from?: string; to?: string }) {
  return useQuery({
    queryKey: contributionKeys.receiptAccounts(
      entity?.entityType ?? 'CHURCH',
      entity?.entityId ?? 0,
      period.from,
      period.to,
    ),
    queryFn: async () =>
      (
        await http.get<ReceiptAccountTotals>('/contributions/receipt-accounts', {
          params: clean({
            ...entityParams(entity!),
            from_date: period.from,
            to_date: period.to,
          }),
        })
      ).data,
    enabled: entity !== null,
    placeholderData: keepPreviousData,
  });
}
