import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  FixedAsset,
  FixedAssetBody,
  FixedAssetDisposalBody,
  FixedAssetOptions,
  FixedAssetStatistics,
} from '@contract/fixed-assets';
import type { List } from '@contract/common';
import type { ListSort } from '@contract/values/common';
import type { FixedAssetSort } from '@contract/values/fixed-assets';
import { http } from '@/shared/api/http-client';
import { IDEMPOTENCY_HEADER } from '@/shared/api/idempotency';
import { readItem, readPage } from '@/shared/api/list';
import type { EntityLevel } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';

/*
 * The fixed assets (immobilisations) of a Level: GET/POST/PUT/DELETE /fixed-assets (contract/expenses.ts).
 */

export const ASSET_PAGE_SIZE = 20;

/** ['fixed-assets', ...]: one prefix invalidates the feature after any write. */
export const assetKeys = {
  all: ['fixed-assets'] as const,
  list: (entity: EntityLevel, search: string, page: number, sort: ListSort<FixedAssetSort> = {}) =>
    ['fixed-assets', entity, 'list', { search, page, ...sort }] as const,
  statistics: (entity: EntityLevel) => ['fixed-assets', entity, 'statistics'] as const,
  options: (entity: EntityLevel) => ['fixed-assets', entity, 'options'] as const,
  detail: (id: number) => ['fixed-assets', 'detail', id] as const,
};

/** GET /fixed-assets: a page of the Level's assets, searched on the name, the reference, the supplier. */
export function useAssetList(
  entity: EntityLevel | null,
  search: string,
  page: number,
  sort: ListSort<FixedAssetSort> = {},
) {
  return useQuery({
    queryKey: assetKeys.list(entity!, search, page, sort),
    enabled: entity !== null,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<List<FixedAsset>> => {
      const { data } = await http.get<unknown>('/fixed-assets', {
        params: {
          ...entityParams(entity!),
          search: search || undefined,
          page,
          limit: ASSET_PAGE_SIZE,
          ...sort,
        },
      });
      return readPage<FixedAsset>(data, { page, limit: ASSET_PAGE_SIZE });
    },
  });
}

/** GET /fixed-assets/statistics: count, gross and net values, by asset account. */
export function useAssetStatistics(entity: EntityLevel | null) {
  return useQuery({
    queryKey: assetKeys.statistics(entity!),
    enabled: entity !== null,
    queryFn: async () => {
      const { data } = await http.get<unknown>('/fixed-assets/statistics', { params: entityParams(entity!) });
      return readItem<FixedAssetStatistics>(data);
    },
  });
}

/** GET /fixed-assets/options: currencies, the asset accounts the entity may use, the defaults. */
export function useAssetOptions(entity: EntityLevel | null) {
  return useQuery({
    queryKey: assetKeys.options(entity!),
    enabled: entity !== null,
    staleTime: 5 * 60_000,
    queryFn: async () => {
      const { data } = await http.get<unknown>('/fixed-assets/options', { params: entityParams(entity!) });
      return readItem<FixedAssetOptions>(data);
    },
  });
}

/** GET /fixed-assets/{id} */
export function useAsset(id: number | null) {
  return useQuery({
    queryKey: assetKeys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      const { data } = await http.get<unknown>(`/fixed-assets/${id}`);
      return readItem<FixedAsset>(data);
    },
  });
}

function useAssetWrite<V>(write: (variables: V) => Promise<FixedAsset | null>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: async (asset) => {
      if (asset) client.setQueryData(assetKeys.detail(asset.id), asset);
      await client.invalidateQueries({ queryKey: assetKeys.all, refetchType: 'active' });
    },
  });
}

/** POST /fixed-assets */
export function useCreateAsset() {
  return useAssetWrite(async (body: FixedAssetBody) => {
    const { data } = await http.post<unknown>('/fixed-assets', body);
    return readItem<FixedAsset>(data);
  });
}

/** PUT /fixed-assets/{id} */
export function useUpdateAsset(id: number) {
  return useAssetWrite(async (body: FixedAssetBody) => {
    const { data } = await http.put<unknown>(`/fixed-assets/${id}`, body);
    return readItem<FixedAsset>(data);
  });
}

/** DELETE /fixed-assets/{id} */
export function useDeleteAsset(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await http.delete(`/fixed-assets/${id}`);
    },
    onSuccess: () => {
      client.removeQueries({ queryKey: assetKeys.detail(id) });
      return client.invalidateQueries({ queryKey: assetKeys.all, refetchType: 'active' });
    },
  });
}

/** POST /fixed-assets/{id}/disposal: a sale or a scrapping, once per Idempotency-Key (a money receipt). */
export function useDisposeAsset(id: number) {
  return useAssetWrite(async ({ body, key }: { body: FixedAssetDisposalBody; key: string }) => {
    const { data } = await http.post<unknown>(`/fixed-assets/${id}/disposal`, body, {
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
    return readItem<FixedAsset>(data);
  });
}
