import { sql } from 'drizzle-orm';
import type { OperationAccount } from '../../../../contract/accounts';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import type { FinanceEntityType } from '../../db/schema/finance';
import { nationalOfficeOf } from './entity';

/**
 * The active accounts of `categories` (all when empty) an entity may use: the denomination's and its
 * own, less those its national office excludes; `search` on the name or the start of the code.
 */
export async function authorizedAccounts(
  db: Db,
  entity: FinanceEntityType,
  entityId: number,
  filters: { categories: string[]; search: string },
): Promise<OperationAccount[]> {
  const { categories, search } = filters;
  const officeId = await nationalOfficeOf(db, entity, entityId);
  return queryRows<OperationAccount>(
    db,
    sql`select a.id, a.code, a.name, c.name as category, a.journal_type
        from operation_accounts a
        join operation_account_categories c on c.id = a.category_id
        where a.active
          and (a.entity_type is null or (a.entity_type = ${entity} and a.entity_id = ${entityId}))
          and (${categories.length === 0} or c.name = any(${`{${categories.map((n) => `"${n.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]))
          and (${search} = '' or a.name ilike ${`%${search}%`} or a.code like ${`${search}%`})
          and not exists (
            select 1 from operation_account_exclusions x
            where x.operation_account_id = a.id
              and ((x.entity_type = ${entity} and x.entity_id = ${entityId})
                or (x.entity_type = 'national_office' and x.entity_id = ${officeId}::int)))
        order by c.name, a.code`,
  );
}
