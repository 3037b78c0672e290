import { sql, type SQL } from 'drizzle-orm';
import type { BudgetEntityType } from '../../../../contract/budgets';
import { BUDGET_MESSAGES } from '../../../../contract/budgets';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import { httpError } from '../../http/errors';

// The levels a budget belongs to, as the API names them ('CHURCH') and as the tables do ('church'),
// the level above an entity (who approves its budget) and the entities below it.

export type BudgetLevel = 'national_office' | 'region' | 'section' | 'church';
export type BudgetEntity = { type: BudgetLevel; id: number };

export function levelOf(type: BudgetEntityType): BudgetLevel {
  return type.toLowerCase() as BudgetLevel;
}

export function apiTypeOf(level: string): BudgetEntityType {
  return level.toUpperCase() as BudgetEntityType;
}

/** The name of an entity of the row in SQL (`typeColumn`, `idColumn`: column fragments). */
export function entityNameSql(typeColumn: SQL, idColumn: SQL): SQL {
  return sql`case ${typeColumn}
      when 'church' then (select name from churches where id = ${idColumn})
      when 'section' then (select name from sections where id = ${idColumn})
      when 'region' then (select name from regions where id = ${idColumn})
      when 'national_office' then (select name from national_offices where id = ${idColumn})
    end`;
}

/**
 * The level that approves the entity's budgets: a church's section, a section's region, a region's
 * national office; the national office approves its own (nothing above it: decision 0021).
 */
export async function approverOf(db: Db, entity: BudgetEntity): Promise<BudgetEntity> {
  if (entity.type === 'national_office') return entity;
  const query =
    entity.type === 'church'
      ? sql`select section_id as id from churches where id = ${entity.id}`
      : entity.type === 'section'
        ? sql`select region_id as id from sections where id = ${entity.id}`
        : sql`select national_office_id as id from regions where id = ${entity.id}`;
  const row = await queryOne<{ id: number | null }>(db, query);
  if (!row || row.id === null) throw httpError(404, BUDGET_MESSAGES.budgetNotFound);
  const type: BudgetLevel =
    entity.type === 'church' ? 'section' : entity.type === 'section' ? 'region' : 'national_office';
  return { type, id: Number(row.id) };
}

/** The entities directly below (type and id columns `entity_type`, `entity_id`), as a SELECT. */
export function childrenSql(entity: BudgetEntity): SQL | null {
  switch (entity.type) {
    case 'national_office':
      return sql`select 'region'::text as entity_type, id as entity_id from regions where national_office_id = ${entity.id}`;
    case 'region':
      return sql`select 'section'::text as entity_type, id as entity_id from sections where region_id = ${entity.id}`;
    case 'section':
      return sql`select 'church'::text as entity_type, id as entity_id from churches where section_id = ${entity.id}`;
    default:
      return null;
  }
}

/**
 * The entity and everything below it, each with the part of the consolidated view it counts in
 * (`child_type`, `child_id`: the entity itself for its own budget, else the entity directly below
 * whose subtree holds it), as a SELECT of (entity_type, entity_id, child_type, child_id).
 */
export function subtreeSql(entity: BudgetEntity): SQL {
  const { id } = entity;
  switch (entity.type) {
    case 'section':
      return sql`select 'section'::text as entity_type, ${id}::int as entity_id, 'section'::text as child_type, ${id}::int as child_id
        union all select 'church', c.id, 'church', c.id from churches c where c.section_id = ${id}`;
    case 'region':
      return sql`select 'region'::text as entity_type, ${id}::int as entity_id, 'region'::text as child_type, ${id}::int as child_id
        union all select 'section', s.id, 'section', s.id from sections s where s.region_id = ${id}
        union all select 'church', c.id, 'section', s.id from churches c join sections s on s.id = c.section_id
          where s.region_id = ${id}`;
    case 'national_office':
      return sql`select 'national_office'::text as entity_type, ${id}::int as entity_id, 'national_office'::text as child_type, ${id}::int as child_id
        union all select 'region', r.id, 'region', r.id from regions r where r.national_office_id = ${id}
        union all select 'section', s.id, 'region', r.id from sections s join regions r on r.id = s.region_id
          where r.national_office_id = ${id}
        union all select 'church', c.id, 'region', r.id from churches c join sections s on s.id = c.section_id
          join regions r on r.id = s.region_id where r.national_office_id = ${id}`;
    default:
      return sql`select 'church'::text as entity_type, ${id}::int as entity_id, 'church'::text as child_type, ${id}::int as child_id`;
  }
}
