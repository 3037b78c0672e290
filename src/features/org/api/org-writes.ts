import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Church,
  CreateChurchBody,
  CreateNationalOfficeBody,
  CreateRegionBody,
  CreateSectionBody,
  OrgRemovalAnswer,
  UpdateOrgBody,
} from '@contract/org';
import { http } from '@/shared/api/http-client';
import { readItem } from '@/shared/api/list';
import { ORG_KINDS, type OrgEntity, type OrgKind } from '../kinds';
import { orgKeys } from './keys';

/*
 * The organisation's writes (decision 0022): POST /{kind}, PUT /{kind}/{id}, DELETE /{kind}/{id} (archived
 * when something hangs on it), POST /{kind}/{id}/restore, POST /churches/{id}/move. Each one refreshes
 * every organisation query (lists, pages, pickers: ['org']).
 */

export type CreateOrgBody =
  CreateNationalOfficeBody | CreateRegionBody | CreateSectionBody | CreateChurchBody;

function useOrgMutation<V, R>(call: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: orgKeys.all }),
  });
}

export function useCreateOrg(kind: OrgKind) {
  return useOrgMutation(async (body: CreateOrgBody) =>
    readItem<OrgEntity>((await http.post<unknown>(ORG_KINDS[kind].endpoint, body)).data),
  );
}

export function useUpdateOrg(kind: OrgKind) {
  return useOrgMutation(async ({ id, body }: { id: number; body: UpdateOrgBody }) =>
    readItem<OrgEntity>((await http.put<unknown>(`${ORG_KINDS[kind].endpoint}/${id}`, body)).data),
  );
}

export function useRemoveOrg(kind: OrgKind) {
  return useOrgMutation(
    async (id: number) =>
      (await http.delete<OrgRemovalAnswer>(`${ORG_KINDS[kind].endpoint}/${id}`)).data.data,
  );
}

export function useRestoreOrg(kind: OrgKind) {
  return useOrgMutation(async (id: number) =>
    readItem<OrgEntity>((await http.post<unknown>(`${ORG_KINDS[kind].endpoint}/${id}/restore`)).data),
  );
}

export function useMoveChurch() {
  return useOrgMutation(
    async ({ id, sectionId, effectiveDate }: { id: number; sectionId: number; effectiveDate: string }) =>
      readItem<Church>(
        (
          await http.post<unknown>(`/churches/${id}/move`, {
            section_id: sectionId,
            effective_date: effectiveDate,
          })
        ).data,
      ),
  );
}
