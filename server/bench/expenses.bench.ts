/**
 * Issue 4 target: the expense list of a church with 10,000 requests answers its first page in under
 * 100 ms of server time on PostgreSQL.
 *
 *   npx tsx server/bench/expenses.bench.ts [--reset] [--samples N]
 *
 * Uses its own database (BENCH_EXPENSES_URL, default postgres://postgres@127.0.0.1:55432/bench_expenses),
 * created when missing from the server's `postgres` database; seeds it once with `npm run seed -- --large`
 * (the demo plus 10,000 expense requests in the first church); then builds the API in-process, signs in
 * as the church's treasurer and times GET /api/expense-requests (first page, 20 rows), the balance and a
 * filtered page with `inject` (the whole Fastify pipeline: session, visibility, permission, queries,
 * serialisation; no network). Prints medians and p95 and the query plan of the page.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { queryOne, queryRows } from '../src/db/query';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const URL_ = process.env.BENCH_EXPENSES_URL ?? 'postgres://postgres@127.0.0.1:55432/bench_expenses';
const args = process.argv.slice(2);
const SAMPLES = Number(args[args.indexOf('--samples') + 1]) || 100;
const TARGET_MS = 100;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

async function ensureDatabase(): Promise<void> {
  const target = new URL(URL_);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`nom de base invalide : ${name}`);
  const admin = new URL(URL_);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    if (args.includes('--reset')) await client.query(`drop database if exists ${name} with (force)`);
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  await ensureDatabase();
  const database = await openDatabase({ databaseUrl: URL_ });
  const seeded = await queryOne<{ n: number }>(
    database.db,
    sql`select case when to_regclass('public.expense_requests') is null then 0
               else (select count(*)::int from expense_requests) end as n`,
  ).catch(() => ({ n: 0 }));
  if (Number(seeded?.n ?? 0) < 10_000) {
    console.log('seed --large (une fois)…');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'server/src/db/seed/cli.ts'), '--large'],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: URL_ },
        stdio: 'inherit',
      },
    );
    if (run.status !== 0) throw new Error('le seed a échoué');
  }

  const app = await buildApp({ database, config: testConfig({ databaseUrl: URL_ }) });
  try {
    const church = await queryOne<{ id: number; n: number }>(
      database.db,
      sql`select er.entity_id as id, count(*)::int as n from expense_requests er
          where er.entity_type = 'CHURCH' group by er.entity_id order by count(*) desc limit 1`,
    );
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'tresorier@example.org', password: 'demo1234' },
    });
    if (login.statusCode !== 200) throw new Error(`connexion impossible : ${login.body}`);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    console.log(`église ${church!.id} : ${church!.n} demandes de dépense`);

    const cases: Array<[string, string]> = [
      [
        'liste, première page (20)',
        `/api/expense-requests?entity_type=CHURCH&entity_id=${church!.id}&page=1&limit=20`,
      ],
      [
        'liste filtrée (statut + période + recherche)',
        `/api/expense-requests?entity_type=CHURCH&entity_id=${church!.id}&status=approved&from_date=2026-01-01&to_date=2026-12-31&search=a`,
      ],
      [
        'liste, page 200',
        `/api/expense-requests?entity_type=CHURCH&entity_id=${church!.id}&page=200&limit=20`,
      ],
      [
        'totaux (expense-requests-balance)',
        `/api/expense-requests-balance?entity_type=CHURCH&entity_id=${church!.id}`,
      ],
    ];
    const results: Array<{ label: string; median: number; p95: number }> = [];
    for (const [label, url] of cases) {
      for (let i = 0; i < 5; i++) await app.inject({ url, headers: { cookie } }); // warm-up
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const started = performance.now();
        const response = await app.inject({ url, headers: { cookie } });
        times.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      }
      results.push({ label, median: median(times), p95: percentile(times, 95) });
    }
    for (const r of results)
      console.log(
        `${r.label.padEnd(46)} médiane ${r.median.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms`,
      );

    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      database.db,
      sql`explain (analyze, buffers) select er.id from expense_requests er
          where er.entity_type = 'CHURCH' and er.entity_id = ${church!.id}
          order by er.made_at desc, er.id desc limit 20`,
    );
    console.log('\nplan de la page (tri et filtre) :');
    for (const row of plan) console.log(`  ${row['QUERY PLAN']}`);

    const first = results[0];
    const ok = first.median < TARGET_MS;
    console.log(
      `\nobjectif : première page < ${TARGET_MS} ms → ${ok ? 'atteint' : 'NON atteint'} (${first.median.toFixed(1)} ms)`,
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
