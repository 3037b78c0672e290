import { createBrowserRouter } from 'react-router';
import { setForbiddenHandler } from '@/shared/api/http-client';
import { createRootRoutes, patchSpaceRoutes } from './routes';

/** The application's one router. */
export const router = createBrowserRouter(createRootRoutes(), {
  patchRoutesOnNavigation: patchSpaceRoutes,
});

// A 403 from any call shows the access-refused page, through the router (no full reload).
setForbiddenHandler(() => {
  void router.navigate('/access-refuse');
});
