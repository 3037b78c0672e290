import { createBrowserRouter } from 'react-router';
import { setForbiddenHandler } from '@/shared/api/http-client';
import { prefetchingStrategy } from './prefetch';
import { createRootRoutes, patchSpaceRoutes } from './routes';

/** The application's one router: a page's data is asked for with its code (src/app/prefetch.ts). */
export const router = createBrowserRouter(createRootRoutes(), {
  patchRoutesOnNavigation: patchSpaceRoutes,
  dataStrategy: prefetchingStrategy,
});

// A 403 from any call shows the access-refused page, through the router (no full reload).
setForbiddenHandler(() => {
  void router.navigate('/access-refuse');
});
