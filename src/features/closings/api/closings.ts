import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Closing } from '@contract/closings';
import { http } from '@/shared/api/http-client';
import { readItem, readList } from '@/shared/api/list';
import type { EntityLevel } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';

/** Year-end closings of a Level (contract/closings.ts). */
export const closingKeys = {
  all: ['closings'] as const,
  list: (entity: EntityLevel) => ['closings', entity, 'list'] as const,
  preview: (entity: EntityLevel, year: number) => ['closings', entity, 'preview', year] as const,
  detail: (id: number) => ['closings', 'detail', id] as const,
};

export function useClosingList(entity: EntityLevel | null) {
  return useQuery({
    queryKey: closingKeys.list(entity!),
    enabled: entity !== null,
    queryFn: async () => {
      const { data } = await http.get<unknown>('/closings', { params: entityParams(entity!) });
      return readList<Omit<Closing, 'accounts'>>(data);
    },
  });
}

export function useClosingPreview(entity: EntityLevel | null, year: number | null) {
  return useQuery({
    queryKey: closingKeys.preview(entity!, year ?? 0),
    enabled: entity !== null && year !== null,
    retry: false,
    queryFn: async () => {
      const { data } = await http.get<unknown>('/closings/preview', {
        params: { ...entityParams(entity!), year },
      });
      return readItem<Closing>(data);
    },
  });
}

export function useClosing(id: number | null) {
  return useQuery({
    queryKey: closingKeys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      const { data } = await http.get<unknown>(`/closings/${id}`);
      return readItem<Closing>(data);
    },
  });
}

export function useConfirmClosing() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { entity: EntityLevel; year: number }) => {
      const { data } = await http.post<unknown>('/closings', {
        ...entityParams(body.entity),
        year: body.year,
      });
      return readItem<Closing>(data);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: closingKeys.all }),
  });
}
