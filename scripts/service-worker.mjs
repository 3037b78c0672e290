// The PWA's files, written into dist/ after the SPA's build and its drawn pages (scripts/build-lib.mjs,
// decision 0039):
// - dist/manifest.webmanifest: the installable app (French name, icons, theme);
// - dist/sw.js: src/service-worker/sw.ts bundled by esbuild with Workbox's precaching and routing, and
//   the list of the files it precaches: every file of the build but the compressed copies, the build's
//   own notes (.vite/) and xlsx (fetched at the first export, then kept). A hashed file (/assets/) is
//   its own revision; another (the pages, the icons) gets the hash of its content. A new build that
//   changes any of them changes sw.js: the browser installs it as a new version.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/** Files of the build the worker never precaches. */
const NOT_PRECACHED = [/\.(br|gz)$/, /^\.vite\//, /^assets\/xlsx-[^/]+\.js$/, /^sw\.js$/];

function* files(dir, base = dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full, base);
    else yield path.relative(base, full).split(path.sep).join('/');
  }
}

/** A VITE_ variable as the SPA's build reads it: the environment, else a .env file. */
function viteVariable(root, name) {
  if (process.env[name] !== undefined) return process.env[name].trim();
  for (const file of ['.env.production.local', '.env.local', '.env.production', '.env']) {
    try {
      const line = readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .find((candidate) => candidate.trim().startsWith(`${name}=`));
      if (line !== undefined)
        return line
          .split('=')
          .slice(1)
          .join('=')
          .trim()
          .replace(/^["']|["']$/g, '');
    } catch {
      // no such file
    }
  }
  return undefined;
}

/** The product's name, as the SPA reads it (VITE_APP_TITLE). */
const appTitle = (root) => viteVariable(root, 'VITE_APP_TITLE') || 'Ekklesia Gestion';

export function webManifest(title) {
  return {
    name: title,
    short_name: title.length > 12 ? title.split(' ')[0] : title,
    description:
      'Gestion financière et des membres des églises : contributions et reçus, dépenses, trésorerie, fidèles.',
    lang: 'fr',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#f8fafc',
    theme_color: '#1d5ef1',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

/** Writes dist/manifest.webmanifest and dist/sw.js; answers how many files the worker precaches. */
export async function buildServiceWorker(root) {
  const dist = path.join(root, 'dist');
  writeFileSync(
    path.join(dist, 'manifest.webmanifest'),
    `${JSON.stringify(webManifest(appTitle(root)), null, 2)}\n`,
  );
  const precache = [...files(dist)]
    .filter((file) => !NOT_PRECACHED.some((pattern) => pattern.test(file)))
    .sort()
    .map((file) => ({
      url: `/${file}`,
      revision: file.startsWith('assets/')
        ? null
        : createHash('sha256')
            .update(readFileSync(path.join(dist, file)))
            .digest('hex')
            .slice(0, 16),
    }));
  const bytes = precache.reduce((sum, entry) => sum + readFileSync(path.join(dist, entry.url)).length, 0);
  await build({
    entryPoints: [path.join(root, 'src/service-worker/sw.ts')],
    outfile: path.join(dist, 'sw.js'),
    bundle: true,
    format: 'iife',
    minify: true,
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'warning',
    tsconfig: path.join(root, 'src/service-worker/tsconfig.json'),
    define: {
      'self.__WB_MANIFEST': JSON.stringify(precache),
      API_BASE: JSON.stringify(viteVariable(root, 'VITE_API_URL') ?? ''),
      // Workbox's development logs go
      'process.env.NODE_ENV': '"production"',
    },
  });
  return { files: precache.length, bytes };
}
