/**
 * GET /treasury-journal on the benchmark volume (issue 5): one month of the first church's cash journal,
 * over real HTTP, with the treasurer's cookie, on PostgreSQL.
 *
 *   psql -h 127.0.0.1 -p 55432 -U postgres -c 'create database bench_journals'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench_journals npm run seed -- --large
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench_journals npx tsx server/bench/journals.bench.ts [--explain]
 *
 * Targets (issue 18), with 1,000,000 movements in the database: the first page of a month, as the SPA asks
 * for it (TREASURY_PAGE_ROWS rows), median at most 50 ms over HTTP, at most 1.5x the same statement run
 * alone on the same connection pool, and under 100 KB; the next page (`after`) as fast. The script exits
 * non-zero past a target.
 *
 * How it measures: a request is timed from its sending to its last byte, decoded (brotli by default, in
 * one call as a browser does natively; `ENC=identity` asks for none); the "statement alone" is the
 * endpoint's own statement for that page (`treasuryJournal`: treasuryJournalSql through the same
 * node-postgres pool, with the reading of its rows), run right after each request, so that both see the
 * same load on a shared machine. fetch()'s time is printed too: undici decodes through a zlib stream,
 * which on a busy 2-core machine adds a few milliseconds that are the client's, not the API's. `--explain` also writes the plans (EXPLAIN (ANALYZE, BUFFERS)) of the endpoint's
 * statement to docs/features/journals-explain.md.
 */
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { queryOne, queryRows } from '../src/db/query';
import { treasuryJournal, treasuryJournalSql } from '../src/modules/journals/treasury-journal';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLES = 100;
const WARMUP = 10;
const TARGET_MS = 50;
const TARGET_RATIO = 1.5;
const TARGET_BYTES = 100 * 1024;
/** the rows of a page the SPA asks for (TREASURY_PAGE_ROWS in src/features/journals/api/journal-queries.ts) */
const PAGE_ROWS = 200;

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL est requis (base PostgreSQL avec le volume --large).');

const database = await openDatabase({ databaseUrl: url });
const db = database.db;
const movements = Number(
  (await queryOne<{ n: string }>(db, sql`select count(*) as n from treasury_movements`))!.n,
);
// The seed inserts and analyses but does not vacuum: set the visibility map, as autovacuum does on a
// live database, so that the opening balance is read from the index alone.
await db.execute(sql`vacuum analyze treasury_movements`);

const app = await buildApp({ database, config: testConfig() });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const ACCEPT_ENCODING = process.env.ENC ?? 'gzip, deflate, br';
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
/**
 * One GET on a kept-alive connection, as a browser reads it: every byte of the answer received, then
 * decoded in one call (a browser decodes brotli and gzip natively, off the page's thread).
 */
function get(pathAndQuery: string, cookie: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${base}${pathAndQuery}`,
      { agent, headers: { cookie, 'accept-encoding': ACCEPT_ENCODING } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const decoded =
            encoding === 'br'
              ? brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? gunzipSync(raw)
                : encoding === 'deflate'
                  ? inflateSync(raw)
                  : raw;
          resolve({ status: response.statusCode ?? 0, text: decoded.toString('utf8') });
        });
      },
    );
    request.on('error', reject);
  });
}

try {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: 'tresorier@example.org', password: 'demo1234' }),
  });
  if (!login.ok) throw new Error(`connexion impossible : ${login.status} ${await login.text()}`);
  const cookie = (login.headers.getSetCookie?.() ?? [login.headers.get('set-cookie') ?? ''])
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as {
    church: { id: number; name: string };
  };

  // the last whole month
  const now = new Date();
  const firstDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  const from = firstDay.toISOString().slice(0, 10);
  const to = last.toISOString().slice(0, 10);
  const query = `entity_type=CHURCH&entity_id=${me.church.id}&type=CASH&from_date=${from}&to_date=${to}&limit=${PAGE_ROWS}`;

  const statementAlone = (after?: number) =>
    treasuryJournal(
      db,
      { type: 'church', id: me.church.id },
      { from_date: from, to_date: to, type: 'CASH', page: 1, limit: PAGE_ROWS, after },
    );

  /**
   * SAMPLES requests (after WARMUP), each followed by the same page's statement alone, so that both see
   * the same load on this shared machine: median, p95 and min of each, with the last answer's size
   * and rows.
   */
  const measure = async (search: string, after?: number) => {
    let rows = 0;
    let bytes = 0;
    let nextAfter: number | null = null;
    const times: number[] = [];
    const statementTimes: number[] = [];
    for (let i = 0; i < WARMUP + SAMPLES; i++) {
      const started = performance.now();
      const { status, text: body } = await get(`/api/treasury-journal?${search}`, cookie);
      const ms = performance.now() - started;
      if (status !== 200) throw new Error(`GET /treasury-journal : ${status} ${body}`);
      const statementStarted = performance.now();
      await statementAlone(after);
      const statementMs = performance.now() - statementStarted;
      if (i >= WARMUP) {
        times.push(ms);
        statementTimes.push(statementMs);
      }
      bytes = Buffer.byteLength(body);
      const parsed = JSON.parse(body) as { data: unknown[]; meta: { next_after?: number | null } };
      rows = parsed.data.length;
      nextAfter = parsed.meta.next_after ?? null;
    }
    times.sort((a, b) => a - b);
    statementTimes.sort((a, b) => a - b);
    return {
      median: times[Math.floor(times.length / 2)]!,
      p95: times[Math.floor(times.length * 0.95)]!,
      min: times[0]!,
      statementMedian: statementTimes[Math.floor(statementTimes.length / 2)]!,
      rows,
      bytes,
      nextAfter,
    };
  };
  const first = await measure(query);
  const second = first.nextAfter ? await measure(`${query}&after=${first.nextAfter}`, first.nextAfter) : null;
  const { median, p95, rows, bytes } = first;
  const times = [first.min];

  // context: the machine's load, a trivial endpoint (GET /api/me), the same page through fetch()
  const medianOf = async (run: () => Promise<unknown>, samples: number) => {
    const list: number[] = [];
    for (let i = 0; i < samples; i++) {
      const started = performance.now();
      await run();
      list.push(performance.now() - started);
    }
    return list.sort((a, b) => a - b)[Math.floor(samples / 2)];
  };
  const meMedian = await medianOf(() => get('/api/me', cookie), 50);
  const fetchMedian = await medianOf(
    () =>
      fetch(`${base}/api/treasury-journal?${query}`, {
        headers: { cookie, 'accept-encoding': ACCEPT_ENCODING },
      }).then((r) => r.text()),
    30,
  );
  const sqlMedian = first.statementMedian;
  const ratio = median / sqlMedian;
  const pass = median < TARGET_MS && ratio <= TARGET_RATIO && bytes < TARGET_BYTES;
  const { loadavg, cpus } = await import('node:os');
  const load = `charge ${loadavg()[0].toFixed(1)} sur ${cpus().length} cœurs`;
  const loadEn = `load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores`;
  const churchRows = Number(
    (await queryOne<{ n: string }>(
      db,
      sql`select count(*) as n from treasury_movements where entity_type = 'church' and entity_id = ${me.church.id}
            and journal_type = 'CASH'`,
    ))!.n,
  );
  console.log(
    [
      `mouvements en base : ${movements.toLocaleString('fr-FR')}`,
      `journal de caisse de « ${me.church.name} » : ${churchRows.toLocaleString('fr-FR')} mouvements en tout`,
      `GET /treasury-journal du ${from} au ${to}, première page : ${rows} lignes, ${(bytes / 1024).toFixed(1)} Kio (cible < ${TARGET_BYTES / 1024} Kio) ${bytes < TARGET_BYTES ? 'OK' : 'ÉCHEC'}`,
      `${SAMPLES} requêtes HTTP : médiane ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, min ${times[0]!.toFixed(1)} ms (cible < ${TARGET_MS} ms) ${median < TARGET_MS ? 'OK' : 'ÉCHEC'}`,
      `la même requête SQL seule (avec la lecture des lignes), alternée avec les requêtes HTTP : médiane ${sqlMedian.toFixed(1)} ms ; API / SQL = ${ratio.toFixed(2)} (cible ≤ ${TARGET_RATIO}) ${ratio <= TARGET_RATIO ? 'OK' : 'ÉCHEC'}`,
      second
        ? `page suivante (after=${first.nextAfter}) : ${second.rows} lignes, médiane ${second.median.toFixed(1)} ms, p95 ${second.p95.toFixed(1)} ms ; sa requête seule ${second.statementMedian.toFixed(1)} ms (API / SQL ${(second.median / second.statementMedian).toFixed(2)})`
        : 'une seule page ce mois-là',
      `repère : GET /api/me ${meMedian.toFixed(1)} ms ; la première page lue par fetch() (décompression en flux d’undici) ${fetchMedian.toFixed(1)} ms ; Accept-Encoding « ${ACCEPT_ENCODING} » (${load})`,
    ].join('\n'),
  );
  if (!pass) process.exitCode = 1;

  if (process.argv.includes('--explain')) {
    const explain = async (statement: ReturnType<typeof sql>) =>
      (await queryRows<{ 'QUERY PLAN': string }>(db, sql`explain (analyze, buffers, costs off) ${statement}`))
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const plan = await explain(
      treasuryJournalSql(
        { type: 'church', id: me.church.id },
        { from_date: from, to_date: to, type: 'CASH', page: 1, limit: PAGE_ROWS },
      ),
    );
    const index = (
      await queryOne<{ def: string }>(
        db,
        sql`select pg_get_indexdef('treasury_movements_journal_idx'::regclass) as def`,
      )
    )?.def;
    const version = (await queryOne<{ v: string }>(db, sql`select version() as v`))?.v;
    const doc = `# GET /treasury-journal: query plans on the benchmark volume

Generated by \`npx tsx server/bench/journals.bench.ts --explain\` (DATABASE_URL on the \`bench_journals\`
database seeded with \`npm run seed -- --large\`) on ${new Date().toISOString().slice(0, 10)}.
${version}.

- ${movements.toLocaleString('en-US')} treasury movements in the database; the cash journal of
  « ${me.church.name} » (church ${me.church.id}) holds ${churchRows.toLocaleString('en-US')} of them.
- Period: ${from} to ${to} (one month, Africa/Abidjan days); the first page as the SPA asks for it:
  ${rows} rows, ${(bytes / 1024).toFixed(1)} KB (target: under ${TARGET_BYTES / 1024} KB).
- ${SAMPLES} HTTP requests (after ${WARMUP} warm-up ones): **median ${median.toFixed(1)} ms**, p95 ${p95.toFixed(1)} ms,
  min ${times[0]!.toFixed(1)} ms (target: median under ${TARGET_MS} ms); the statement and the reading of its
  rows alone ${sqlMedian.toFixed(1)} ms (API / SQL ${ratio.toFixed(2)}, target at most ${TARGET_RATIO});${
    second ? ` the next page (\`after\`) median ${second.median.toFixed(1)} ms;` : ''
  } GET /api/me ${meMedian.toFixed(1)} ms; ${loadEn}.

The index (server/src/db/schema/finance.ts):

\`\`\`sql
${index};
\`\`\`

## The statement of the endpoint (\`treasuryJournalSql\` in server/src/modules/journals/treasury-journal.ts)

The endpoint reads it inside the permission check's statement (\`authorizeWith\`, decision 0034: a
\`left join lateral\` on \`app_request_context\`); the plan below is the statement alone, as the benchmark
times it.

- **Opening balance** (every movement of the journal before the period): an **index-only scan**
  of \`treasury_movements_journal_idx\` (\`Heap Fetches: 0\`): \`receipt\` and \`expense\` close the index
  key, so the tens of thousands of earlier movements are summed without reading the table.
- **Totals and count of the period**: an index-only scan of the same range.
- **Rows with the running balance**: an index range scan in (occurred_at, id) order feeds the
  \`WindowAgg\` directly (no sort); its \`Run Condition\` on \`row_number()\` stops after the page's last row.

\`\`\`
${plan}
\`\`\`
`;
    writeFileSync(path.join(ROOT, 'docs/features/journals-explain.md'), doc);
    console.log('plans écrits dans docs/features/journals-explain.md');
  }
} finally {
  await app.close();
  await database.close();
}
