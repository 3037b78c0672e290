import { describe, expect, it } from 'vitest';
import { render as rtlRender, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import {
  documentTitle,
  entityTitle,
  PageHeaderProvider,
  usePageHeader,
  usePageTitle,
} from '@/shared/level/page-title';
import { LevelProvider } from '@/shared/level/level-context';
import { entityQueryOptions } from '@/shared/org/entities';
import { APP_TITLE } from '@/shared/config';

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
const wrap = (ui: ReactElement, queryClient = client()) => (
  <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
);
const render = (ui: ReactElement) => {
  const queryClient = client();
  const view = rtlRender(wrap(ui, queryClient));
  return { ...view, rerender: (next: ReactElement) => view.rerender(wrap(next, queryClient)) };
};

function Page({ title, back }: { title: string | null; back?: string }) {
  usePageTitle(title, { back });
  return null;
}

function Header() {
  const { title, back } = usePageHeader();
  return (
    <p>
      {title ?? 'aucun titre'} | {back ?? 'pas de retour'}
    </p>
  );
}

describe('page title', () => {
  it('is the product name by default (VITE_APP_TITLE, else Ekklesia Gestion)', () => {
    expect(APP_TITLE).toBe('Ekklesia Gestion');
    expect(documentTitle(null)).toBe('Ekklesia Gestion');
    expect(documentTitle('Membres')).toBe('Membres - Ekklesia Gestion');
  });

  it('sets the header and the document title, and puts the product name back on leaving', () => {
    const view = render(
      <PageHeaderProvider>
        <Header />
        <Page title="Membres" back="/ma-region" />
      </PageHeaderProvider>,
    );
    expect(document.title).toBe('Membres - Ekklesia Gestion');
    expect(screen.getByText('Membres | /ma-region')).toBeInTheDocument();

    view.rerender(
      <PageHeaderProvider>
        <Header />
      </PageHeaderProvider>,
    );
    expect(document.title).toBe('Ekklesia Gestion');
    expect(screen.getByText('aucun titre | pas de retour')).toBeInTheDocument();
  });

  it('keeps the product name while the title is not known yet', () => {
    render(<Page title={null} />);
    expect(document.title).toBe('Ekklesia Gestion');
  });

  it('names the entity of the Level in the document title, the header keeping the short title', async () => {
    const queryClient = client();
    const church = { entityType: 'CHURCH' as const, entityId: 2 };
    queryClient.setQueryData(entityQueryOptions(church).queryKey, {
      id: 2,
      name: 'Temple Béthel de Yopougon',
    });
    rtlRender(
      wrap(
        <PageHeaderProvider>
          <Header />
          <LevelProvider level={church}>
            <Page title="Dépenses" />
          </LevelProvider>
        </PageHeaderProvider>,
        queryClient,
      ),
    );
    expect(document.title).toBe('Dépenses - Temple Béthel de Yopougon - Ekklesia Gestion');
    expect(screen.getByText('Dépenses | pas de retour')).toBeInTheDocument();
  });

  it('does not repeat a name the title already gives', () => {
    expect(entityTitle('Membres - Région Abidjan', 'Région Abidjan')).toBe('Membres - Région Abidjan');
    expect(entityTitle('Recettes', 'Région Abidjan')).toBe('Recettes - Région Abidjan');
    expect(entityTitle('Recettes', undefined)).toBe('Recettes');
    expect(entityTitle(null, 'Région Abidjan')).toBeNull();
  });
});
