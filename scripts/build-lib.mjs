// What `npm run build` builds and `npm start` checks (decision 0017): the SPA (Vite, into dist/) and the
// server (esbuild, TypeScript bundled into plain JavaScript in build/server/). Each build records the
// hash of its inputs in build/stamps/<target>.json; a target is stale when its output is missing or
// the hash of its inputs changed since (file contents, not times: a checkout or a copy keeps it right).
import { precompress } from './precompress.mjs';
import { prerender } from './prerender.mjs';
import { buildServiceWorker } from './service-worker.mjs';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_OUT = path.join(ROOT, 'build/server');
export const SERVER_ENTRY = path.join(SERVER_OUT, 'index.js');
const STAMPS = path.join(ROOT, 'build/stamps');

/** Every file under `dir` (relative to ROOT), sorted; nothing when it does not exist. */
function filesUnder(dir) {
  const full = path.join(ROOT, dir);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [dir];
  return readdirSync(full, { withFileTypes: true })
    .flatMap((entry) => {
      const rel = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(rel) : [rel];
    })
    .sort();
}

/** The VITE_ variables the SPA's build reads (environment and .env files): they shape the bundle. */
function viteVariables() {
  const fromEnv = Object.keys(process.env)
    .filter((key) => key.startsWith('VITE_'))
    .sort()
    .map((key) => `${key}=${process.env[key]}`);
  const fromFiles = ['.env', '.env.local', '.env.production', '.env.production.local'].flatMap((file) => {
    const full = path.join(ROOT, file);
    if (!existsSync(full)) return [];
    return readFileSync(full, 'utf8')
      .split('\n')
      .filter((line) => line.trim().startsWith('VITE_'))
      .map((line) => `${file}:${line.trim()}`);
  });
  return [...fromEnv, ...fromFiles].join('\n');
}

export const TARGETS = {
  spa: {
    label: 'SPA (vite build → dist/)',
    // the drawing module (build/prerender/) is the server's, for a member's first screens (decision 0037)
    outputs: [path.join(ROOT, 'dist/index.html'), path.join(ROOT, 'build/prerender/prerender.js')],
    inputs: () => [
      ...['src', 'contract', 'public'].flatMap(filesUnder),
      'index.html',
      'receipt.html',
      'vite.config.ts',
      'tsconfig.json',
      'tailwind.config.ts',
      'package-lock.json',
      'scripts/precompress.mjs',
      'scripts/prerender.mjs',
      'scripts/service-worker.mjs',
    ],
    extra: viteVariables,
  },
  server: {
    label: 'serveur (esbuild → build/server/)',
    outputs: [SERVER_ENTRY],
    inputs: () => [
      ...['server/src', 'contract'].flatMap(filesUnder),
      'server/tsconfig.json',
      'package-lock.json',
      'scripts/build-lib.mjs',
    ],
    extra: () => '',
  },
};

export function inputsHash(name) {
  const target = TARGETS[name];
  const hash = createHash('sha256');
  for (const file of target.inputs()) {
    const full = path.join(ROOT, file);
    if (!existsSync(full)) continue;
    hash.update(`${file}\0`);
    hash.update(readFileSync(full));
    hash.update('\0');
  }
  hash.update(target.extra());
  return hash.digest('hex');
}

/** Why `name` must be built, or null when its output matches its inputs. */
export function staleReason(name) {
  const target = TARGETS[name];
  if (!target.outputs.every((output) => existsSync(output))) return 'absent';
  const stampFile = path.join(STAMPS, `${name}.json`);
  if (!existsSync(stampFile)) return 'sans empreinte';
  const stamp = JSON.parse(readFileSync(stampFile, 'utf8'));
  return stamp.inputs === inputsHash(name) ? null : 'sources modifiées';
}

function writeStamp(name, inputs) {
  mkdirSync(STAMPS, { recursive: true });
  writeFileSync(
    path.join(STAMPS, `${name}.json`),
    `${JSON.stringify({ inputs, builtAt: new Date().toISOString() }, null, 2)}\n`,
  );
}

async function buildSpa() {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const run = spawnSync(process.execPath, [vite, 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error(`vite build a échoué (code ${run.status})`);
  const drawn = await prerender(ROOT);
  console.log(
    `[build] /connexion dessinée en HTML (dist/connexion.html, ${(drawn.connexion / 1024).toFixed(1)} Kio) ; ${drawn.pages} pages et leur module (dist/.vite/page-routes.json)`,
  );
  const worker = await buildServiceWorker(ROOT);
  console.log(
    `[build] service worker (dist/sw.js) : ${worker.files} fichiers précachés, ${(worker.bytes / 1024).toFixed(0)} Kio`,
  );
  const { count, raw, br } = precompress(path.join(ROOT, 'dist'));
  console.log(
    `[build] ${count} fichiers précompressés (brotli et gzip) : ${(raw / 1024).toFixed(0)} Kio → ${(br / 1024).toFixed(0)} Kio en brotli`,
  );
}

/** The server as plain JavaScript in `outDir` (its index.js is what `npm start` runs). */
export async function buildServer(outDir = SERVER_OUT) {
  const { build } = await import('esbuild');
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: {
      index: path.join(ROOT, 'server/src/index.ts'),
      // the operations' commands (decision 0044): npm run backup, restore, audit:verify
      backup: path.join(ROOT, 'server/src/db/backup-cli.ts'),
      restore: path.join(ROOT, 'server/src/db/restore-cli.ts'),
      'audit-verify': path.join(ROOT, 'server/src/audit/verify-cli.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    // node_modules stay where npm put them (PGlite finds its WebAssembly and data files in its package);
    // contract/ and the server's own files are bundled.
    packages: 'external',
    // The lazily loaded parts (the application while PGlite starts, the demo seed) stay lazy. Chunks
    // sit next to index.js: client.ts finds the migrations beside the file it was bundled into.
    splitting: true,
    chunkNames: '[name]-[hash]',
    tsconfig: path.join(ROOT, 'server/tsconfig.json'),
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  cpSync(path.join(ROOT, 'server/src/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
}

/** Builds `name`; its stamp is the hash of the inputs read before the build (an edit meanwhile is seen). */
export async function buildTarget(name) {
  const inputs = inputsHash(name);
  const started = performance.now();
  console.log(`[build] ${TARGETS[name].label}…`);
  if (name === 'spa') await buildSpa();
  else await buildServer();
  writeStamp(name, inputs);
  console.log(`[build] ${TARGETS[name].label} : ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
