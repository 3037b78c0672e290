/**
 * Faithful lists over the benchmark volume (issue 7): GET /api/users/faithful for a church and a region,
 * first page, a deep page and search pages, on PostgreSQL with the `--large` seed (100,000 faithful).
 *
 *   psql -h 127.0.0.1 -p 55432 -U postgres -c 'create database bench_faithful'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench_faithful npm run seed -- --large
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench_faithful npx tsx server/bench/faithful.bench.ts
 *
 * The app is built in-process and called with inject(): the time measured is the server's (routing,
 * session, permission check, both queries, serialisation), without the network. Target: median < 100 ms.
 */
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { queryOne } from '../src/db/query';

const SAMPLES = Number(process.env.SAMPLES ?? 40);
const TARGET_MS = 100;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (!databaseUrl) throw new Error('DATABASE_URL est requis (base PostgreSQL avec le volume --large).');
  const database = await openDatabase({ databaseUrl });
  const app = await buildApp({ database, config: testConfig({ logLevel: 'silent' }) });
  try {
    const counts = await queryOne<{
      users: number;
      church: number;
      region: number;
      region_id: number;
      trgm: boolean;
    }>(
      database.db,
      sql`select (select count(*)::int from users where church_id is not null) as users,
            (select count(*)::int from users where church_id = 1) as church,
            (select s.region_id from churches c join sections s on s.id = c.section_id where c.id = 1) as region_id,
            (select count(*)::int from users u where u.church_id in (select c.id from churches c
              join sections s on s.id = c.section_id where s.region_id =
              (select s2.region_id from churches c2 join sections s2 on s2.id = c2.section_id where c2.id = 1))) as region,
            exists(select 1 from pg_indexes where indexname = 'users_search_trgm_idx') as trgm`,
    );
    if (!counts || counts.users < 100_000) {
      throw new Error(`${counts?.users ?? 0} fidèles seulement : lancez d'abord npm run seed -- --large`);
    }
    await database.db.execute(sql`analyze users`);
    console.log(
      `fidèles : ${counts.users} ; église 1 : ${counts.church} ; sa région (${counts.region_id}) : ${counts.region} ; index trigramme : ${counts.trgm ? 'oui' : 'non'}`,
    );

    const login = async (name: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { login: name, password: 'demo1234' },
      });
      if (response.statusCode !== 200)
        throw new Error(`login ${name}: ${response.statusCode} ${response.body}`);
      return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    };
    const pastor = await login('pasteur@example.org');
    const region = await login('region@example.org');
    const admin = await login('admin@example.org');

    const church = 'entity_type=CHURCH&entity_id=1';
    const regionLevel = `entity_type=REGION&entity_id=${counts.region_id}`;
    const cases: Array<[string, string, string]> = [
      ['Église, 1re page', pastor, `/api/users/faithful?${church}&page=1&limit=20`],
      ['Église, page 200', pastor, `/api/users/faithful?${church}&page=200&limit=20`],
      ['Église, recherche nom « kouassi »', pastor, `/api/users/faithful?${church}&search=kouassi`],
      ['Église, recherche « aya kon »', pastor, `/api/users/faithful?${church}&search=aya%20kon`],
      ['Église, recherche téléphone « 0701 »', pastor, `/api/users/faithful?${church}&search=0701`],
      ['Région, 1re page', region, `/api/users/faithful?${regionLevel}&page=1&limit=20`],
      ['Région, page 100', region, `/api/users/faithful?${regionLevel}&page=100&limit=20`],
      ['Région, recherche nom « kouassi »', region, `/api/users/faithful?${regionLevel}&search=kouassi`],
      [
        'Région, recherche matricule « mat-0500 »',
        region,
        `/api/users/faithful?${regionLevel}&search=mat-0500`,
      ],
      ['Région, recherche « yao »', region, `/api/users/faithful?${regionLevel}&search=yao`],
      ['Admin, tous, 1re page', admin, '/api/users/faithful?page=1&limit=20'],
      ['Admin, tous, recherche « traore »', admin, '/api/users/faithful?search=traore'],
      ['Recherche des formulaires (GET /users)', pastor, '/api/users?search=kon&role=faithful&limit=20'],
    ];

    const rows: string[][] = [];
    let failed = false;
    for (const [label, cookie, url] of cases) {
      const call = () => app.inject({ url, headers: { cookie } });
      for (let i = 0; i < 3; i++) await call();
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = performance.now();
        const response = await call();
        times.push(performance.now() - t0);
        if (response.statusCode !== 200) throw new Error(`${label}: ${response.statusCode} ${response.body}`);
        total = (response.json() as { meta: { total: number } }).meta.total;
      }
      const median = percentile(times, 50);
      const p95 = percentile(times, 95);
      if (median >= TARGET_MS) failed = true;
      rows.push([
        label,
        String(total),
        `${median.toFixed(1)} ms`,
        `${p95.toFixed(1)} ms`,
        median < TARGET_MS ? 'ok' : 'AU-DESSUS',
      ]);
    }
    const header = ['Cas', 'Total', 'Médiane', 'p95', `< ${TARGET_MS} ms`];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
    console.log(line(header));
    console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
    for (const row of rows) console.log(line(row));
    if (failed) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
