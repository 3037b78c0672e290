/**
 * Lean requests (issue 18): what a signed-in request pays before its data, on PostgreSQL with the
 * `--large` seed.
 *
 *   psql -h 127.0.0.1 -p 55432 -U postgres -c 'create database bench_requests'
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench_requests npm run seed -- --large
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench_requests npx tsx server/bench/requests.bench.ts
 *
 * 1. The faithful list's first page (the pastor's church, 20 rows), in-process with inject(): the API's
 *    median against the median of its data SQL alone (listFaithful, the page and its count, through
 *    the same driver and pool, as the handler runs them), and the database round trips of one request.
 *    Target: the API at most 5x its data SQL.
 * 2. GET /api/me and the same list under 20 concurrent clients over HTTP, against a server started
 *    as its own process (the compiled build when there is one, `--tsx` to run the TypeScript sources),
 *    each client with its own session. Target: p95 under 100 ms.
 *
 * Options: `--tsx` (server from the sources), `--only=ratio|load`; SAMPLES (default 200), SECONDS per
 * endpoint under load (default 10), CLIENTS (default 20).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { loadVisibility } from '../src/permissions/visibility';
import { listFaithful } from '../src/modules/faithful/service';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLES = Number(process.env.SAMPLES ?? 200);
const SECONDS = Number(process.env.SECONDS ?? 10);
const CLIENTS = Number(process.env.CLIENTS ?? 20);
const RATIO_TARGET = 5;
const P95_TARGET_MS = 100;
const LOGIN = 'pasteur@example.org';
const PASSWORD = 'demo1234';

const url = process.env.DATABASE_URL?.trim();
if (!url) throw new Error('DATABASE_URL est requis (base PostgreSQL avec le volume --large).');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);

type Figures = { median: number; p95: number; p99: number; max: number };
function figures(times: number[]): Figures {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
  return { median: at(50), p95: at(95), p99: at(99), max: sorted[sorted.length - 1] };
}
const ms = (n: number) => `${n.toFixed(2)} ms`;

// Every statement sent to PostgreSQL goes through Client.prototype.query (the pool's too): counted.
let statements = 0;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  statements += 1;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

async function timed(samples: number, call: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times;
}

async function ratio(): Promise<boolean> {
  const database = await openDatabase({ databaseUrl: url! });
  const app = await buildApp({ database, config: testConfig({ logLevel: 'silent' }) });
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: LOGIN, password: PASSWORD },
    });
    if (login.statusCode !== 200) throw new Error(`connexion : ${login.statusCode} ${login.body}`);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const account = login.json() as { id: number; church: { id: number } };
    const churchId = account.church.id;
    const listUrl = `/api/users/faithful?entity_type=CHURCH&entity_id=${churchId}&page=1&limit=20`;
    const visibility = await loadVisibility(database.db, { userId: account.id, isSuperAdmin: false });

    const expected = await app.inject({ url: listUrl, headers: { cookie } });
    if (expected.statusCode !== 200) throw new Error(`${listUrl} : ${expected.statusCode} ${expected.body}`);
    const total = (expected.json() as { meta: { total: number } }).meta.total;

    const count = async (call: () => Promise<unknown>) => {
      const before = statements;
      await call();
      return statements - before;
    };
    const apiStatements = await count(() => app.inject({ url: listUrl, headers: { cookie } }));
    const dataStatements = await count(() =>
      listFaithful(database.db, visibility, { type: 'CHURCH', id: churchId }, { page: 1, limit: 20 }),
    );
    const meStatements = await count(() => app.inject({ url: '/api/me', headers: { cookie } }));

    // Alternated so that both see the same load on the machine.
    const api: number[] = [];
    const data: number[] = [];
    const me: number[] = [];
    for (let round = 0; round < 4; round++) {
      api.push(
        ...(await timed(SAMPLES / 4, async () => {
          const response = await app.inject({ url: listUrl, headers: { cookie } });
          if (response.statusCode !== 200) throw new Error(`${listUrl} : ${response.statusCode}`);
        })),
      );
      data.push(
        ...(await timed(SAMPLES / 4, async () => {
          await listFaithful(
            database.db,
            visibility,
            { type: 'CHURCH', id: churchId },
            { page: 1, limit: 20 },
          );
        })),
      );
      me.push(
        ...(await timed(SAMPLES / 4, async () => {
          const response = await app.inject({ url: '/api/me', headers: { cookie } });
          if (response.statusCode !== 200) throw new Error(`/api/me : ${response.statusCode}`);
        })),
      );
    }
    const a = figures(api);
    const d = figures(data);
    const m = figures(me);
    const r = a.median / d.median;
    console.log(
      `Fidèles de l'église ${churchId} (${total}), 1re page de 20, ${SAMPLES} mesures, en processus :`,
    );
    console.log(
      `  API (inject)          médiane ${ms(a.median)}, p95 ${ms(a.p95)} — ${apiStatements} requêtes SQL`,
    );
    console.log(
      `  SQL des données seul  médiane ${ms(d.median)}, p95 ${ms(d.p95)} — ${dataStatements} requêtes SQL`,
    );
    console.log(
      `  rapport API / SQL     ${r.toFixed(1)}x (cible ≤ ${RATIO_TARGET}x) : ${r <= RATIO_TARGET ? 'ok' : 'AU-DESSUS'}`,
    );
    console.log(
      `  GET /api/me (inject)  médiane ${ms(m.median)}, p95 ${ms(m.p95)} — ${meStatements} requêtes SQL`,
    );
    return r <= RATIO_TARGET;
  } finally {
    await app.close();
    await database.close();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(port: number): Promise<{ child: ChildProcess; how: string }> {
  const compiled = path.join(ROOT, 'build/server/index.js');
  const useTsx = process.argv.includes('--tsx') || !existsSync(compiled);
  const args = useTsx ? ['--import', 'tsx', path.join(ROOT, 'server/src/index.ts')] : [compiled];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters',
      LOG_LEVEL: 'warn',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté (${child.exitCode}) :\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error(`serveur non démarré en 120 s :\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, how: useTsx ? 'sources TypeScript (tsx)' : 'build/server (node)' };
}

type Answer = { status: number; body: string; cookies: string[] };
function request(
  agent: http.Agent,
  port: number,
  options: { method?: string; path: string; cookie?: string; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.body ? { 'content-type': 'application/json' } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

async function load(): Promise<boolean> {
  const port = await freePort();
  const { child, how } = await startServer(port);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  try {
    const sessions: string[] = [];
    let churchId = 0;
    for (let i = 0; i < CLIENTS; i++) {
      const answer = await request(agent, port, {
        method: 'POST',
        path: '/api/login',
        body: JSON.stringify({ login: LOGIN, password: PASSWORD }),
      });
      if (answer.status !== 200) throw new Error(`connexion : ${answer.status} ${answer.body}`);
      sessions.push(answer.cookies.join('; '));
      churchId = (JSON.parse(answer.body) as { church: { id: number } }).church.id;
    }
    const endpoints: Array<[string, string]> = [
      ['GET /api/me', '/api/me'],
      [
        'GET /api/users/faithful (1re page)',
        `/api/users/faithful?entity_type=CHURCH&entity_id=${churchId}&page=1&limit=20`,
      ],
    ];
    console.log(
      `\n${CLIENTS} clients simultanés, ${SECONDS} s par point d'accès, serveur : ${how}, PostgreSQL`,
    );
    let ok = true;
    for (const [label, path] of endpoints) {
      // warm-up: every connection of the pool and every client once
      await Promise.all(sessions.map((cookie) => request(agent, port, { path, cookie })));
      const times: number[] = [];
      const until = performance.now() + SECONDS * 1000;
      await Promise.all(
        sessions.map(async (cookie) => {
          while (performance.now() < until) {
            const started = performance.now();
            const answer = await request(agent, port, { path, cookie });
            times.push(performance.now() - started);
            if (answer.status !== 200) throw new Error(`${label} : ${answer.status} ${answer.body}`);
          }
        }),
      );
      const f = figures(times);
      const pass = f.p95 < P95_TARGET_MS;
      ok &&= pass;
      console.log(
        `  ${label.padEnd(36)} ${String(times.length).padStart(6)} requêtes, ${(times.length / SECONDS).toFixed(0).padStart(5)}/s | médiane ${ms(f.median)}, p95 ${ms(f.p95)}, p99 ${ms(f.p99)} (cible p95 < ${P95_TARGET_MS} ms : ${pass ? 'ok' : 'AU-DESSUS'})`,
      );
    }
    return ok;
  } finally {
    agent.destroy();
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

let pass = true;
if (!only || only === 'ratio') pass = (await ratio()) && pass;
if (!only || only === 'load') pass = (await load()) && pass;
if (!pass) process.exitCode = 1;
