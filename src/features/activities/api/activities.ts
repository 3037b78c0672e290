import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Activity,
  ActivityCreateBody,
  ActivityDetail,
  ActivityReport,
  ActivityReportCreateBody,
  ActivityReportDetail,
  ActivityReportUpdateBody,
  ActivityStatus,
  ActivityType,
  ActivityUpdateBody,
  DepartmentCreateBody,
  DepartmentMember,
  DepartmentSummary,
  ReportAttachment,
  ReportScope,
  ReportSort,
  ReportStatus,
} from '@contract/activities';
import type { List, ListSort } from '@contract/common';
import type { Department } from '@contract/org';
import { http } from '@/shared/api/http-client';
import { readItem, readList, readPage } from '@/shared/api/list';
import type { EntityLevel } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';

/** ['activities', ...]: one prefix refreshes the feature after any write. */
export const activityKeys = {
  all: ['activities'] as const,
  types: (entity: EntityLevel) => ['activities', entity, 'types'] as const,
  list: (entity: EntityLevel, filters: object) => ['activities', entity, 'list', filters] as const,
  detail: (id: number) => ['activities', 'detail', id] as const,
  reports: (entity: EntityLevel, filters: object) => ['activities', entity, 'reports', filters] as const,
  report: (id: number) => ['activities', 'report', id] as const,
  reportFiles: (id: number) => ['activities', 'report', id, 'files'] as const,
  departments: (entity: EntityLevel | null, search: string, page: number) =>
    ['activities', entity, 'departments', search, page] as const,
  summary: (id: number) => ['activities', 'department-summary', id] as const,
};

/** GET /activity-types: the shared types and the entity's own. */
export function useActivityTypes(entity: EntityLevel | null) {
  return useQuery({
    queryKey: activityKeys.types(entity!),
    enabled: entity !== null,
    queryFn: async () => {
      const { data } = await http.get<unknown>('/activity-types', { params: entityParams(entity!) });
      return readList<ActivityType>(data);
    },
  });
}

export type ActivityFilters = {
  month?: string;
  status?: ActivityStatus | '';
  search?: string;
  page?: number;
};

/** GET /activities: the Level's planned activities (of a month, a status). */
export function useActivities(entity: EntityLevel | null, filters: ActivityFilters) {
  return useQuery({
    queryKey: activityKeys.list(entity!, filters),
    enabled: entity !== null,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { data } = await http.get<unknown>('/activities', {
        params: {
          ...entityParams(entity!),
          ...(filters.month ? { month: filters.month } : {}),
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.search ? { search: filters.search } : {}),
          page: filters.page ?? 1,
          limit: 100,
        },
      });
      return readPage<Activity>(data) as List<Activity>;
    },
  });
}

/** GET /activities/{id}: the activity, its linked expense requests, whether the user may change it. */
export function useActivity(id: number) {
  return useQuery({
    queryKey: activityKeys.detail(id),
    queryFn: async () => readItem<ActivityDetail>((await http.get<unknown>(`/activities/${id}`)).data),
  });
}

function useActivityWrite<V, R>(write: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: activityKeys.all }),
  });
}

export const useCreateActivity = () =>
  useActivityWrite(async (body: ActivityCreateBody) => {
    const { data } = await http.post<{ data: { id: number } }>('/activities', body);
    return data.data.id;
  });

export const useUpdateActivity = (id: number) =>
  useActivityWrite(async (body: ActivityUpdateBody) => {
    await http.put(`/activities/${id}`, body);
  });

export const useCreateActivityType = () =>
  useActivityWrite(async (body: { entity_type: string; entity_id: number; name: string }) => {
    const { data } = await http.post<{ data: ActivityType }>('/activity-types', body);
    return data.data;
  });

export type ReportFilters = {
  scope: ReportScope;
  status?: ReportStatus | '';
  search?: string;
  page: number;
} & ListSort<ReportSort>;

/** GET /activity-reports: the Level's reports and/or those submitted from below. */
export function useReports(entity: EntityLevel | null, filters: ReportFilters) {
  return useQuery({
    queryKey: activityKeys.reports(entity!, filters),
    enabled: entity !== null,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { data } = await http.get<unknown>('/activity-reports', {
        params: {
          ...entityParams(entity!),
          scope: filters.scope,
          ...(filters.status ? { status: filters.status } : {}),
          ...(filters.search ? { search: filters.search } : {}),
          page: filters.page,
          limit: 20,
          ...(filters.sort ? { sort: filters.sort } : {}),
          ...(filters.order ? { order: filters.order } : {}),
        },
      });
      return readPage<ActivityReport>(data) as List<ActivityReport>;
    },
  });
}

export function useReport(id: number) {
  return useQuery({
    queryKey: activityKeys.report(id),
    queryFn: async () =>
      readItem<ActivityReportDetail>((await http.get<unknown>(`/activity-reports/${id}`)).data),
  });
}

export const useCreateReport = () =>
  useActivityWrite(async (body: ActivityReportCreateBody) => {
    const { data } = await http.post<{ data: { id: number } }>('/activity-reports', body);
    return data.data.id;
  });

export const useUpdateReport = (id: number) =>
  useActivityWrite(async (body: ActivityReportUpdateBody) => {
    await http.put(`/activity-reports/${id}`, body);
  });

export const useSubmitReport = (id: number) =>
  useActivityWrite(async () => {
    await http.post(`/activity-reports/${id}/submit`);
  });

export const useReturnReport = (id: number) =>
  useActivityWrite(async (comment: string) => {
    await http.post(`/activity-reports/${id}/return`, { comment });
  });

/** GET /activity-reports/{id}/attachments: the report's photos and PDF. */
export function useReportAttachments(id: number) {
  return useQuery({
    queryKey: activityKeys.reportFiles(id),
    queryFn: async () =>
      readList<ReportAttachment>((await http.get<unknown>(`/activity-reports/${id}/attachments`)).data),
  });
}

/** POST /activity-reports/{id}/attachments (multipart), reporting the upload's progress in percent. */
export async function uploadReportFiles(
  id: number,
  files: readonly File[],
  onProgress: (percent: number) => void,
): Promise<ReportAttachment[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  onProgress(0);
  const { data } = await http.post<{ data: ReportAttachment[] }>(
    `/activity-reports/${id}/attachments`,
    form,
    {
      onUploadProgress: (event) => {
        if (event.total) onProgress(Math.round((event.loaded / event.total) * 100));
      },
    },
  );
  return data.data;
}

export const useUploadReportFiles = (id: number) =>
  useActivityWrite((input: { files: readonly File[]; onProgress: (percent: number) => void }) =>
    uploadReportFiles(id, input.files, input.onProgress),
  );

export const useDeleteReportAttachment = (id: number) =>
  useActivityWrite(async (fileId: number) => {
    await http.delete(`/activity-reports/${id}/attachments/${fileId}`);
  });

/** The address of a report's file for a link or an img (the API's base and its `url`). */
export const attachmentHref = (file: ReportAttachment) => `${http.defaults.baseURL ?? '/api'}${file.url}`;

/** GET /departments?entity_type&entity_id (or every visible one without a Level). */
export function useDepartments(entity: EntityLevel | null, search: string, page: number) {
  return useQuery({
    queryKey: activityKeys.departments(entity, search, page),
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const { data } = await http.get<unknown>('/departments', {
        params: {
          ...(entity ? { entity_type: entity.entityType.toLowerCase(), entity_id: entity.entityId } : {}),
          ...(search ? { search } : {}),
          page,
          limit: 20,
        },
      });
      return readPage<Department>(data) as List<Department>;
    },
  });
}

export const useCreateDepartment = () =>
  useActivityWrite(async (body: DepartmentCreateBody) => {
    const { data } = await http.post<{ data: { id: number } }>('/departments', body);
    return data.data.id;
  });

/** GET /departments/{id}/summary: the department's dashboard. */
export function useDepartmentSummary(id: number) {
  return useQuery({
    queryKey: activityKeys.summary(id),
    queryFn: async () =>
      readItem<DepartmentSummary>((await http.get<unknown>(`/departments/${id}/summary`)).data),
  });
}

/** GET /departments/{id}/members: the leader, then the members. */
export function useDepartmentMembers(id: number) {
  return useQuery({
    queryKey: ['activities', 'department-members', id],
    queryFn: async () =>
      readList<DepartmentMember>((await http.get<unknown>(`/departments/${id}/members`)).data),
  });
}

export const useAddDepartmentMember = (id: number) =>
  useActivityWrite(async (body: { user_id: number; role: 'leader' | 'member' }) => {
    await http.post(`/departments/${id}/members`, body);
  });

export const useRemoveDepartmentMember = (id: number) =>
  useActivityWrite(async (userId: number) => {
    await http.delete(`/departments/${id}/members/${userId}`);
  });
