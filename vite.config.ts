import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { SPACE_PREFIXES } from './contract/spaces.ts';
import { FIRST_SCREENS, UNREAD_COUNT_URL } from './contract/values/first-screens.ts';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3000';

/*
 * Fewer, larger chunks (issue 30, decision 0039). Over HTTP/1.1 a page's ~40 small files cost a round
 * trip each on a phone's network; two groups replace them:
 * - 'app': everything the SPA's entry loads at once (React, the router, TanStack Query, the HTTP client,
 *   the sign-in page), one file beside the entry;
 * - 'shell': what every signed-in page needs (the space shell, the UI kit, the shared hooks, the
 *   spaces' route trees and the features' route fragments: 8 KB compressed for the seven spaces), one
 *   file, preloaded by index.html (not by /connexion's page): the page's own chunk is asked for as
 *   soon as the entry has run, not after the space's tree has arrived.
 * The pages keep a chunk each; what loads at first use (Radix, the calendar, the toaster, the phone
 * menu's drawer, xlsx, the upload field) stays apart. receipt.html shares no module with the SPA.
 */
const ON_USE =
  /\/src\/(shared\/ui\/(dialog-radix|select-radix|toaster|date-range-picker|dropzone|treasury-account-fields)|shared\/lib\/asset-fields|app\/layouts\/mobile-nav-drawer)\.tsx?$/;
const SHELL = /\/src\/(shared|app\/layouts|spaces)\/|\/src\/features\/[^/]+\/routes\.tsx$/;
const NOT_SPA = /\/receipt-verification\/|\.html$|\/src\/(main|first-requests)\.ts/;

type BundleChunk = {
  type: 'chunk';
  name: string;
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
};

/**
 * index.html asks at once for what every page needs, before the entry has run (issue 30, decision
 * 0039): GET /me (the guards wait for it; the HTTP client's first call is then answered from the
 * preload), the entry's code and the shell's; and its first script (src/first-requests.ts, run as soon
 * as it arrives) asks, for a member signed in on this device, for the bell and a first screen's code
 * and data, from the list written here in `#first-requests`. /connexion's page (dist/connexion.html,
 * scripts/prerender.mjs) keeps GET /me and the entry, and drops the rest: a guest needs it only once
 * signed in.
 */
function firstRequests(): Plugin {
  let apiUrl = '';
  return {
    name: 'ekklesia:first-requests',
    apply: 'build',
    configResolved(config) {
      apiUrl = (config.env.VITE_API_URL as string | undefined) ?? '';
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, filename }) {
        if (!filename.endsWith('index.html') || !bundle) return html;
        const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk') as BundleChunk[];
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const named = (name: string) => chunks.find((chunk) => chunk.name === name);
        const shell = named('shell');
        const early = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/src/first-requests.ts'));
        if (!shell || !early) throw new Error('vite.config.ts : chunk shell ou first-requests introuvable');
        // what index.html loads anyway: the entry's files and the shell's
        const loaded = new Set<string>();
        const closure = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          for (const imported of byFile.get(file)?.imports ?? []) closure(imported, into);
        };
        for (const chunk of chunks.filter((candidate) => candidate.name === 'app' || candidate === shell))
          closure(chunk.fileName, loaded);
        const screens = FIRST_SCREENS.map((screen) => {
          const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/${screen.module}`));
          if (!page) throw new Error(`vite.config.ts : pas de chunk pour ${screen.module}`);
          const files = new Set<string>();
          closure(page.fileName, files);
          const code = [...files].filter((file) => !loaded.has(file));
          const styles = code.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
          return {
            path: screen.path,
            code: code.map((file) => `/${file}`),
            styles: styles.map((file) => `/${file}`),
            requests: screen.requests,
          };
        });
        const data = {
          apiBase: apiUrl,
          spaces: Object.values(SPACE_PREFIXES).flat(),
          always: [UNREAD_COUNT_URL],
          screens,
        };
        // right after <meta charset>: before the entry, the stylesheet and anything else
        const first = [
          `<link rel="preload" href="${apiUrl}/api/me" as="fetch" crossorigin="use-credentials" />`,
          `<script type="application/json" id="first-requests" data-signed-in>${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`,
          `<script type="module" async crossorigin src="/${early.fileName}" data-signed-in></script>`,
        ].join('\n    ');
        const withFirst = html.replace(
          /(<meta charset="[^"]*"\s*\/?>)/i,
          (charset) => `${charset}\n    ${first}`,
        );
        if (withFirst === html) throw new Error('index.html : <meta charset> introuvable');
        const tags: HtmlTagDescriptor[] = [
          {
            tag: 'link',
            attrs: {
              rel: 'modulepreload',
              crossorigin: '',
              href: `/${shell.fileName}`,
              'data-signed-in': '',
            },
            injectTo: 'head',
          },
        ];
        return { html: withFirst, tags };
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), firstRequests()],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // the built-in LigdiCash simulator's payment page (decision 0019)
      '/simulateur-ligdicash': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: { port: 4173 },
  build: {
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    // Two HTML entries: the SPA, and the public receipt verification (/receipt/{id}, served by the
    // server from receipt.html) that a guest opens from a QR code without loading the SPA (decision 0009).
    // every browser the product supports has modulepreload: no polyfill module in each entry
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        receipt: fileURLToPath(new URL('./receipt.html', import.meta.url)),
        // index.html's first script (src/first-requests.ts): a file of its own, importing nothing
        'first-requests': fileURLToPath(new URL('./src/first-requests.ts', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], test: (id: string) => !NOT_SPA.test(id), priority: 2 },
            { name: 'shell', test: (id: string) => SHELL.test(id) && !ON_USE.test(id), priority: 1 },
          ],
        },
      },
    },
  },
});
