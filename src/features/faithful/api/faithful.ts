import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { List } from '@contract/common';
import type { ListSort } from '@contract/values/common';
import type { FaithfulSort } from '@contract/values/faithful';
import type {
  CreateFaithfulBody,
  CreateTransferBody,
  FaithfulSummary,
  FaithfulTransfer,
  ImportReport,
  UpdateFaithfulBody,
  UserDetail,
} from '@contract/faithful';
import { http } from '@/shared/api/http-client';
import { readItem, readList, readPage } from '@/shared/api/list';
import { useEntitySearch } from '@/shared/org/entities';
import { levelEntity, type Level } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';

export const FAITHFUL_PAGE_SIZE = 20;

export type FaithfulListParams = { search: string; page: number; limit: number } & ListSort<FaithfulSort>;

/** ['faithful', ...]: one prefix refreshes every list, detail and transfer of the feature. */
export const faithfulKeys = {
  all: ['faithful'] as const,
  lists: () => ['faithful', 'list'] as const,
  list: (level: Level, params: FaithfulListParams) => ['faithful', 'list', level, params] as const,
  detail: (id: number) => ['faithful', 'detail', id] as const,
  transfers: (direction: 'incoming' | 'outgoing', churchId: number | null) =>
    ['faithful', 'transfers', direction, churchId] as const,
  destinations: (search: string) => ['faithful', 'destinations', search] as const,
};

/** The API's entity filter of a Level ('GLOBAL' lists every visible faithful). */
export function levelParams(level: Level): Record<string, string | number> {
  const entity = levelEntity(level);
  return entity && entity.entityType !== 'ACTIVITY_GROUP' ? entityParams(entity) : {};
}

/**
 * The call of a Level's faithful list: GET /regions/{id}/faithful for a region, as SPEC.md section 7
 * names it; GET /users/faithful with the Level's entity filter otherwise.
 */
export function faithfulListCall(level: Level): { url: string; params: Record<string, string | number> } {
  if (level.entityType === 'REGION' && level.entityId !== null) {
    return { url: `/regions/${level.entityId}/faithful`, params: {} };
  }
  return { url: '/users/faithful', params: levelParams(level) };
}

/** One page of the level's faithful (GET /regions/{id}/faithful or GET /users/faithful). */
export async function fetchFaithfulPage(
  level: Level,
  params: FaithfulListParams,
): Promise<List<FaithfulSummary>> {
  const call = faithfulListCall(level);
  const { data } = await http.get<unknown>(call.url, {
    params: {
      ...call.params,
      ...(params.search ? { search: params.search } : {}),
      ...(params.sort ? { sort: params.sort, ...(params.order ? { order: params.order } : {}) } : {}),
      page: params.page,
      limit: params.limit,
    },
  });
  return readPage<FaithfulSummary>(data, { page: params.page, limit: params.limit });
}

export function useFaithfulList(level: Level, params: FaithfulListParams, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: faithfulKeys.list(level, params),
      queryFn: () => fetchFaithfulPage(level, params),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
}

/** Every faithful of the filter, in the list's order, 100 per call, at most `max` (exports). */
export async function fetchAllFaithful(
  level: Level,
  search: string,
  max = 10_000,
  sort: ListSort<FaithfulSort> = {},
): Promise<{ rows: FaithfulSummary[]; total: number }> {
  const rows: FaithfulSummary[] = [];
  let total = 0;
  for (let page = 1; rows.length < max; page++) {
    const answer = await fetchFaithfulPage(level, { search, page, limit: 100, ...sort });
    total = answer.meta.total;
    rows.push(...answer.data);
    if (answer.data.length < 100 || rows.length >= total) break;
  }
  return { rows: rows.slice(0, max), total };
}

export async function fetchFaithful(id: number): Promise<UserDetail> {
  const { data } = await http.get<unknown>(`/users/${id}`);
  return readItem<UserDetail>(data);
}

export function useFaithful(id: number | null) {
  return useQuery({
    queryKey: faithfulKeys.detail(id ?? 0),
    queryFn: () => fetchFaithful(id!),
    enabled: id !== null,
  });
}

/** POST /users/faithful: the lists are read again before it resolves. */
export function useCreateFaithful() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateFaithfulBody) =>
      readItem<UserDetail>((await http.post<unknown>('/users/faithful', body)).data),
    onSuccess: () => client.invalidateQueries({ queryKey: faithfulKeys.lists() }),
  });
}

/** PUT /users/{id}: the faithful's page shows the answer at once, the lists are read again. */
export function useUpdateFaithful(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateFaithfulBody) =>
      readItem<UserDetail>((await http.put<unknown>(`/users/${id}`, body)).data),
    onSuccess: async (updated) => {
      client.setQueryData(faithfulKeys.detail(id), updated);
      await client.invalidateQueries({ queryKey: faithfulKeys.lists() });
    },
  });
}

/** POST /users/faithful/imports: preview (dry run) or import; a refused import rejects with `{message, report}`. */
export async function uploadImport(
  churchId: number,
  file: File,
  mode: 'preview' | 'import',
  onProgress?: (percent: number) => void,
): Promise<ImportReport> {
  const form = new FormData();
  form.append('church_id', String(churchId));
  form.append('mode', mode);
  form.append('file', file);
  const { data } = await http.post<ImportReport>('/users/faithful/imports', form, {
    params: { church_id: churchId, dry_run: mode === 'preview' },
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.round((event.loaded / event.total) * 100));
    },
  });
  return data;
}

/** The import itself (not the dry run): the lists are read again before it resolves. */
export function useImportFaithful(churchId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) =>
      uploadImport(churchId, file, 'import', onProgress),
    onSuccess: () => client.invalidateQueries({ queryKey: faithfulKeys.lists() }),
  });
}

// ---------------------------------------------------------------- transfers

export function useTransfers(direction: 'incoming' | 'outgoing', churchId: number | null, enabled = true) {
  return useQuery({
    queryKey: faithfulKeys.transfers(direction, churchId),
    queryFn: async () => {
      const { data } = await http.get<unknown>('/faithful-transfers', {
        params: { direction, ...(churchId ? { church_id: churchId } : {}), limit: 100 },
      });
      return readPage<FaithfulTransfer>(data);
    },
    enabled,
  });
}

export type TransferDestination = { id: number; name: string; section: { id: number; name: string } };

export function useTransferDestinations(search: string, enabled = true) {
  return useQuery({
    queryKey: faithfulKeys.destinations(search),
    queryFn: async () => {
      try {
        const { data } = await http.get<unknown>('/faithful-transfers/destinations', {
          params: { ...(search ? { search } : {}), limit: 20 },
        });
        return readList<TransferDestination>(data);
      } catch {
        return [];
      }
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST /faithful-transfers: every list, detail and transfer of the feature is read again. */
export function useRequestTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTransferBody) =>
      readList<FaithfulTransfer>((await http.post<unknown>('/faithful-transfers', body)).data),
    onSuccess: () => client.invalidateQueries({ queryKey: faithfulKeys.all }),
  });
}

/** POST /faithful-transfers/{id}/{accept|reject|cancel}: the feature is read again. */
export function useDecideTransfer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: number; decision: 'accept' | 'reject' | 'cancel' }) =>
      readItem<FaithfulTransfer>((await http.post<unknown>(`/faithful-transfers/${id}/${decision}`)).data),
    onSuccess: () => client.invalidateQueries({ queryKey: faithfulKeys.all }),
  });
}

/** GET /churches?search: the visible churches, for the admin's church choice. */
export const useChurchChoices = (search: string, enabled = true) =>
  useEntitySearch<{ section?: { name: string } }>('churches', { search, limit: 20 }, { enabled });
