import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { ROOT } from './template';

/** Servers run as their own processes (production start, graceful stop, several processes). */

/**
 * The server compiled as `npm run build` compiles it, into a folder of its own inside the project (its
 * node_modules are found from there). Answers the entry and a clean-up.
 */
export function compileServer(): { entry: string; remove: () => void } {
  const out = path.join(ROOT, 'build/tests', `${process.pid}-${randomBytes(3).toString('hex')}`);
  const run = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), `--server-out=${out}`], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`build failed: ${run.stdout}${run.stderr}`);
  return { entry: path.join(out, 'index.js'), remove: () => rmSync(out, { recursive: true, force: true }) };
}

export function freePort(): Promise<number> {
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

/**
 * A database for server processes, as the run's database kind: an empty PGlite folder, or on
 * PostgreSQL an empty database or a copy of a template (named so that the run's teardown drops it).
 */
export async function processDatabase(
  from: 'empty' | 'demo' = 'empty',
): Promise<{ env: NodeJS.ProcessEnv; kind: 'pglite' | 'postgres'; url: string; drop: () => Promise<void> }> {
  const info = inject('serverTestDb');
  if (info.kind === 'pglite') {
    if (from !== 'empty') throw new Error('PGlite: a server process starts from an empty folder');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'server-process-'));
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      kind: 'pglite',
      url: '',
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `server_test_copy_${info.runId}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.url });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(
          from === 'empty'
            ? `create database ${name}`
            : `create database ${name} template ${info.templates.demo}`,
        );
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(info.url);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    kind: 'postgres',
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: info.url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code */
  stop: () => Promise<number | null>;
};

/** Starts `node <entry>` and waits until /api/health answers. */
export async function startServer(
  entry: string,
  env: NodeJS.ProcessEnv,
  options: { timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: '',
      SEED_DEMO: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'server-process-test-secret-of-32-characters',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() - started > (options.timeoutMs ?? 120_000)) {
      child.kill('SIGKILL');
      throw new Error(`server not ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child,
    port,
    base,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}
