// `npm start` (decision 0017): builds what is missing or stale (the SPA when this server serves it, the
// server), then runs the compiled server in this same process, with plain node: no tsx, no vite, no
// wrapper process around the server.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, SERVER_ENTRY, staleReason } from './build-lib.mjs';

// The server reads .env too (variables already set win): read here first, STATIC_DIR may be there.
if (existsSync(path.join(ROOT, '.env'))) process.loadEnvFile(path.join(ROOT, '.env'));
const staticDir = process.env.STATIC_DIR;
const servesBuiltSpa = staticDir === undefined || path.resolve(staticDir) === path.join(ROOT, 'dist');
const stale = (servesBuiltSpa ? ['spa', 'server'] : ['server'])
  .map((name) => [name, staleReason(name)])
  .filter(([, reason]) => reason !== null);
if (stale.length > 0) {
  console.log(`Construction : ${stale.map(([name, reason]) => `${name} (${reason})`).join(', ')}`);
  // In a child process: the build tools (vite, esbuild's service) end with it.
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'scripts/build.mjs'), ...stale.map(([name]) => `--${name}`)],
    { cwd: ROOT, stdio: 'inherit' },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
}
await import(pathToFileURL(SERVER_ENTRY).href);
