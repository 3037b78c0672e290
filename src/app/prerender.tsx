import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SignInPage } from '@/features/auth/pages/sign-in-page';

/**
 * Built for Node at build time (scripts/prerender.mjs), never shipped to the browser: the sign-in
 * page drawn as HTML, so that /connexion paints its form as soon as the HTML and the CSS are in,
 * before any JavaScript runs (issue 18; decision 0036). The browser keeps that drawing until React's
 * own sign-in page replaces it (src/shared/lib/boot.ts).
 */
export function signInMarkup(): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/connexion']}>
        <SignInPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
