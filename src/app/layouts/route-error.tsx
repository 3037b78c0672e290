import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RouteNotFoundError } from '@/shared/level/level-context';
import { NotFoundPage } from '@/features/auth/pages/not-found-page';

/** The router's error page: 'Page introuvable' for a bad URL, otherwise a French message and a reload. */
export function RouteError() {
  const error = useRouteError();
  if (error instanceof RouteNotFoundError || (isRouteErrorResponse(error) && error.status === 404)) {
    return <NotFoundPage />;
  }
  return (
    <main className="flex min-h-screen items-center justify-center px-4">
      <div
        role="alert"
        className="max-w-md rounded-xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      >
        <h1 className="text-xl font-semibold text-slate-900">Une erreur s’est produite</h1>
        <p className="mt-2 text-sm text-slate-600">
          La page n’a pas pu s’afficher. Vérifiez votre connexion puis rechargez la page.
        </p>
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="mt-6 inline-flex h-10 items-center rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
        >
          Recharger la page
        </button>
      </div>
    </main>
  );
}
