// The drawn pages (decision 0036): src/app/prerender.tsx built for Node by Vite into build/prerender/.
// - /connexion is drawn here, at build time (decision 0036): dist/connexion.html, a copy of
//   dist/index.html whose `#boot` holds the sign-in page as HTML and whose `#root` is hidden until
//   React's page replaces it (src/shared/lib/boot.ts). The server sends it for /connexion.
// - build/prerender/ stays: the server draws a member's first screens with it, per request (decision
//   0037; server/src/http/spa.ts).
// - dist/.vite/page-routes.json: each space's route tree with the module of each page, for the server to
//   preload the code of the page a URL opens (decision 0037).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export function prerender(root) {
  const outDir = path.join(root, 'build/prerender');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const run = spawnSync(
    process.execPath,
    [
      vite,
      'build',
      '--ssr',
      'src/app/prerender.tsx',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (run.status !== 0) throw new Error(`le pré-rendu de /connexion a échoué (code ${run.status})`);
  return import(pathToFileURL(path.join(outDir, 'prerender.js')).href).then(
    async ({ signInMarkup, bootPage, pageRouteTree }) => {
      const markup = signInMarkup();
      if (!markup.includes('Se connecter')) throw new Error('le pré-rendu de /connexion est incomplet');
      const dist = path.join(root, 'dist');
      // a guest's page: without what index.html asks for a signed-in member (vite.config.ts)
      const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8')
        .replace(/\s*<link rel="modulepreload"[^>]*data-signed-in[^>]*>/g, '')
        .replace(/\s*<script[^>]*data-signed-in[^>]*>[^<]*<\/script>/g, '');
      const html = bootPage(indexHtml, markup);
      writeFileSync(path.join(dist, 'connexion.html'), html);
      // each space's routes with the module of each page: the server preloads the page a URL opens
      const trees = await pageRouteTree();
      const modules = JSON.stringify(trees).match(/"module":/g)?.length ?? 0;
      if (!JSON.stringify(trees.personal).includes('my-contributions-page.tsx'))
        throw new Error('les routes des pages sont incomplètes (/mes-contributions sans module)');
      writeFileSync(path.join(dist, '.vite', 'page-routes.json'), JSON.stringify(trees));
      return { connexion: html.length, pages: modules };
    },
  );
}
