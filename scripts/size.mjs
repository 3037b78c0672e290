// Bundle budgets of the SPA, measured on the production build (run `vite build` first):
// - JavaScript needed to show /connexion (entry + its static imports + the sign-in route chunk) <= 150 KB gzip;
// - no route chunk (a lazily loaded page or space) over 60 KB gzip;
// - heavy libraries (xlsx) never in what the first screen loads.
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';

// SIZE_DIST: measure another build folder (e.g. `vite build --outDir /tmp/x-dist`).
const dist = process.env.SIZE_DIST ?? 'dist';
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('No build manifest: run `npx vite build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const KB = 1024;
const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

/** files (js) loaded by a manifest chunk and its static imports */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}
const jsOf = (keys) => [...new Set([...keys].map((k) => manifest[k].file))];
const sum = (files) => files.reduce((n, f) => n + gz(f), 0);

// The SPA's entry is index.html; receipt.html is the second entry (the public receipt page, decision 0009).
const entryKey = manifest['index.html']?.isEntry
  ? 'index.html'
  : Object.keys(manifest).find((k) => manifest[k].isEntry);
const entryKeys = closure(entryKey);

// Route screens whose budget is measured: the entry plus the lazy chunk of the page (when it is lazy),
// or, for a screen with its own HTML entry (`entry`), that entry and its static imports only.
const screens = [
  { route: '/connexion', page: /features\/auth\/.*(sign-in|login|connexion)/i, budget: 150 },
  { route: '/receipt/:id', entry: 'receipt.html', budget: 100 },
];

const failures = [];
console.log('Screen budgets (JavaScript, gzip, all chunks counted):');
for (const s of screens) {
  if (s.entry) {
    if (!manifest[s.entry]?.isEntry) {
      failures.push(`${s.route}: entry ${s.entry} is missing from the build`);
      continue;
    }
    const size = sum(jsOf(closure(s.entry)));
    const ok = size <= s.budget * KB;
    if (!ok) failures.push(`${s.route} needs ${(size / KB).toFixed(1)} KB > ${s.budget} KB`);
    console.log(
      `  ${ok ? 'ok  ' : 'OVER'} ${s.route} (${s.entry}): ${(size / KB).toFixed(1)} KB (budget ${s.budget} KB)`,
    );
    continue;
  }
  const pageKey = Object.keys(manifest).find(
    (k) => s.page.test(manifest[k].src ?? k) && manifest[k].isDynamicEntry,
  );
  if (!pageKey && s.route !== '/connexion') {
    console.log(`  ${s.route}: not built yet`);
    continue;
  }
  const keys = new Set(entryKeys);
  if (pageKey) closure(pageKey, keys);
  const size = sum(jsOf(keys));
  const ok = size <= s.budget * KB;
  if (!ok) failures.push(`${s.route} needs ${(size / KB).toFixed(1)} KB > ${s.budget} KB`);
  console.log(`  ${ok ? 'ok  ' : 'OVER'} ${s.route}: ${(size / KB).toFixed(1)} KB (budget ${s.budget} KB)`);
}

const heavy = /xlsx/i;
for (const k of entryKeys) {
  if (heavy.test(k) || heavy.test(manifest[k].file))
    failures.push(`heavy library ${k} is in the entry closure`);
}

console.log(
  '\nLazy chunks (route chunks budget 60 KB gzip; library chunks loaded on use are listed, not budgeted):',
);
const rows = Object.entries(manifest)
  .filter(([, c]) => c.file.endsWith('.js'))
  .map(([k, c]) => ({
    key: k,
    file: c.file,
    size: gz(c.file),
    dynamic: !!c.isDynamicEntry,
    entry: !!c.isEntry,
  }))
  .sort((a, b) => b.size - a.size);
for (const r of rows) {
  const isLibrary = r.key.includes('node_modules');
  const routeChunk = r.dynamic && !isLibrary;
  const over = routeChunk && r.size > 60 * KB;
  if (over) failures.push(`route chunk ${r.key} is ${(r.size / KB).toFixed(1)} KB > 60 KB`);
  const kind = r.entry ? 'entry ' : routeChunk ? 'route ' : isLibrary && r.dynamic ? 'lib   ' : 'shared';
  console.log(`  ${over ? 'OVER' : '    '} ${kind} ${(r.size / KB).toFixed(1).padStart(6)} KB  ${r.key}`);
}

if (failures.length) {
  console.error('\nBudget exceeded:\n  ' + failures.join('\n  '));
  process.exit(1);
}
console.log('\nAll bundle budgets met.');
