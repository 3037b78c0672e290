import { sql } from 'drizzle-orm';
import type { OperationAccount } from '../../../../contract/accounts';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import type { EntityRef } from '../../http/authorize';
import { financeEntityOf } from '../../permissions/entity';
import { nationalOfficeOf } from './entity';
import { usableBy } from './usable';

/**
 * The active accounts of `categories` (all when empty) an entity (as the API names it) may use (usableBy): the denomination's
 * and its own, less those it or its national office forbids; `search` on the name or the start of the code.
 */
export async function authorizedAccounts(
  db: Db,
  { type, id: entityId }: EntityRef,
  filters: { categories: string[]; search: string },
): Promise<OperationAccount[]> {
  const { categories, search } = filters;
  // an entity the route authorised: its type names one
  const entity = financeEntityOf(type)!;
  const officeId = await nationalOfficeOf(db, entity, entityId);
  return queryRows<OperationAccount>(
    db,
    sql`select a.id, a.code, a.name, c.name as category, a.journal_type
        from operation_accounts a
        join operation_account_categories c on c.id = a.category_id
        where a.active and ${usableBy(entity, entityId, officeId)}
          and (${categories.length === 0} or c.name = any(${`{${categories.map((n) => `"${n.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]))
          and (${search} = '' or a.name ilike ${`%${search}%`} or a.code like ${`${search}%`})
        order by c.name, a.code`,
  );
}
