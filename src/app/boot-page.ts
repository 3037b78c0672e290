import { documentTitle } from '@/shared/level/page-title';

// How a page drawn as HTML (src/app/prerender.tsx) goes into index.html: used at build time for
// /connexion (scripts/prerender.mjs) and by the server for a member's first screens. No Node API here.

const ROOT_DIV = '<div id="root"></div>';

/**
 * A drawing made safe to show before any script:
 * - its inputs lose their `name` (a submit before React, e.g. Enter in the password field, must never put
 *   the password in the address bar) and keep it as `data-field`, for boot.ts to carry what was typed;
 * - its labels lose their `for`: while React's page waits hidden in `#root`, each label names one field
 *   only (React's, which becomes visible at the swap);
 * - its buttons are disabled: a click before React would do nothing (its links are plain links).
 */
export function bootMarkup(markup: string): string {
  return markup
    .replace(/<input([^>]*?) name="([^"]+)"/g, '<input$1 data-field="$2"')
    .replace(/<label([^>]*?) for="[^"]*"/g, '<label$1')
    .replace(/<button(?![^>]*\sdisabled="")/g, '<button disabled=""');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * index.html with the drawing in `#boot`, a hidden `#root`, the page's title when it has one, and the API
 * answers it was drawn with, by URL (`#boot-answers`, read by src/shared/lib/boot.ts): data, not a script
 * (the CSP allows none inline); `<` escaped so that no text in it can close the element.
 */
export function bootPage(
  indexHtml: string,
  markup: string,
  title: string | null = null,
  answers: Record<string, unknown> | null = null,
): string {
  if (!indexHtml.includes(ROOT_DIV)) throw new Error(`index.html n'a pas de ${ROOT_DIV}`);
  const data = answers
    ? `<script type="application/json" id="boot-answers">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>`
    : '';
  // a page drawn with its answers asks the API for none of them again: without index.html's early
  // requests for a signed-in member (/api/me's preload, the first requests' data and script, decision
  // 0039), which would fetch what `#boot-answers` already holds
  const page = answers
    ? indexHtml
        .replace(/\s*<link rel="preload"[^>]*as="fetch"[^>]*>/g, '')
        .replace(/\s*<script[^>]*data-signed-in[^>]*>[^<]*<\/script>/g, '')
    : indexHtml;
  const html = page.replace(
    ROOT_DIV,
    () => `<div id="boot">${bootMarkup(markup)}</div><div id="root" hidden></div>${data}`,
  );
  return title
    ? html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitle(title))}</title>`)
    : html;
}
