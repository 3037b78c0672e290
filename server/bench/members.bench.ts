/**
 * The region members page on the benchmark volume (issue 6): GET /group-members (first page of 50, then a
 * search and the presidents tab) and GET /group-members/stats for the region president, over real HTTP,
 * on PostgreSQL, with 100,000 more faithful in the database.
 *
 *   psql -h 127.0.0.1 -p 55432 -U postgres -c 'create database bench_members'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench_members npm run seed -- --large
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench_members npx tsx server/bench/members.bench.ts [--explain]
 *
 * Target: the first page under 100 ms server time. The server times each request itself (the
 * `Server-Timing`-like figure below is taken around app.inject, without network); the HTTP round trip
 * over localhost is printed next to it. `--explain` prints the plan of the page query.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { queryOne, queryRows } from '../src/db/query';
import { intArray } from '../src/permissions/visibility';

const SAMPLES = 50;
const WARMUP = 5;
const TARGET_MS = 100;

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL est requis (base PostgreSQL avec le volume --large).');

const database = await openDatabase({ databaseUrl: url });
const db = database.db;
const users = Number((await queryOne<{ n: string }>(db, sql`select count(*) as n from users`))!.n);
await db.execute(sql`vacuum analyze users`);
await db.execute(sql`vacuum analyze role_assignments`);

const app = await buildApp({ database, config: testConfig() });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

type Figures = { median: number; p95: number; max: number };
const figures = (times: number[]): Figures => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    median: sorted[Math.floor(sorted.length / 2)],
    p95: sorted[Math.floor(sorted.length * 0.95)],
    max: sorted[sorted.length - 1],
  };
};
const ms = (n: number) => `${n.toFixed(1)} ms`;

try {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'region@example.org', password: 'demo1234' }),
  });
  if (!login.ok) throw new Error(`connexion impossible : ${login.status} ${await login.text()}`);
  const cookie = (login.headers.getSetCookie?.() ?? [login.headers.get('set-cookie') ?? ''])
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as {
    region: { id: number; name: string };
  };
  const regionId = me.region.id;
  const inRegion = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from users u join churches c on c.id = u.church_id
        join sections s on s.id = c.section_id where s.region_id = ${regionId}`,
  );

  const cases: Array<[string, string]> = [
    ['first page (50)', `/api/group-members?group=regions&id=${regionId}&page=1&limit=50`],
    ['page 100', `/api/group-members?group=regions&id=${regionId}&page=100&limit=50`],
    ['search "kon"', `/api/group-members?group=regions&id=${regionId}&search=kon&limit=50`],
    ['presidents tab', `/api/group-members?group=regions&id=${regionId}&role=president&limit=50`],
    ['stats', `/api/group-members/stats?group=regions&id=${regionId}`],
  ];

  console.log(
    `Région ${me.region.name} : ${inRegion?.n} fidèles dans la région, ${users} utilisateurs en base (PostgreSQL)`,
  );
  let firstPage: Figures | null = null;
  for (const [name, path] of cases) {
    const server: number[] = [];
    const http: number[] = [];
    let total = 0;
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      // server time: the request handled in-process (routing, session, permission, queries, JSON)
      const started = performance.now();
      const injected = await app.inject({ method: 'GET', url: path, headers: { cookie } });
      const serverMs = performance.now() - started;
      if (injected.statusCode !== 200) throw new Error(`${path} : ${injected.statusCode} ${injected.body}`);
      const startedHttp = performance.now();
      const response = await fetch(`${base}${path}`, { headers: { cookie } });
      await response.text();
      const httpMs = performance.now() - startedHttp;
      if (i >= WARMUP) {
        server.push(serverMs);
        http.push(httpMs);
      }
      const body = JSON.parse(injected.body) as { meta?: { total: number }; data: { total?: number } };
      total = body.meta?.total ?? body.data.total ?? 0;
    }
    const s = figures(server);
    const h = figures(http);
    if (name.startsWith('first page')) firstPage = s;
    console.log(
      `${name.padEnd(16)} total ${String(total).padStart(6)} | serveur médiane ${ms(s.median)}, p95 ${ms(s.p95)}, max ${ms(s.max)} | HTTP médiane ${ms(h.median)}, p95 ${ms(h.p95)}`,
    );
  }
  if (firstPage) {
    const ok = firstPage.p95 < TARGET_MS;
    console.log(
      `Objectif : première page < ${TARGET_MS} ms (temps serveur) — p95 ${ms(firstPage.p95)} : ${ok ? 'atteint' : 'NON atteint'}`,
    );
    if (!ok) process.exitCode = 1;
  }

  if (process.argv.includes('--explain')) {
    // the page query of groupMembers (server/src/modules/members/service.ts), first page, no search
    const churches = await queryRows<{ id: number }>(
      db,
      sql`select c.id from churches c join sections s on s.id = c.section_id where s.region_id = ${regionId}`,
    );
    const holders = await queryRows<{ user_id: number }>(
      db,
      sql`select distinct user_id from role_assignments where ("group" = 'regions' and group_id = ${regionId})
          or ("group" = 'churches' and group_id = any(${intArray(churches.map((c) => c.id))}::int[]))`,
    );
    const where = sql`u.active and (u.church_id = any(${intArray(churches.map((c) => c.id))}::int[])
      or u.id = any(${intArray(holders.map((h) => h.user_id))}::int[]))`;
    const rows = await queryRows<{ 'QUERY PLAN': string }>(
      db,
      sql`explain (analyze, buffers)
          select (select count(*)::int from users u where ${where}) as total,
            array(select u.id from users u where ${where} order by u.lastname, u.firstname, u.id limit 50) as ids`,
    );
    console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
  }
} finally {
  await app.close();
  await database.close();
}
