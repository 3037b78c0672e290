import { useQuery } from '@tanstack/react-query';
import type { FinancialStatements } from '@contract/journals';
import { http } from '@/shared/api/http-client';
import type { EntityLevel } from '@/shared/level/level-context';
import { entityParams } from '@/shared/level/wire';
import { journalKeys } from './keys';

/** GET /financial-statements: the income statement and the balance sheet of a year (SYCEBNL). */
export function useFinancialStatements(entity: EntityLevel, year: number) {
  return useQuery({
    queryKey: journalKeys.statements(entity, year),
    queryFn: async ({ signal }) => {
      const { data } = await http.get<{ data: FinancialStatements }>('/financial-statements', {
        params: { ...entityParams(entity), year },
        signal,
      });
      return data.data;
    },
  });
}
