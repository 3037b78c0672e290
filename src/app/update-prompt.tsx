import { applyUpdate } from './pwa';

/**
 * 'Nouvelle version disponible': a new version of the app is installed and waits; 'Recharger' lets it
 * take over (src/app/pwa.ts). A polite status at the bottom of the screen (said once by a screen
 * reader; the focus stays where the user is), its button reachable with the keyboard and large enough
 * for a finger.
 */
export function UpdatePrompt() {
  return (
    <div
      role="status"
      className="fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-lg bg-slate-900 px-4 py-3 text-sm text-white shadow-lg sm:bottom-4"
    >
      <span>Nouvelle version disponible</span>
      <button
        type="button"
        onClick={applyUpdate}
        className="inline-flex h-10 shrink-0 items-center rounded-md bg-white px-4 font-medium text-slate-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        Recharger
      </button>
    </div>
  );
}

export default UpdatePrompt;
