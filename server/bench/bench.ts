/**
 * npm run bench: cold start on a fresh data folder, restart on the same folder, and the median latency
 * of GET /api/me and POST /api/permissions/check over real HTTP with a signed-in cookie.
 * Targets (issue 3): cold start < 15 s, restart < 3 s, medians < 10 ms.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLES = 200;

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

type Server = { child: ChildProcess; ms: number; base: string };

async function start(dataDir: string, port: number): Promise<Server> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/index.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: '',
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const response = await fetch(`${base}/api/health`);
      if (response.ok) return { child, ms: performance.now() - started, base };
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 120_000) throw new Error(`server did not start in 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stop(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
}

async function measure(label: string, call: () => Promise<Response>) {
  for (let i = 0; i < 20; i++) await (await call()).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    const response = await call();
    await response.arrayBuffer();
    times.push(performance.now() - t0);
    if (!response.ok) throw new Error(`${label}: HTTP ${response.status}`);
  }
  return { label, median: median(times), p95: percentile(times, 95) };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ekklesia-bench-'));
  const rows: Array<[string, string, string, string]> = [];
  const ok = (value: number, target: number) => (value < target ? 'ok' : 'AU-DESSUS');
  let server: Server | null = null;
  try {
    const port = await freePort();
    server = await start(dataDir, port);
    rows.push([
      'Démarrage à froid (dossier vide, migrations, démo)',
      `${(server.ms / 1000).toFixed(2)} s`,
      '< 15 s',
      ok(server.ms, 15_000),
    ]);
    await stop(server);

    server = await start(dataDir, port);
    rows.push([
      'Redémarrage (même dossier)',
      `${(server.ms / 1000).toFixed(2)} s`,
      '< 3 s',
      ok(server.ms, 3_000),
    ]);

    const base = server.base;
    const login = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'pasteur@example.org', password: 'demo1234' }),
    });
    if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const cookie = (login.headers.getSetCookie?.() ?? [login.headers.get('set-cookie') ?? ''])
      .map((c) => c.split(';')[0])
      .join('; ');
    const account = (await login.json()) as { church: { id: number } | null };

    const me = await measure('GET /api/me', () => fetch(`${base}/api/me`, { headers: { cookie } }));
    const check = await measure('POST /api/permissions/check', () =>
      fetch(`${base}/api/permissions/check`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({
          permission: 'expense:approve',
          entity_type: 'CHURCH',
          entity_id: account.church?.id,
        }),
      }),
    );
    for (const result of [me, check]) {
      rows.push([
        `${result.label} (médiane de ${SAMPLES}, p95 ${result.p95.toFixed(2)} ms)`,
        `${result.median.toFixed(2)} ms`,
        '< 10 ms',
        ok(result.median, 10),
      ]);
    }
  } finally {
    if (server) await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }

  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(...[['Mesure', 'Valeur', 'Cible', ''], ...rows].map((r) => r[i].length)),
  );
  const line = (r: string[]) => r.map((cell, i) => cell.padEnd(widths[i])).join('  ');
  console.log(line(['Mesure', 'Valeur', 'Cible', '']));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
