import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { documentTitle, PageHeaderProvider, usePageHeader, usePageTitle } from '@/shared/level/page-title';
import { APP_TITLE } from '@/shared/config';

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
});
