import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { List } from '@contract/common';
import type { ListSort } from '@contract/values/common';
import type { EmployeeSort, PayslipSort } from '@contract/values/payroll';
import type {
  Employee,
  EmployeeBody,
  Payslip,
  PayslipBody,
  PayslipList,
  PayslipPayBody,
} from '@contract/payroll';
import { http } from '@/shared/api/http-client';
import { IDEMPOTENCY_HEADER } from '@/shared/api/idempotency';
import { readItem, readPage } from '@/shared/api/list';
import type { EntityLevel } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';

/*
 * The payroll of a Level: /employees and /payslips (contract/payroll.ts).
 */

export const PAYROLL_PAGE_SIZE = 20;
export type EmployeeStatus = 'active' | 'archived' | 'all';

/** ['payroll', ...]: one prefix invalidates the feature after any write. */
export const payrollKeys = {
  all: ['payroll'] as const,
  employees: (
    entity: EntityLevel,
    status: EmployeeStatus,
    search: string,
    page: number,
    limit: number,
    sort: ListSort<EmployeeSort> = {},
  ) => ['payroll', entity, 'employees', { status, search, page, limit, ...sort }] as const,
  payslips: (entity: EntityLevel, month: string, page: number, sort: ListSort<PayslipSort> = {}) =>
    ['payroll', entity, 'payslips', { month, page, ...sort }] as const,
  payslip: (id: number) => ['payroll', 'payslip', id] as const,
};

/** GET /employees: a page of the Level's employees (active, archived or all), searched on the name. */
export function useEmployees(
  entity: EntityLevel | null,
  status: EmployeeStatus,
  search: string,
  page: number,
  limit = PAYROLL_PAGE_SIZE,
  sort: ListSort<EmployeeSort> = {},
) {
  return useQuery({
    queryKey: payrollKeys.employees(entity!, status, search, page, limit, sort),
    enabled: entity !== null,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<List<Employee>> => {
      const { data } = await http.get<unknown>('/employees', {
        params: { ...entityParams(entity!), status, search: search || undefined, page, limit, ...sort },
      });
      return readPage<Employee>(data, { page, limit });
    },
  });
}

/** GET /payslips: a page of the Level's payslips of a month ('' = every month) and the totals of the set. */
export function usePayslips(
  entity: EntityLevel | null,
  month: string,
  page: number,
  sort: ListSort<PayslipSort> = {},
) {
  return useQuery({
    queryKey: payrollKeys.payslips(entity!, month, page, sort),
    enabled: entity !== null,
    placeholderData: keepPreviousData,
    queryFn: async (): Promise<PayslipList> => {
      const { data } = await http.get<PayslipList>('/payslips', {
        params: {
          ...entityParams(entity!),
          month: month || undefined,
          page,
          limit: PAYROLL_PAGE_SIZE,
          ...sort,
        },
      });
      return data;
    },
  });
}

/** GET /payslips/{id} */
export function usePayslip(id: number | null) {
  return useQuery({
    queryKey: payrollKeys.payslip(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      const { data } = await http.get<unknown>(`/payslips/${id}`);
      return readItem<Payslip>(data);
    },
  });
}

function usePayrollWrite<V, T>(write: (variables: V) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => client.invalidateQueries({ queryKey: payrollKeys.all, refetchType: 'active' }),
  });
}

/** POST /employees */
export function useCreateEmployee(entity: EntityLevel) {
  return usePayrollWrite(async (body: EmployeeBody) => {
    const { data } = await http.post<unknown>('/employees', { ...entityParams(entity), ...body });
    return readItem<Employee>(data);
  });
}

/** PUT /employees/{id} */
export function useUpdateEmployee() {
  return usePayrollWrite(async ({ id, body }: { id: number; body: EmployeeBody }) => {
    const { data } = await http.put<unknown>(`/employees/${id}`, body);
    return readItem<Employee>(data);
  });
}

/** POST /employees/{id}/archive or /restore */
export function useSetEmployeeActive() {
  return usePayrollWrite(async ({ id, active }: { id: number; active: boolean }) => {
    const { data } = await http.post<unknown>(`/employees/${id}/${active ? 'restore' : 'archive'}`);
    return readItem<Employee>(data);
  });
}

/** POST /payslips */
export function useCreatePayslip() {
  return usePayrollWrite(async (body: PayslipBody) => {
    const { data } = await http.post<unknown>('/payslips', body);
    return readItem<Payslip>(data);
  });
}

/** PUT /payslips/{id} */
export function useUpdatePayslip(id: number) {
  return usePayrollWrite(async (body: Omit<PayslipBody, 'employee_id'>) => {
    const { data } = await http.put<unknown>(`/payslips/${id}`, body);
    return readItem<Payslip>(data);
  });
}

/** POST /payslips/{id}/pay, with the attempt's Idempotency-Key (a retry is never paid twice). */
export function usePayPayslip(id: number) {
  return usePayrollWrite(async ({ body, key }: { body: PayslipPayBody; key: string }) => {
    const { data } = await http.post<unknown>(`/payslips/${id}/pay`, body, {
      headers: { [IDEMPOTENCY_HEADER]: key },
    });
    return readItem<Payslip>(data);
  });
}
