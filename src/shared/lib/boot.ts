/**
 * /connexion arrives drawn: dist/connexion.html carries the sign-in form as HTML in `#boot` (built by
 * scripts/prerender.mjs from the real page), and React renders into a hidden `#root` meanwhile
 * (decision 0036). `finishBoot` swaps them in one frame once React's page is there: what the user
 * already typed in the drawing, and the field they are in, are carried over, so nothing is lost.
 * Without a drawing (every other page) it does nothing.
 */
export function finishBoot(): void {
  const boot = document.getElementById('boot');
  const root = document.getElementById('root');
  if (!boot || !root) return;
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement && boot.contains(active) ? active.dataset.field : null;
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
}
