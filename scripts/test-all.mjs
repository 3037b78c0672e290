// The project's one test command (README: `npm test`): lint, type-check, unit and component tests,
// server tests on PGlite (and on PostgreSQL when TEST_DATABASE_URL is set), build (SPA and server),
// end-to-end tests, then the static deployment's through nginx.
// Each runner prints its own summary; this script ends with one 'N passed, N failed' line of steps.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

mkdirSync('.test-reports', { recursive: true });
const vitestJson = (file) => [
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=.test-reports/${file}`,
];

const pgUrl = process.env.TEST_DATABASE_URL;
const steps = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
  ['format', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
  ['type-check (SPA)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['type-check (server)', 'npx', ['tsc', '-p', 'server/tsconfig.json', '--noEmit']],
  ['type-check (service worker)', 'npx', ['tsc', '-p', 'src/service-worker/tsconfig.json', '--noEmit']],
  ['unit and component tests (web)', 'npx', ['vitest', 'run', '--project', 'web', ...vitestJson('web.json')]],
  [
    'server tests (PGlite)',
    'npx',
    ['vitest', 'run', '--project', 'server', ...vitestJson('server-pglite.json')],
    { DATABASE_URL: '' },
  ],
  ...(pgUrl
    ? [
        [
          'server tests (PostgreSQL)',
          'npx',
          ['vitest', 'run', '--project', 'server', ...vitestJson('server-postgres.json')],
          { DATABASE_URL: pgUrl },
        ],
      ]
    : []),
  // the SPA and the compiled server, as `npm start` runs them (the e2e tests start that server)
  ['build', 'node', ['scripts/build.mjs']],
  ['bundle size budget', 'node', ['scripts/size.mjs']],
  // backup of the demo, restored into a fresh PGlite and PostgreSQL: the same dashboards (decision 0044)
  ['recovery drill', 'node', ['scripts/recovery-drill.mjs']],
  [
    'end-to-end tests (Chromium)',
    'npx',
    ['playwright', 'test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: '.test-reports/e2e.json' },
  ],
  // the static deployment (README, 'Deploying the SPA in front of your API'): Debian's nginx serves
  // dist/ with deploy/nginx.conf in front of the compiled server; the first screens and one flow per
  // space run through it (decision 0039)
  [
    'end-to-end tests through nginx',
    'npx',
    ['playwright', 'test', '-c', 'playwright.nginx.config.ts', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: '.test-reports/e2e-nginx.json' },
    () =>
      existsSync(process.env.NGINX_PATH ?? '/usr/sbin/nginx')
        ? null
        : 'nginx est introuvable : installez-le (apt-get install -y nginx) ou indiquez-le avec NGINX_PATH',
  ],
];

const only = process.argv.slice(2);
for (const f of ['web.json', 'server-pglite.json', 'server-postgres.json', 'e2e.json', 'e2e-nginx.json']) {
  rmSync(`.test-reports/${f}`, { force: true });
}
const results = [];
for (const [name, cmd, args, env, missing] of steps) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  // a step whose tool is absent fails with the reason, never skipped in silence
  const lacking = missing?.();
  if (lacking) console.log(lacking);
  const run = lacking
    ? { status: 1 }
    : spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = run.status === 0;
  results.push({ name, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
  console.log(`=== ${name}: ${ok ? 'ok' : 'FAILED'} (${results.at(-1).seconds} s)`);
}

console.log('\nSummary of steps:');
for (const r of results) console.log(`  ${r.ok ? 'ok    ' : 'FAILED'} ${r.name} (${r.seconds} s)`);
const failedSteps = results.filter((r) => !r.ok).length;

// Count the tests themselves from the runners' JSON reports.
let passed = 0;
let failed = 0;
let skipped = 0;
const read = (f) =>
  existsSync(`.test-reports/${f}`) ? JSON.parse(readFileSync(`.test-reports/${f}`, 'utf8')) : null;
for (const f of ['web.json', 'server-pglite.json', 'server-postgres.json']) {
  const r = read(f);
  if (!r) continue;
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  console.log(`  ${f.replace('.json', '')}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}
const e2eReports = [
  ['e2e', read('e2e.json')],
  ['e2e-nginx', read('e2e-nginx.json')],
].filter(([, r]) => r);
for (const [label, r] of e2eReports) {
  const s = r.stats;
  passed += s.expected + s.flaky;
  failed += s.unexpected;
  skipped += s.skipped;
  console.log(`  ${label}: ${s.expected + s.flaky} passed, ${s.unexpected} failed`);
}

// The failures again, at the very end, where a CI log cut to its tail still shows them.
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const strip = (text) => String(text ?? '').replace(ansi, '');
const firstLines = (text, n) =>
  strip(text)
    .split('\n')
    .filter((line) => line.trim())
    .slice(0, n)
    .map((line) => `      ${line.slice(0, 300)}`)
    .join('\n');
const failures = [];
for (const f of ['web.json', 'server-pglite.json', 'server-postgres.json']) {
  for (const file of read(f)?.testResults ?? []) {
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'failed')
        failures.push([`${f.replace('.json', '')} ${t.fullName}`, t.failureMessages?.[0]]);
    }
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      failures.push([`${f.replace('.json', '')} ${file.name}`, file.message]);
  }
}
const walk = (label, suite, path) => {
  for (const spec of suite.specs ?? []) {
    for (const t of spec.tests ?? []) {
      if (t.status !== 'unexpected') continue;
      const last = t.results?.at(-1);
      failures.push([
        `${label} ${spec.file}:${spec.line} ${[...path, spec.title].join(' › ')}`,
        last?.error?.message,
      ]);
    }
  }
  for (const child of suite.suites ?? []) walk(label, child, [...path, child.title]);
};
for (const [label, r] of e2eReports) for (const suite of r.suites ?? []) walk(label, suite, []);
if (failures.length) {
  console.log('\nFailures:');
  for (const [title, message] of failures.slice(0, 20)) console.log(`  ${title}\n${firstLines(message, 25)}`);
}
if (failedSteps && failed === 0) failed = failedSteps; // a failed lint, type-check or build counts
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps ? 1 : 0);
