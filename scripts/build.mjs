// `npm run build`: the SPA (vite) and the server (plain JavaScript in build/server/), whatever their
// stamps say. `--spa` / `--server`: one of them; `--if-stale`: only what is missing or stale.
// `--server-out=<dir>`: the server alone into another folder, without stamp (the server tests).
import path from 'node:path';
import { buildServer, buildTarget, staleReason, TARGETS } from './build-lib.mjs';

const args = process.argv.slice(2);
const serverOut = args.find((arg) => arg.startsWith('--server-out='))?.slice('--server-out='.length);
if (serverOut) {
  await buildServer(path.resolve(serverOut));
  process.exit(0);
}
const asked = Object.keys(TARGETS).filter((name) => args.includes(`--${name}`));
const names = asked.length > 0 ? asked : Object.keys(TARGETS);
try {
  for (const name of names) {
    if (args.includes('--if-stale') && staleReason(name) === null) continue;
    await buildTarget(name);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
