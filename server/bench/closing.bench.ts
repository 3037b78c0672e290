/**
 * Year-end closing on the benchmark volume (issue 15): the preview and the confirmation of a closing,
 * timed on PostgreSQL with the `--large` seed (1,000,000 treasury movements over the last twelve months).
 *
 *   psql -h 127.0.0.1 -p 5433 -U postgres -c 'create database bench_closing template bench_journals'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5433/bench_closing npx tsx server/bench/closing.bench.ts
 *
 * The database must hold the `--large` seed (`npm run seed -- --large`); the script applies the pending
 * migrations first. Every confirmation runs in a transaction that is rolled back: the database is left
 * as it was and the script can run again.
 *
 * Measured:
 * 1. for the busiest entity, the preview (GET /closings/preview's work) and the confirmation (POST
 *    /closings's work: the same computation, the inserts, the audit) of the last ended year;
 * 2. the same for every entity that has movements, one after the other: the whole volume's year closed;
 * 3. the computation of the current year for every entity: every movement of the seed read once (the
 *    seed spans the last twelve months, so the last ended year holds only part of them).
 * Target: each under 10 s. The script exits non-zero past a target.
 */
import { sql } from 'drizzle-orm';
import type { ExpenseEntityType } from '../../contract/expenses';
import { openDatabase, runMigrations } from '../src/db/client';
import { queryOne, queryRows } from '../src/db/query';
import type { Actor } from '../src/http/authorize';
import { computeClosing, confirmClosing, previewClosing } from '../src/modules/closings/service';

const TARGET_MS = 10_000;
const RUNS = 3;

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL est requis (base PostgreSQL avec le volume --large).');

const database = await openDatabase({ databaseUrl: url });
const db = database.db;
await runMigrations(database);
await db.execute(sql`vacuum analyze treasury_movements`);

const TYPE_OF: Record<string, ExpenseEntityType> = {
  national_office: 'NATIONAL_OFFICE',
  region: 'REGION',
  section: 'SECTION',
  church: 'CHURCH',
  department: 'ACTIVITY_GROUP',
};

class Rollback extends Error {}

/** Runs `work` in a transaction rolled back at the end; answers its duration in ms. */
async function timedAndRolledBack(work: (tx: typeof db) => Promise<unknown>): Promise<number> {
  let ms = 0;
  try {
    await db.transaction(async (tx) => {
      const started = performance.now();
      await work(tx);
      ms = performance.now() - started;
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return ms;
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const verdict = (ms: number) => (ms < TARGET_MS ? 'OK' : 'ÉCHEC');

try {
  const movements = Number(
    (await queryOne<{ n: string }>(db, sql`select count(*) as n from treasury_movements`))!.n,
  );
  const entities = await queryRows<{ entity_type: string; entity_id: number; n: string }>(
    db,
    sql`select entity_type, entity_id, count(*) as n from treasury_movements
        group by entity_type, entity_id order by count(*) desc`,
  );
  const actor = await queryOne<{ id: number }>(db, sql`select min(id) as id from users`);
  const user: Actor = { sessionId: '', userId: Number(actor!.id), isSuperAdmin: false, ip: '127.0.0.1' };
  const current = new Date().getUTCFullYear();
  /** the year an entity closes next: after its last closing, else last year */
  const nextYear = async (type: string, id: number) => {
    const last = await queryOne<{ year: number | null }>(
      db,
      sql`select max(year)::int as year from fiscal_closings where entity_type = ${type} and entity_id = ${id}`,
    );
    return last?.year === null || last?.year === undefined ? current - 1 : Number(last.year) + 1;
  };

  // 1. the busiest entity
  const top = entities[0]!;
  const topType = TYPE_OF[top.entity_type]!;
  const topId = Number(top.entity_id);
  const year = await nextYear(top.entity_type, topId);
  const inYear = Number(
    (await queryOne<{ n: string }>(
      db,
      sql`select count(*) as n from treasury_movements where entity_type = ${top.entity_type} and entity_id = ${topId}
            and occurred_at < ${`${year + 1}-01-01T00:00:00Z`}::timestamptz`,
    ))!.n,
  );
  const previews: number[] = [];
  const confirms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await previewClosing(db, topType, topId, year);
    previews.push(performance.now() - started);
    confirms.push(await timedAndRolledBack((tx) => confirmClosing(tx, user, topType, topId, year)));
  }
  const one = median(previews) + median(confirms);

  // 2. every entity's closing of its next year, one after the other
  let closable = 0;
  const all = await timedAndRolledBack(async (tx) => {
    for (const e of entities) {
      const type = TYPE_OF[e.entity_type]!;
      const id = Number(e.entity_id);
      const y = await nextYear(e.entity_type, id);
      if (y >= current) continue;
      await previewClosing(tx, type, id, y);
      await confirmClosing(tx, user, type, id, y);
      closable++;
    }
  });

  // 3. the computation of the current year: every movement of the seed read
  const started = performance.now();
  let slowest = 0;
  for (const e of entities) {
    const one = performance.now();
    await computeClosing(db, TYPE_OF[e.entity_type]!, Number(e.entity_id), current);
    slowest = Math.max(slowest, performance.now() - one);
  }
  const full = performance.now() - started;

  const { loadavg, cpus } = await import('node:os');
  console.log(
    [
      `mouvements en base : ${movements.toLocaleString('fr-FR')} (${entities.length} entités)`,
      `1. ${top.entity_type} ${topId} (${Number(top.n).toLocaleString('fr-FR')} mouvements, ${inYear.toLocaleString('fr-FR')} jusqu'à la fin de ${year}) : aperçu ${seconds(median(previews))}, clôture ${seconds(median(confirms))} (médianes de ${RUNS}) ; total ${seconds(one)} (cible < ${TARGET_MS / 1000} s) ${verdict(one)}`,
      `2. clôture de l'exercice suivant de chaque entité (${closable} entités, aperçu + clôture, annulées) : ${seconds(all)} (cible < ${TARGET_MS / 1000} s) ${verdict(all)}`,
      `3. calcul de l'exercice ${current} de chaque entité (tous les mouvements lus) : ${seconds(full)} (cible < ${TARGET_MS / 1000} s) ${verdict(full)} ; la plus longue entité ${seconds(slowest)}`,
      `charge ${loadavg()[0].toFixed(1)} sur ${cpus().length} cœurs`,
    ].join('\n'),
  );
  if (one >= TARGET_MS || all >= TARGET_MS || full >= TARGET_MS) process.exitCode = 1;
} finally {
  await database.close();
}
