// The recovery drill (decision 0044), a step of `npm test` after the build: the compiled
// server seeds the demo on a fresh PGlite; `npm run backup` (build/server/backup.js) asks it for a backup
// while it runs; the backup is restored (build/server/restore.js) into a fresh PGlite and, when
// TEST_DATABASE_URL names a PostgreSQL server, into a fresh database there; a server starts on each, signs
// in and reads the same dashboards: their figures must be those of the original.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ROOT, SERVER_OUT } from './build-lib.mjs';

const started = Date.now();
const temp = mkdtempSync(path.join(tmpdir(), 'recovery-drill-'));
const backupDir = path.join(temp, 'backups');
const log = (line) => console.log(`[drill ${((Date.now() - started) / 1000).toFixed(0)} s] ${line}`);

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const baseEnv = {
  ...process.env,
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  STATIC_DIR: '',
  SESSION_SECRET: 'recovery-drill-secret-of-at-least-32-characters',
  BACKUP_DIR: backupDir,
  BACKUP_KEEP: '0',
  LOG_LEVEL: 'warn',
};

async function startServer(name, env) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(SERVER_OUT, 'index.js')], {
    cwd: ROOT,
    env: { ...baseEnv, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name}: le serveur s'est arrêté\n${output}`);
    try {
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (ready.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name}: pas prêt en 120 s\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  log(`${name} : serveur prêt sur le port ${port}`);
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

async function signIn(url, login) {
  const response = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password: 'demo1234' }),
  });
  if (!response.ok)
    throw new Error(`connexion de ${login} refusée : ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The dashboards' figures the drill compares: the national office's and each of the demo's leaders'. */
async function figures(url) {
  const out = {};
  const get = async (cookie, call) => {
    const response = await fetch(`${url}/api${call}`, { headers: { cookie } });
    if (!response.ok) throw new Error(`${call} : ${response.status} ${await response.text()}`);
    return response.json();
  };
  const admin = await signIn(url, 'admin@example.org');
  const offices = await get(admin, '/national-offices?limit=100');
  for (const office of offices.data)
    out[`NATIONAL_OFFICE ${office.id}`] = await get(
      admin,
      `/dashboard?entity_type=NATIONAL_OFFICE&entity_id=${office.id}`,
    );
  const treasurer = await signIn(url, 'tresorier@example.org');
  const me = await get(treasurer, '/me');
  const church = me.church?.id ?? me.data?.church?.id;
  out[`CHURCH ${church}`] = await get(treasurer, `/dashboard?entity_type=CHURCH&entity_id=${church}`);
  out['mes contributions'] = await get(await signIn(url, 'fidele@example.org'), '/dashboard/me');
  return out;
}

async function run(name, script, args, env) {
  const child = spawn(process.execPath, [path.join(SERVER_OUT, script), ...args], {
    cwd: ROOT,
    env: { ...baseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${name} a échoué :\n${output}`);
  log(`${name} : ${output.trim().split('\n').at(-1)}`);
}

const checks = [];
const cleanups = [];
try {
  // 1. The original: the demo seeded on a fresh PGlite, a backup taken while it runs.
  const original = { DATA_DIR: path.join(temp, 'original'), DATABASE_URL: '', SEED_DEMO: 'true' };
  const server = await startServer('original (PGlite, démo)', original);
  cleanups.push(server.stop);
  const expected = await figures(server.url);
  await run('npm run backup (serveur en marche)', 'backup.js', [], original);
  await server.stop();
  const file = path.join(
    backupDir,
    readdirSync(backupDir).find((name) => name.endsWith('.jsonl.gz')),
  );

  // 2. The targets: a fresh PGlite, and a fresh PostgreSQL database when there is a server.
  const targets = [
    ['PGlite', { DATA_DIR: path.join(temp, 'restored'), DATABASE_URL: '', SEED_DEMO: 'false' }],
  ];
  const pgUrl = process.env.TEST_DATABASE_URL;
  if (pgUrl) {
    const name = `recovery_drill_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });
    const url = new URL(pgUrl);
    url.pathname = `/${name}`;
    targets.push([
      'PostgreSQL',
      { DATA_DIR: path.join(temp, 'pg-data'), DATABASE_URL: url.toString(), SEED_DEMO: 'false' },
    ]);
  } else {
    log('TEST_DATABASE_URL absent : restauration dans PostgreSQL non essayée');
  }
  // one after the other: on two busy cores, side by side was slower
  for (const [kind, env] of targets) {
    await (async () => {
      await run(`npm run restore (${kind})`, 'restore.js', [file], env);
      const restored = await startServer(`restauré (${kind})`, env);
      cleanups.push(restored.stop);
      const got = await figures(restored.url);
      await restored.stop();
      for (const key of Object.keys(expected)) {
        const same = JSON.stringify(got[key]) === JSON.stringify(expected[key]);
        checks.push({ name: `${kind} : ${key}`, ok: same });
        if (!same) {
          console.error(`  attendu : ${JSON.stringify(expected[key]).slice(0, 400)}`);
          console.error(`  obtenu  : ${JSON.stringify(got[key]).slice(0, 400)}`);
        }
      }
    })();
  }
} catch (error) {
  checks.push({ name: String(error?.message ?? error), ok: false });
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  rmSync(temp, { recursive: true, force: true });
}
for (const check of checks) console.log(`  ${check.ok ? 'ok    ' : 'FAILED'} ${check.name}`);
const failed = checks.filter((c) => !c.ok).length;
log(`exercice de restauration : ${checks.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 && checks.length > 0 ? 0 : 1);
