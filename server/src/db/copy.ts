import { sql } from 'drizzle-orm';
import { runMigrations, type Database, type Db } from './client';
import { queryOne, queryRows } from './query';

/**
 * `npm run db:copy`: the embedded database (PGlite) copied into an empty PostgreSQL database
 * (decision 0018). Both are migrated first with the same migrations, so the target has the same
 * schema; then every table's rows, in the order of their foreign keys, in one transaction on the
 * target, and every sequence's position. Nothing is written to the source but its migrations.
 */

export type CopyReport = { tables: Array<{ name: string; rows: number }>; sequences: number };

export const COPY_MESSAGES = {
  notEmpty: (users: number) =>
    `La base PostgreSQL cible contient déjà des données (${users} utilisateur${users > 1 ? 's' : ''}) : ` +
    'copie refusée. Donnez une base vide (createdb).',
  mismatch: (table: string, source: number, target: number) =>
    `Copie incomplète de ${table} : ${source} lignes dans la source, ${target} dans la cible.`,
} as const;

/** Rows per statement: a few MB of JSON at most for the widest table. */
const BATCH = 2000;

export type Table = { name: string; keys: string[] };

export function ident(name: string) {
  return sql.raw(`"${name.replace(/"/g, '""')}"`);
}

/** The application's tables, each after the tables its foreign keys point to, with their primary keys. */
export async function tablesInOrder(db: Db): Promise<Table[]> {
  const tables = await queryRows<{ name: string; keys: string[] }>(
    db,
    sql`select c.relname as name,
          array(select a.attname::text from unnest(p.conkey) with ordinality k(attnum, n)
                join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum order by k.n) as keys
        from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
        join pg_constraint p on p.conrelid = c.oid and p.contype = 'p'
        where ns.nspname = 'public' and c.relkind = 'r'
        order by c.relname`,
  );
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select distinct c.relname as child, f.relname as parent
        from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class f on f.oid = k.confrelid
        join pg_namespace ns on ns.oid = c.relnamespace
        where k.contype = 'f' and ns.nspname = 'public' and c.oid <> f.oid`,
  );
  const parents = new Map<string, string[]>();
  for (const edge of edges) parents.set(edge.child, [...(parents.get(edge.child) ?? []), edge.parent]);
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const visiting = new Set<string>();
  const byName = new Map(tables.map((t) => [t.name, t]));
  const place = (name: string) => {
    if (placed.has(name) || !byName.has(name)) return;
    if (visiting.has(name)) throw new Error(`Cycle de clés étrangères autour de ${name}`);
    visiting.add(name);
    for (const parent of parents.get(name) ?? []) place(parent);
    visiting.delete(name);
    placed.add(name);
    ordered.push(byName.get(name)!);
  };
  for (const table of tables) place(table.name);
  return ordered;
}

/**
 * Copies one table in batches, by its primary key (a row referring to an earlier row of the same
 * table, a reversal of a treasury movement, comes after it). The rows travel as JSON text and are
 * read back by the target table's own row type (json_populate_recordset): dates, arrays and large
 * numbers keep their exact values.
 */
async function copyTable(source: Db, target: Db, table: Table): Promise<number> {
  const name = ident(table.name);
  const keys = sql.join(
    table.keys.map((key) => ident(key)),
    sql`, `,
  );
  const lastOf = sql.join(
    table.keys.flatMap((key) => [sql.raw(`'${key.replace(/'/g, "''")}'`), ident(key)]),
    sql`, `,
  );
  let last: string | null = null;
  let copied = 0;
  for (;;) {
    const after: ReturnType<typeof sql> =
      last === null
        ? sql`true`
        : sql`(${keys}) > (select ${keys} from json_populate_record(null::${name}, ${last}::json))`;
    const page = await queryOne<{ rows: string | null; n: number; last: string | null }>(
      source,
      sql`with page as (select * from ${name} where ${after} order by ${keys} limit ${BATCH})
          select json_agg(page)::text as rows, count(*)::int as n,
            (array_agg(json_build_object(${lastOf})::text order by ${keys} desc))[1] as last
          from page`,
    );
    if (!page || page.n === 0 || !page.rows) return copied;
    await target.execute(
      sql`insert into ${name} select * from json_populate_recordset(null::${name}, ${page.rows}::json)`,
    );
    copied += page.n;
    last = page.last;
    if (page.n < BATCH) return copied;
  }
}

/** The application's sequences (public schema). */
export function sequenceNames(db: Db): Promise<Array<{ name: string }>> {
  return queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
        where ns.nspname = 'public' and c.relkind = 'S' order by 1`,
  );
}

export async function copyDatabase(
  source: Database,
  target: Database,
  log: (line: string) => void = () => {},
): Promise<CopyReport> {
  await runMigrations(source);
  await runMigrations(target);
  log('schémas migrés (source et cible)');
  const users = await queryOne<{ n: number }>(target.db, sql`select count(*)::int as n from users`);
  if ((users?.n ?? 0) > 0) throw new Error(COPY_MESSAGES.notEmpty(users!.n));

  const tables = await tablesInOrder(source.db);
  const sequences = await sequenceNames(source.db);
  const report: CopyReport = { tables: [], sequences: sequences.length };
  await target.db.transaction(async (tx) => {
    // A server started on the empty target may have written its reference data: replaced by the source's.
    await tx.execute(
      sql`truncate ${sql.join(
        tables.map((t) => ident(t.name)),
        sql`, `,
      )} cascade`,
    );
    for (const table of tables) {
      const rows = await copyTable(source.db, tx, table);
      report.tables.push({ name: table.name, rows });
      if (rows > 0) log(`${table.name} : ${rows} lignes`);
    }
    for (const { name } of sequences) {
      const position = await queryOne<{ last_value: string; is_called: boolean }>(
        source.db,
        sql`select last_value::text, is_called from ${ident(name)}`,
      );
      await tx.execute(
        sql`select setval(${name}::regclass, ${position!.last_value}::bigint, ${position!.is_called})`,
      );
    }
    // Every row arrived: the source's count against the target's, table by table.
    for (const table of tables) {
      const count = sql`select count(*)::int as n from ${ident(table.name)}`;
      const inSource = (await queryOne<{ n: number }>(source.db, count))!.n;
      const inTarget = (await queryOne<{ n: number }>(tx, count))!.n;
      if (inSource !== inTarget) throw new Error(COPY_MESSAGES.mismatch(table.name, inSource, inTarget));
    }
  });
  return report;
}
