import { createContext, useContext, useLayoutEffect } from 'react';

/**
 * Some pages arrive drawn: /connexion (dist/connexion.html, built by scripts/prerender.mjs from the real
 * page, decision 0036) and a member's first screens (drawn by the server with their data, decision
 * 0037) carry the page as HTML in `#boot`, and React renders into a hidden `#root` meanwhile.
 * `finishBoot` swaps them in one frame once React's page is there: what the user already typed in the
 * drawing, and the field they are in, are carried over, so nothing is lost. Without a drawing (every
 * other page) it does nothing.
 */
export function finishBoot(): void {
  // what the server drew the page with served the first requests; later ones go to the network
  answers = new Map();
  const boot = document.getElementById('boot');
  const root = document.getElementById('root');
  if (!boot || !root) return;
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && boot.contains(active) ? active.dataset.field : null;
  // a link of the drawing in use (reached with the keyboard) stays in use: React's link to the same place
  const focusedLink =
    active instanceof HTMLAnchorElement && boot.contains(active) ? active.getAttribute('href') : null;
  const valueSetter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  for (const drawn of boot.querySelectorAll<HTMLInputElement>('input[data-field]')) {
    const live = root.querySelector<HTMLInputElement>(`input[name="${drawn.dataset.field}"]`);
    if (!live || !drawn.value || live.value) continue;
    // through the native setter and an input event, so that React's onChange sees the value
    valueSetter?.call(live, drawn.value);
    live.dispatchEvent(new Event('input', { bubbles: true }));
  }
  boot.remove();
  root.hidden = false;
  if (focused) root.querySelector<HTMLInputElement>(`input[name="${focused}"]`)?.focus();
  if (focusedLink !== null) {
    [...root.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .find((link) => link.getAttribute('href') === focusedLink)
      ?.focus();
  }
}

/**
 * Provided only where the server draws a page (src/app/prerender.tsx): the drawing is sent only when the
 * page that gives way in the browser (`useFinishBoot`) was drawn ready, so that it cannot stay up for
 * ever over a React page that would never take its place.
 */
export const DrawingContext = createContext<{ ready: boolean } | null>(null);

/**
 * A drawn page's React twin gives way once it shows what the drawing shows (`ready`: its first data is
 * in), in the same frame as its render: no blank, no second paint of the same content.
 */
export function useFinishBoot(ready: boolean): void {
  const drawing = useContext(DrawingContext);
  if (drawing && ready) drawing.ready = true;
  useLayoutEffect(() => {
    if (ready) finishBoot();
  }, [ready]);
}

let answers: Map<string, unknown> | null = null;

/**
 * The API answers a page drawn by the server was drawn with (`#boot-answers`, decision 0037), by URL:
 * the SPA's first requests for them are answered from here instead of asking the server again, each
 * once, until the drawing gives way.
 */
function bootAnswers(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  const script = typeof document === 'undefined' ? null : document.getElementById('boot-answers');
  if (script?.textContent) {
    try {
      for (const [url, body] of Object.entries(JSON.parse(script.textContent) as Record<string, unknown>)) {
        answers.set(url, body);
      }
    } catch {
      // an unreadable embed: every request goes to the network
    }
  }
  script?.remove();
  return answers;
}

/** The drawn page's answer for a GET of `url` (`/api/...`), taken once; undefined when there is none. */
export function takeBootAnswer(url: string): { body: unknown } | undefined {
  const map = bootAnswers();
  if (!map.has(url)) return undefined;
  const body = map.get(url);
  map.delete(url);
  return { body };
}
