import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Checkout,
  CheckoutList,
  CheckoutListQuery,
  CheckoutStatus,
  GivingSettings,
  GuestCheckoutBody,
  InstallationSettings,
  MemberCheckoutBody,
  PublicCheckout,
  PublicGivingPage,
  Reconciliation,
  StartCheckoutAnswer,
  StartGuestCheckoutAnswer,
  UpdateInstallationBody,
  UpdateSettingsBody,
} from '@contract/giving';
import { http } from '@/shared/api/http-client';

/** ['giving', ...]: one prefix invalidates the feature (GET /giving/me included). */
export const givingKeys = {
  all: ['giving'] as const,
  checkout: (id: number) => ['giving', 'checkout', id] as const,
  list: (churchId: number, filters: object, page: number) =>
    ['giving', 'church', churchId, 'list', filters, page] as const,
  settings: (churchId: number) => ['giving', 'church', churchId, 'settings'] as const,
  installation: ['giving', 'installation'] as const,
  page: (code: string) => ['giving', 'public', code] as const,
  publicCheckout: (publicId: string) => ['giving', 'public-checkout', publicId] as const,
};

const OPEN: CheckoutStatus[] = ['started', 'pending'];

/** While a checkout is open, ask again every 2 s (the server re-checks it with LigdiCash), 3 minutes at most. */
const followInterval = (status: CheckoutStatus | undefined, count: number) =>
  status && OPEN.includes(status) && count < 90 ? 2000 : false;

export function useStartGift() {
  return useMutation({
    mutationFn: async (body: MemberCheckoutBody) =>
      (await http.post<{ data: StartCheckoutAnswer }>('/giving/checkouts', body)).data.data,
  });
}

/** The member's (or a treasurer's) checkout, followed while it is open. */
export function useCheckout(id: number) {
  return useQuery({
    queryKey: givingKeys.checkout(id),
    queryFn: async () => (await http.get<{ data: Checkout }>(`/giving/checkouts/${id}`)).data.data,
    refetchInterval: (query) => followInterval(query.state.data?.status, query.state.dataUpdateCount),
  });
}

export const CHECKOUT_PAGE_SIZE = 20;

export type CheckoutFilters = Pick<CheckoutListQuery, 'status' | 'from_date' | 'to_date'>;

export function fetchCheckouts(churchId: number, filters: CheckoutFilters, page: number, limit: number) {
  return http
    .get<CheckoutList>('/giving/checkouts', { params: { church_id: churchId, ...filters, page, limit } })
    .then((r) => r.data);
}

export function useCheckoutList(churchId: number, filters: CheckoutFilters, page: number) {
  return useQuery({
    queryKey: givingKeys.list(churchId, filters, page),
    queryFn: () => fetchCheckouts(churchId, filters, page, CHECKOUT_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
}

export function useVerifyCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await http.post<{ data: Checkout }>(`/giving/checkouts/${id}/verify`)).data.data,
    onSuccess: () => client.invalidateQueries({ queryKey: givingKeys.all }),
  });
}

export function useReconcile() {
  return useMutation({
    mutationFn: async (body: { church_id: number; csv: string }) =>
      (await http.post<{ data: Reconciliation }>('/giving/reconciliation', body)).data.data,
  });
}

export function useGivingSettings(churchId: number) {
  return useQuery({
    queryKey: givingKeys.settings(churchId),
    queryFn: async () =>
      (await http.get<{ data: GivingSettings }>('/giving/settings', { params: { church_id: churchId } })).data
        .data,
  });
}

export function useUpdateSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateSettingsBody) =>
      (await http.put<{ data: GivingSettings }>('/giving/settings', body)).data.data,
    onSuccess: (data) => {
      client.setQueryData(givingKeys.settings(data.church.id), data);
      return client.invalidateQueries({ queryKey: givingKeys.all });
    },
  });
}

export function useInstallationSettings() {
  return useQuery({
    queryKey: givingKeys.installation,
    queryFn: async () =>
      (await http.get<{ data: InstallationSettings }>('/giving/installation-settings')).data.data,
  });
}

export function useUpdateInstallation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateInstallationBody) =>
      (await http.put<{ data: InstallationSettings }>('/giving/installation-settings', body)).data.data,
    onSuccess: (data) => client.setQueryData(givingKeys.installation, data),
  });
}

// ---------------------------------------------------------------- the public pages (no session)

export function usePublicGivingPage(code: string) {
  return useQuery({
    queryKey: givingKeys.page(code),
    queryFn: async () => (await http.get<{ data: PublicGivingPage }>(`/giving/public/${code}`)).data.data,
    retry: false,
  });
}

export function useStartGuestGift(code: string) {
  return useMutation({
    mutationFn: async (body: GuestCheckoutBody) =>
      (await http.post<{ data: StartGuestCheckoutAnswer }>(`/giving/public/${code}/checkouts`, body)).data
        .data,
  });
}

export function usePublicCheckout(publicId: string) {
  return useQuery({
    queryKey: givingKeys.publicCheckout(publicId),
    queryFn: async () =>
      (await http.get<{ data: PublicCheckout }>(`/giving/public/checkouts/${publicId}`)).data.data,
    refetchInterval: (query) => followInterval(query.state.data?.status, query.state.dataUpdateCount),
    retry: false,
  });
}
