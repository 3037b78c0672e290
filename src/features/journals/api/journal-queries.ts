import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { JournalType } from '@contract/accounts';
import { JOURNAL_MAX_LIMIT } from '@contract/values/journals';
import type {
  AccountJournalAnswer,
  FinancialReport,
  GeneralJournalAnswer,
  TreasuryJournalAnswer,
} from '@contract/journals';
import { http } from '@/shared/api/http-client';
import type { EntityLevel } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';
import { journalKeys, type Period } from './keys';

/** The SPA loads a whole period, 5,000 rows per request, up to this many rows (the table is virtualised). */
export const MAX_LOADED_ROWS = 100_000;

const base = (entity: EntityLevel, period: Period) => ({
  ...entityParams(entity),
  from_date: period.from,
  to_date: period.to,
});

/** Pages of a journal until the period is complete: the running balance stays the server's. */
async function allPages<T extends { data: unknown[]; meta: { total: number } }>(
  fetchPage: (page: number) => Promise<T>,
): Promise<T> {
  const first = await fetchPage(1);
  const rows = [...first.data];
  for (let page = 2; rows.length < Math.min(first.meta.total, MAX_LOADED_ROWS); page++) {
    const next = await fetchPage(page);
    if (next.data.length === 0) break;
    rows.push(...next.data);
  }
  return { ...first, data: rows };
}

/** Rows of the treasury journal's first answer and of each page loaded as the table scrolls. */
export const TREASURY_PAGE_ROWS = 200;

async function treasuryPage(
  entity: EntityLevel,
  period: Period,
  type: JournalType,
  after: number | null,
  limit: number,
  signal?: AbortSignal,
): Promise<TreasuryJournalAnswer> {
  const { data } = await http.get<TreasuryJournalAnswer>('/treasury-journal', {
    params: { ...base(entity, period), type, limit, ...(after ? { after } : {}) },
    signal,
  });
  return data;
}

/**
 * GET /treasury-journal over the whole period (print and export): pages of 5,000 rows read by keyset
 * (`after` = the previous page's `meta.next_after`), each as fast as the first, up to MAX_LOADED_ROWS.
 */
export async function fetchTreasuryJournal(
  entity: EntityLevel,
  period: Period,
  type: JournalType,
  signal?: AbortSignal,
): Promise<TreasuryJournalAnswer> {
  const first = await treasuryPage(entity, period, type, null, JOURNAL_MAX_LIMIT, signal);
  const rows = [...first.data];
  let after = first.meta.next_after ?? null;
  while (after !== null && rows.length < MAX_LOADED_ROWS) {
    const next = await treasuryPage(entity, period, type, after, JOURNAL_MAX_LIMIT, signal);
    rows.push(...next.data);
    after = next.meta.next_after ?? null;
  }
  return { ...first, data: rows, meta: { ...first.meta, next_after: after } };
}

/**
 * The treasury journal, only once a period is applied and a type chosen (SPEC.md section 5): the first
 * TREASURY_PAGE_ROWS rows with the period's figures, then the next pages as the table scrolls
 * (`fetchNextPage`), each starting after the last row read with its running balance from the server.
 */
export function useTreasuryJournal(
  entity: EntityLevel | null,
  period: Period | null,
  type: JournalType | '',
) {
  return useInfiniteQuery({
    queryKey: journalKeys.treasury(entity!, period!, type as JournalType),
    queryFn: ({ pageParam, signal }) =>
      treasuryPage(entity!, period!, type as JournalType, pageParam, TREASURY_PAGE_ROWS, signal),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.meta.next_after ?? null,
    enabled: entity !== null && period !== null && type !== '',
  });
}

export const GENERAL_JOURNAL_PAGE_SIZE = 100;

/** GET /general-journal, one page of the table (server-side pagination). */
export function useGeneralJournal(
  entity: EntityLevel | null,
  period: Period | null,
  type: JournalType | '',
  page: number,
) {
  return useQuery({
    queryKey: journalKeys.general(entity!, period!, type, page),
    queryFn: async ({ signal }) => {
      const { data } = await http.get<GeneralJournalAnswer>('/general-journal', {
        params: {
          ...base(entity!, period!),
          ...(type ? { type } : {}),
          page,
          limit: GENERAL_JOURNAL_PAGE_SIZE,
        },
        signal,
      });
      return data;
    },
    enabled: entity !== null && period !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every row of the general journal of the period (for the xlsx export). */
export function fetchWholeGeneralJournal(
  entity: EntityLevel,
  period: Period,
  type: JournalType | '',
): Promise<GeneralJournalAnswer> {
  return allPages(async (page) => {
    const { data } = await http.get<GeneralJournalAnswer>('/general-journal', {
      params: { ...base(entity, period), ...(type ? { type } : {}), page, limit: JOURNAL_MAX_LIMIT },
    });
    return data;
  });
}

/** GET /account-journal over the whole period. */
export function useAccountJournal(
  entity: EntityLevel | null,
  period: Period | null,
  accountId: number | null,
) {
  return useQuery({
    queryKey: journalKeys.account(entity!, period!, accountId ?? 0),
    queryFn: ({ signal }) =>
      allPages(async (page) => {
        const { data } = await http.get<AccountJournalAnswer>('/account-journal', {
          params: { ...base(entity!, period!), account_id: accountId, page, limit: JOURNAL_MAX_LIMIT },
          signal,
        });
        return data;
      }),
    enabled: entity !== null && period !== null && accountId !== null,
  });
}

/** GET /financial-report. */
export function useFinancialReport(entity: EntityLevel | null, period: Period | null) {
  return useQuery({
    queryKey: journalKeys.report(entity!, period!),
    queryFn: async ({ signal }) => {
      const { data } = await http.get<{ data: FinancialReport }>('/financial-report', {
        params: base(entity!, period!),
        signal,
      });
      return data.data;
    },
    enabled: entity !== null && period !== null,
  });
}
