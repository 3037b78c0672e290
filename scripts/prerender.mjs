// The drawn first screen of /connexion (issue 18, decision 0036): the sign-in page rendered to HTML with
// React at build time (src/app/prerender.tsx, built for Node by Vite into build/prerender/), written into
// dist/connexion.html, a copy of dist/index.html whose `#boot` holds that drawing and whose `#root` is
// hidden until React's page replaces it (src/shared/lib/boot.ts). The server sends it for /connexion.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT_DIV = '<div id="root"></div>';

/**
 * The drawing made safe to show before any script:
 * - its inputs lose their `name` (a submit before React, e.g. Enter in the password field, must never put
 *   the password in the address bar) and keep it as `data-field`, for boot.ts to carry what was typed;
 * - its labels lose their `for`: while React's form waits hidden in `#root`, each label names one field
 *   only (React's, which becomes visible at the swap);
 * - its button is disabled: a click before React would do nothing (it waits, and a test's click too).
 */
export function bootMarkup(markup) {
  return markup
    .replace(/<input([^>]*?) name="([^"]+)"/g, '<input$1 data-field="$2"')
    .replace(/<label([^>]*?) for="[^"]*"/g, '<label$1')
    .replace(/<button([^>]*?) type="submit"/g, '<button$1 type="submit" disabled=""');
}

/** index.html with the drawing in `#boot` and a hidden `#root`. */
export function connexionHtml(indexHtml, markup) {
  if (!indexHtml.includes(ROOT_DIV)) throw new Error(`index.html n'a pas de ${ROOT_DIV}`);
  return indexHtml.replace(
    ROOT_DIV,
    `<div id="boot">${bootMarkup(markup)}</div><div id="root" hidden></div>`,
  );
}

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
  return import(pathToFileURL(path.join(outDir, 'prerender.js')).href).then(({ signInMarkup }) => {
    const markup = signInMarkup();
    if (!markup.includes('Se connecter')) throw new Error('le pré-rendu de /connexion est incomplet');
    const dist = path.join(root, 'dist');
    const html = connexionHtml(readFileSync(path.join(dist, 'index.html'), 'utf8'), markup);
    writeFileSync(path.join(dist, 'connexion.html'), html);
    rmSync(outDir, { recursive: true, force: true });
    return html.length;
  });
}
