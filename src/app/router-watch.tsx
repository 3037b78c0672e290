import { useEffect } from 'react';
import type { createBrowserRouter } from 'react-router';

type AppRouter = ReturnType<typeof createBrowserRouter>;
export type RouterState = AppRouter['state'];
/** Called with the router's state now and at each change; answers true once it has seen what it waited for. */
export type RouterWatcher = (state: RouterState) => boolean;

/**
 * Watches the router from inside React, once `RouterProvider` has subscribed (decision 0049). React
 * Router keeps an update made before anyone subscribed — the end of its first navigation — for its
 * first subscriber only: a watcher subscribed from the entry's module code took it, and on a slow
 * phone, where the first render is sliced by a transition, `RouterProvider` subscribed after that
 * update and never learnt the router was ready: the page stayed on its loader. Rendered after
 * `RouterProvider`, this component subscribes in a passive effect, after its layout effect.
 */
export function RouterWatch({ router, watchers }: { router: AppRouter; watchers: readonly RouterWatcher[] }) {
  useEffect(() => {
    const pending = new Set(watchers);
    let stop: (() => void) | null = null;
    const run = (state: RouterState) => {
      for (const watcher of pending) if (watcher(state)) pending.delete(watcher);
      if (pending.size === 0) stop?.();
    };
    run(router.state);
    if (pending.size === 0) return undefined;
    stop = router.subscribe(run);
    return () => stop?.();
  }, [router, watchers]);
  return null;
}
