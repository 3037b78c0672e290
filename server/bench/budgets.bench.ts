/**
 * Issue 13 target: the consolidated national budget against actual over 1,000 churches and the
 * `--large` volume answers in under 200 ms median on PostgreSQL.
 *
 *   npx tsx server/bench/budgets.bench.ts [--reset] [--samples N]
 *
 * Uses its own database (BENCH_BUDGETS_URL, default postgres://postgres@127.0.0.1:5433/bench_budgets),
 * created when missing. Once: the demo seed, then churches added (spread over the demo's sections) up
 * to 1,000 with an approved budget of the year each (one line per template item), then
 * `npm run seed -- --large` (1,000,000 treasury movements, 25,000 expense requests, spread over the
 * churches), then the year's expense requests attached to a line of their entity's budget, as the demo
 * seed does. Then it builds the API in-process, signs in as the national treasurer and times
 * GET /api/budgets/consolidated for the national office (and a region, a section) with `inject` (the
 * whole Fastify pipeline), prints medians, p95 and the statement's plan.
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
const URL_ = process.env.BENCH_BUDGETS_URL ?? 'postgres://postgres@127.0.0.1:5433/bench_budgets';
const args = process.argv.slice(2);
const SAMPLES = Number(args[args.indexOf('--samples') + 1]) || 50;
const TARGET_MS = 200;
const CHURCHES = 1000;
const YEAR = new Date().getUTCFullYear();

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

function seed(extra: string[]): void {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'server/src/db/seed/cli.ts'), ...extra],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: URL_ },
      stdio: 'inherit',
    },
  );
  if (run.status !== 0) throw new Error('le seed a échoué');
}

async function main(): Promise<void> {
  await ensureDatabase();
  let database = await openDatabase({ databaseUrl: URL_ });
  const count = async (table: string): Promise<number> => {
    const exists = await queryOne<{ t: string | null }>(
      database.db,
      sql`select to_regclass(${`public.${table}`})::text as t`,
    );
    if (!exists?.t) return 0;
    const row = await queryOne<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from ${sql.raw(table)}`,
    );
    return Number(row?.n ?? 0);
  };

  if ((await count('churches')) === 0) {
    await database.close();
    console.log('seed de la démo…');
    seed([]);
    database = await openDatabase({ databaseUrl: URL_ });
  }
  const churches = await count('churches');
  if (churches < CHURCHES) {
    console.log(`${CHURCHES - churches} églises ajoutées, avec leur budget ${YEAR} approuvé…`);
    await database.db.execute(
      sql`insert into churches (name, section_id, city)
          select 'Église de banc ' || n, s.id, 'Abidjan'
          from generate_series(1, ${CHURCHES - churches}) n
          join lateral (select id from sections order by id offset (n % (select count(*) from sections)) limit 1) s on true`,
    );
    await database.db.execute(
      sql`insert into budgets (entity_type, entity_id, year, name, status, approved_at)
          select 'church', c.id, ${YEAR}, ${`Budget ${YEAR}`}, 'approved', now() from churches c
          where not exists (select 1 from budgets b where b.entity_type = 'church' and b.entity_id = c.id and b.year = ${YEAR})`,
    );
    await database.db.execute(
      sql`insert into budget_lines (budget_id, budget_item_template_id, category, amount)
          select b.id, t.id, t.category, 100000 + ((b.entity_id * 7919 + t.id * 104729) % 100) * 25000
          from budgets b cross join budget_item_templates t
          where b.year = ${YEAR} and not exists (select 1 from budget_lines bl where bl.budget_id = b.id)`,
    );
  }
  if ((await count('expense_requests')) < 10_000) {
    await database.close();
    console.log('seed --large (une fois)…');
    seed(['--large']);
    database = await openDatabase({ databaseUrl: URL_ });
    await database.db.execute(
      sql`update expense_requests er set budget_line_id = (
            select bl.id from budget_lines bl where bl.budget_id = b.id and bl.category = 'EXPENSE'
            order by bl.id offset (er.id % 7) limit 1)
          from budgets b
          where er.budget_line_id is null and b.year = ${YEAR}
            and b.entity_type = lower(er.entity_type) and b.entity_id = er.entity_id
            and er.made_at >= make_timestamptz(${YEAR}, 1, 1, 0, 0, 0, 'UTC')`,
    );
    await database.db.execute(sql`analyze`);
  }

  const volume = await queryOne<Record<string, number>>(
    database.db,
    sql`select (select count(*)::int from churches) as churches,
               (select count(*)::int from budgets where year = ${YEAR} and status in ('approved', 'finalized')) as budgets,
               (select count(*)::int from budget_lines) as budget_lines,
               (select count(*)::int from contributions) as contributions,
               (select count(*)::int from expense_payments) as payments,
               (select count(*)::int from expense_requests where budget_line_id is not null) as attached_requests`,
  );
  console.log('volume :', JSON.stringify(volume));

  const app = await buildApp({ database, config: testConfig({ databaseUrl: URL_ }) });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'national@example.org', password: 'demo1234' },
    });
    if (login.statusCode !== 200) throw new Error(`connexion impossible : ${login.body}`);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const ids = await queryOne<{ office: number; region: number; section: number }>(
      database.db,
      sql`select (select min(id) from national_offices) as office, (select min(id) from regions) as region,
                 (select section_id from churches group by section_id order by count(*) desc limit 1) as section`,
    );
    const cases: Array<[string, string]> = [
      [
        'consolidé national',
        `/api/budgets/consolidated?entity_type=NATIONAL_OFFICE&entity_id=${ids!.office}&year=${YEAR}`,
      ],
      [
        'consolidé d’une région',
        `/api/budgets/consolidated?entity_type=REGION&entity_id=${ids!.region}&year=${YEAR}`,
      ],
      [
        'consolidé d’une section',
        `/api/budgets/consolidated?entity_type=SECTION&entity_id=${ids!.section}&year=${YEAR}`,
      ],
    ];
    const results: Array<{ label: string; median: number; p95: number; budgets: number }> = [];
    for (const [label, url] of cases) {
      let budgets = 0;
      for (let i = 0; i < 3; i++) await app.inject({ url, headers: { cookie } }); // warm-up
      const times: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const started = performance.now();
        const response = await app.inject({ url, headers: { cookie } });
        times.push(performance.now() - started);
        if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
        budgets = (response.json() as { data: { budgets: number } }).data.budgets;
      }
      results.push({ label, median: median(times), p95: percentile(times, 95), budgets });
    }
    for (const r of results)
      console.log(
        `${r.label.padEnd(28)} ${String(r.budgets).padStart(5)} budgets   médiane ${r.median.toFixed(1).padStart(6)} ms   p95 ${r.p95.toFixed(1).padStart(6)} ms`,
      );

    const plan = await queryRows<{ 'QUERY PLAN': string }>(
      database.db,
      sql`explain (analyze, buffers)
          select c.entity_type, c.entity_id, c.receipt_account_id, sum(c.amount)
          from contributions c
          where c.status = 'valid' and c.occurred_at >= make_timestamptz(${YEAR}, 1, 1, 0, 0, 0, 'UTC')
            and c.occurred_at < make_timestamptz(${YEAR} + 1, 1, 1, 0, 0, 0, 'UTC')
            and c.receipt_account_id in (select operation_account_id from budget_item_templates where category = 'INCOME')
          group by 1, 2, 3`,
    );
    console.log('\nplan des recettes de l’exercice (la partie la plus lourde) :');
    for (const row of plan) console.log(`  ${row['QUERY PLAN']}`);

    const national = results[0];
    const ok = national.median < TARGET_MS;
    console.log(
      `\nobjectif : consolidé national < ${TARGET_MS} ms → ${ok ? 'atteint' : 'NON atteint'} (${national.median.toFixed(1)} ms)`,
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
