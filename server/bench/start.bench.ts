/**
 * Production start (issue 18, item 5): how long a restart on an existing database takes until
 * /api/health answers, and which processes run the server, for several ways of starting it.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench_start npx tsx server/bench/start.bench.ts
 *   npx tsx server/bench/start.bench.ts                  (PGlite in a temporary data folder)
 *
 * Ways (`--ways=a,b`; default: npm-start,node):
 *   npm-start   `npm start`: checks the builds' stamps, then the compiled server in the same process
 *   node        `node build/server/index.js`: the compiled server alone (what a service manager runs)
 *   tsx         `tsx server/src/index.ts`: the TypeScript sources (what `npm start` ran before)
 *   old-start   `vite build && tsx server/src/index.ts`: the whole `npm start` before issue 18
 *
 * The first start of each way on a fresh database (migrations, demo seed) is not counted: RUNS restarts
 * (default 3) follow it. Target (PostgreSQL): a restart in at most 2 s, no tsx or vite process.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RUNS = Number(process.env.RUNS ?? 3);
const TARGET_MS = 2000;
const url = process.env.DATABASE_URL?.trim() || '';
const ways = (process.argv.find((a) => a.startsWith('--ways='))?.slice(7) ?? 'npm-start,node').split(',');

const bin = (name: string) => path.join(ROOT, 'node_modules/.bin', name);
const COMMANDS: Record<string, { command: string; args: string[]; shell?: boolean }> = {
  'npm-start': { command: 'npm', args: ['start', '--silent'] },
  node: { command: process.execPath, args: [path.join(ROOT, 'build/server/index.js')] },
  tsx: { command: bin('tsx'), args: [path.join(ROOT, 'server/src/index.ts')] },
  'old-start': {
    command: `${bin('vite')} build && ${bin('tsx')} server/src/index.ts`,
    args: [],
    shell: true,
  },
};

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

/** The process and every descendant, with their command lines and resident memory. */
function tree(pid: number): Array<{ pid: number; rssKb: number; command: string }> {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const out: Array<{ pid: number; rssKb: number; command: string }> = [];
  const visit = (p: number) => {
    try {
      const command = readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ').trim();
      const rss = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      out.push({ pid: p, rssKb: rss ? Number(rss[1]) : 0, command });
    } catch {
      return;
    }
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return out;
}

type Started = { child: ChildProcess; ms: number; output: () => string };

async function start(way: string, env: NodeJS.ProcessEnv, port: number): Promise<Started> {
  const spec = COMMANDS[way];
  const started = performance.now();
  const child = spawn(spec.command, spec.args, {
    cwd: ROOT,
    env,
    shell: spec.shell ?? false,
    detached: true, // its own process group: stopped as a whole below
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${way} : arrêt (${child.exitCode})\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return { child, ms: performance.now() - started, output: () => output };
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 300_000) throw new Error(`${way} : pas prêt en 300 s\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function stop(started: Started): Promise<number> {
  const t0 = performance.now();
  const exited = new Promise((resolve) => started.child.once('exit', resolve));
  process.kill(-started.child.pid!, 'SIGTERM');
  await exited;
  return performance.now() - t0;
}

async function main(): Promise<void> {
  if (ways.includes('node') && !existsSync(path.join(ROOT, 'build/server/index.js'))) {
    spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--server'], { stdio: 'inherit' });
  }
  const rows: string[][] = [];
  let pass = true;
  for (const way of ways) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ekklesia-start-'));
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      NODE_ENV: 'development',
    };
    try {
      await stop(await start(way, env, port)); // first start: migrations, seed (not counted)
      const times: number[] = [];
      let processes: ReturnType<typeof tree> = [];
      let stopMs = 0;
      for (let i = 0; i < RUNS; i++) {
        const started = await start(way, env, port);
        times.push(started.ms);
        if (i === RUNS - 1) processes = tree(started.child.pid!);
        stopMs = await stop(started);
      }
      const sorted = [...times].sort((a, b) => a - b);
      const median = sorted[Math.floor(sorted.length / 2)];
      const banned = processes.filter((p) => /\btsx\b|\bvite\b/.test(p.command));
      const ok = median <= TARGET_MS && banned.length === 0;
      if (['npm-start', 'node'].includes(way)) pass &&= ok;
      rows.push([
        way,
        `${(median / 1000).toFixed(2)} s (${times.map((t) => (t / 1000).toFixed(2)).join(', ')})`,
        `${processes.length} (${(processes.reduce((n, p) => n + p.rssKb, 0) / 1024).toFixed(0)} Mo)`,
        banned.length ? `oui (${banned.length} processus)` : 'non',
        `${(stopMs / 1000).toFixed(2)} s`,
      ]);
      console.log(`\n${way} — processus du dernier démarrage :`);
      for (const p of processes)
        console.log(
          `  ${String(p.pid).padStart(7)} ${String(Math.round(p.rssKb / 1024)).padStart(4)} Mo  ${p.command.slice(0, 110)}`,
        );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const header = [
    'Démarrage',
    'Redémarrage (médiane)',
    'Processus (mémoire)',
    'tsx ou vite ?',
    'Arrêt (SIGTERM)',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(
    `\nBase : ${url ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (dossier temporaire)'} ; cible : ≤ ${TARGET_MS / 1000} s, sans tsx ni vite`,
  );
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
  if (!pass) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
