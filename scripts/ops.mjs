// `npm run backup`, `npm run restore -- FILE`, `npm run audit:verify` (decision 0044): the compiled
// command of build/server when the server build is current (what `npm start` runs, plain node),
// else the TypeScript source through tsx.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT, SERVER_OUT, staleReason } from './build-lib.mjs';

const SOURCES = {
  backup: 'server/src/db/backup-cli.ts',
  restore: 'server/src/db/restore-cli.ts',
  'audit-verify': 'server/src/audit/verify-cli.ts',
};
const [command, ...args] = process.argv.slice(2);
if (!SOURCES[command]) {
  console.error(`Commande inconnue : ${command} (${Object.keys(SOURCES).join(', ')})`);
  process.exit(2);
}
const compiled = path.join(SERVER_OUT, `${command}.js`);
const run =
  existsSync(compiled) && staleReason('server') === null
    ? spawnSync(process.execPath, [compiled, ...args], { stdio: 'inherit' })
    : spawnSync(
        process.execPath,
        [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, SOURCES[command]), ...args],
        {
          stdio: 'inherit',
        },
      );
process.exit(run.status ?? 1);
