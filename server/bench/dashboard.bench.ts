/**
 * The dashboards on the benchmark volume (issue 16): each level's GET /dashboard (church, section,
 * region, national office) as its leader asks for it, GET /dashboard/admin and GET /dashboard/me, over
 * real HTTP with the user's cookie, on PostgreSQL.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5433/bench_journals npx tsx server/bench/dashboard.bench.ts [--samples N]
 *
 * The database is one seeded with `npm run seed -- --large` (the journals' benchmark database serves:
 * see server/bench/journals.bench.ts) and migrated to the branch's schema. The script neither migrates
 * nor writes: it reads the demo accounts' entities from GET /api/me.
 *
 * Target (issue 16): each dashboard's call under 150 ms median. The script prints the median, p95 and
 * min of each call, the machine's load and a trivial call's time (GET /api/me) for context, and exits
 * non-zero past the target.
 */
import { loadavg, cpus } from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { queryOne } from '../src/db/query';

const args = process.argv.slice(2);
const SAMPLES = Number(args[args.indexOf('--samples') + 1]) || 50;
const WARMUP = 5;
const TARGET_MS = 150;

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL est requis (base PostgreSQL avec le volume --large).');

const database = await openDatabase({ databaseUrl: url });
const db = database.db;
const count = async (table: string) =>
  Number((await queryOne<{ n: string }>(db, sql`select count(*) as n from ${sql.raw(table)}`))!.n);
const volume = {
  movements: await count('treasury_movements'),
  contributions: await count('contributions'),
  requests: await count('expense_requests'),
  churches: await count('churches'),
  users: await count('users'),
};

const app = await buildApp({ database, config: testConfig() });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

type Me = {
  church: { id: number; name: string } | null;
  section: { id: number; name: string } | null;
  region: { id: number; name: string } | null;
  nationalOffice: { id: number; name: string } | null;
};

async function signIn(login: string): Promise<{ cookie: string; me: Me }> {
  const response = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: 'demo1234' }),
  });
  if (!response.ok)
    throw new Error(`connexion de ${login} impossible : ${response.status} ${await response.text()}`);
  const cookie = (response.headers.getSetCookie?.() ?? [response.headers.get('set-cookie') ?? ''])
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${base}/api/me`, { headers: { cookie } })).json()) as Me;
  return { cookie, me };
}

/** median, p95 and min of SAMPLES requests (after WARMUP), with the answer's size */
async function measure(path: string, cookie: string) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const started = performance.now();
    const response = await fetch(`${base}/api${path}`, {
      headers: { cookie, 'accept-encoding': 'gzip, deflate, br' },
    });
    const body = await response.text();
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`GET ${path} : ${response.status} ${body}`);
    if (i >= WARMUP) times.push(ms);
    bytes = Buffer.byteLength(body);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)]!,
    p95: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!,
    min: times[0]!,
    bytes,
  };
}

const lines: string[] = [
  `volume : ${volume.movements.toLocaleString('fr-FR')} mouvements de trésorerie, ` +
    `${volume.contributions.toLocaleString('fr-FR')} recettes, ${volume.requests.toLocaleString('fr-FR')} demandes, ` +
    `${volume.churches} églises, ${volume.users.toLocaleString('fr-FR')} utilisateurs`,
];
let failed = false;

try {
  const cases: Array<{ label: string; login: string; path: (me: Me) => string | null }> = [
    {
      label: 'église',
      login: 'tresorier@example.org',
      path: (me) => (me.church ? `/dashboard?entity_type=CHURCH&entity_id=${me.church.id}` : null),
    },
    {
      label: 'section',
      login: 'section@example.org',
      path: (me) => (me.section ? `/dashboard?entity_type=SECTION&entity_id=${me.section.id}` : null),
    },
    {
      label: 'région',
      login: 'region@example.org',
      path: (me) => (me.region ? `/dashboard?entity_type=REGION&entity_id=${me.region.id}` : null),
    },
    {
      label: 'bureau national',
      login: 'national@example.org',
      path: (me) =>
        me.nationalOffice ? `/dashboard?entity_type=NATIONAL_OFFICE&entity_id=${me.nationalOffice.id}` : null,
    },
    { label: 'administration', login: 'admin@example.org', path: () => '/dashboard/admin' },
    { label: 'personnel', login: 'fidele@example.org', path: () => '/dashboard/me' },
  ];
  let reference = '';
  for (const c of cases) {
    const { cookie, me } = await signIn(c.login);
    const path = c.path(me);
    if (!path) {
      lines.push(`${c.label} : ${c.login} n'a pas cette entité, ignoré`);
      continue;
    }
    const m = await measure(path, cookie);
    const ok = m.median < TARGET_MS;
    if (!ok) failed = true;
    lines.push(
      `${c.label} (GET ${path}) : médiane ${m.median.toFixed(1)} ms, p95 ${m.p95.toFixed(1)} ms, ` +
        `min ${m.min.toFixed(1)} ms, ${(m.bytes / 1024).toFixed(1)} Kio (cible < ${TARGET_MS} ms) ${ok ? 'OK' : 'ÉCHEC'}`,
    );
    if (!reference) reference = (await measure('/me', cookie)).median.toFixed(1);
  }
  lines.push(
    `repère : GET /api/me ${reference} ms ; charge ${loadavg()[0].toFixed(1)} sur ${cpus().length} cœurs ; ` +
      `${SAMPLES} requêtes par appel après ${WARMUP} d'échauffement`,
  );
  console.log(lines.join('\n'));
  if (failed) process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
}
