import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import type { FinanceEntityType } from '../../db/schema/finance';
import { httpError } from '../../http/errors';
import { nationalOfficeOf } from './entity';

/**
 * SQL: the operation account `a` is one the entity may use: the denomination's or the entity's own,
 * and forbidden neither by the entity nor by its national office `officeId` ('comptes interdits',
 * docs/features/back-office.md). The one condition of the account lists and of every money write.
 */
export function usableBy(entity: FinanceEntityType, entityId: number, officeId: number | null): SQL {
  return sql`(a.entity_type is null or (a.entity_type = ${entity} and a.entity_id = ${entityId}))
    and not exists (select 1 from operation_account_exclusions x
                    where x.operation_account_id = a.id
                      and ((x.entity_type = ${entity} and x.entity_id = ${entityId})
                        or (x.entity_type = 'national_office' and x.entity_id = ${officeId}::int)))`;
}

/**
 * An active account of a category in `categories` the entity may use (usableBy), else 400 `message`:
 * the check of every money write's accounts (expenses, fixed assets, contributions, payroll).
 */
export async function assertAccountOfEntity(
  db: Db,
  accountId: number,
  categories: readonly string[],
  entity: FinanceEntityType,
  entityId: number,
  message: string,
): Promise<{ id: number; name: string; category: string; journal_type: string | null }> {
  const names = `{${categories.map((c) => `"${c}"`).join(',')}}`;
  const officeId = await nationalOfficeOf(db, entity, entityId);
  const row = await queryOne<{ id: number; name: string; category: string; journal_type: string | null }>(
    db,
    sql`select a.id, a.name, c.name as category, a.journal_type
        from operation_accounts a join operation_account_categories c on c.id = a.category_id
        where a.id = ${accountId} and a.active and c.name = any(${names}::text[])
          and ${usableBy(entity, entityId, officeId)}`,
  );
  if (!row) throw httpError(400, message);
  return row;
}
