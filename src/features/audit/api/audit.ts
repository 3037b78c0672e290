import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditFacets, AuditRecord } from '@contract/audit';
import type { List } from '@contract/common';
import { http } from '@/shared/api/http-client';
import { readPage } from '@/shared/api/list';

/** The audit log's filters, as the page keeps them (decision 0044). */
export type AuditFilters = {
  user_id?: number;
  action?: string;
  entity_type?: string;
  entity_id?: number;
  from?: string;
  to?: string;
};

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditFilters, page: number) => ['audit', 'list', filters, page] as const,
  facets: () => ['audit', 'facets'] as const,
};

function params(filters: AuditFilters, page: number, limit: number) {
  return Object.fromEntries(
    Object.entries({ ...filters, page, limit }).filter(([, value]) => value !== undefined && value !== ''),
  );
}

export async function fetchAuditPage(
  filters: AuditFilters,
  page: number,
  limit: number,
): Promise<List<AuditRecord>> {
  const { data } = await http.get<unknown>('/audit-log', { params: params(filters, page, limit) });
  return readPage<AuditRecord>(data, { page, limit });
}

/** GET /audit-log: one page of 50 records, newest first. */
export function useAuditLog(filters: AuditFilters, page: number) {
  return useQuery({
    queryKey: auditKeys.list(filters, page),
    queryFn: () => fetchAuditPage(filters, page, 50),
    placeholderData: keepPreviousData,
  });
}

/** GET /audit-log/facets: the choices of the filters. */
export function useAuditFacets() {
  return useQuery({
    queryKey: auditKeys.facets(),
    queryFn: async () => (await http.get<AuditFacets>('/audit-log/facets')).data,
    staleTime: 60_000,
  });
}

/** Every record of the filters (1,000 a call, 20,000 at most) for the xlsx export. */
export async function fetchAllAuditRecords(filters: AuditFilters): Promise<AuditRecord[]> {
  const rows: AuditRecord[] = [];
  for (let page = 1; page <= 20; page++) {
    const next = await fetchAuditPage(filters, page, 1000);
    rows.push(...next.data);
    if (rows.length >= next.meta.total || next.data.length === 0) break;
  }
  return rows;
}
