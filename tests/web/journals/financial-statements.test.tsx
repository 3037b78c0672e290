import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { FinancialStatements } from '@contract/journals';
import { server } from '../msw/server';
import { useAccountStore } from '@/shared/auth/account-store';
import { demo } from '../app/fixtures';
import { locationOf, renderApp } from '../app/render-app';
import { withLayoutBox } from './layout';

withLayoutBox();

beforeEach(() => {
  useAccountStore.setState({ account: undefined });
});

function statements(year: number): FinancialStatements {
  return {
    entity: { type: 'CHURCH', id: 11, name: 'Église de Cocody' },
    year,
    closing: year === 2004 ? { id: 3, closed_at: '2005-01-15T09:00:00.000Z' } : null,
    income: {
      products: [{ code: '7581', name: 'Dîmes', amount: 210_000 }],
      products_total: 210_000,
      charges: [{ code: '6047', name: 'Fournitures de bureau', amount: 30_000 }],
      charges_total: 30_000,
      depreciation: 36_000,
      ordinary_result: 144_000,
      disposal_proceeds: 50_000,
      disposal_book_values: 42_000,
      disposal_result: 8_000,
      result: 152_000,
    },
    balance: {
      fixed_assets: [
        { code: '2442', name: 'Matériel informatique', gross: 120_000, depreciation: 30_000, net: 90_000 },
      ],
      fixed_assets_total: { gross: 120_000, depreciation: 30_000, net: 90_000 },
      treasury: [{ code: '5711', name: 'Caisse locale', amount: 320_000 }],
      treasury_total: 320_000,
      assets_total: 410_000,
      funds: 110_000,
      carried_forward: 88_000,
      other_changes: 0,
      result: 152_000,
      equity_total: 350_000,
      treasury_liabilities: [{ code: '5211', name: 'Banque locale', amount: 60_000 }],
      treasury_liabilities_total: 60_000,
      liabilities_total: 410_000,
    },
  };
}

const digits = (text: string | null | undefined) => (text ?? '').replace(/\D/g, '');

describe('financial statements', () => {
  it('switches the report to the statements of last year and shows both tables, balanced', async () => {
    const years: string[] = [];
    server.use(
      mock.get('/api/churches/11', () => HttpResponse.json({ data: { id: 11, name: 'Église de Cocody' } })),
      mock.get('/api/financial-statements', ({ request }) => {
        const q = new URL(request.url).searchParams;
        expect(q.get('entity_type')).toBe('CHURCH');
        expect(q.get('entity_id')).toBe('11');
        years.push(q.get('year')!);
        return HttpResponse.json({ data: statements(Number(q.get('year'))) });
      }),
    );
    const { router } = renderApp('/espace-comptable/rapport-financier?church=11', demo.accountant);
    const user = userEvent.setup();
    // the space's tree and the page load lazily: the first render may take a while on a busy machine
    await user.click(await screen.findByRole('button', { name: 'États financiers' }, { timeout: 15_000 }));
    expect(locationOf(router)).toBe('/espace-comptable/rapport-financier?church=11&vue=etats-financiers');

    const income = await screen.findByRole('table', { name: /Compte de résultat/ }, { timeout: 10_000 });
    expect(years).toEqual([String(new Date().getFullYear() - 1)]);
    expect(within(income).getByRole('rowheader', { name: '7581 Dîmes' })).toBeInTheDocument();
    const depreciation = within(income).getByRole('rowheader', { name: '681 Dotations aux amortissements' });
    expect(digits(depreciation.closest('tr')!.textContent)).toContain('36000');
    const net = within(income).getByRole('rowheader', {
      name: /Résultat net de l’exercice \(excédent, 121\)/,
    });
    expect(digits(net.closest('tr')!.textContent)).toContain('152000');

    const actif = screen.getByRole('table', { name: 'Actif' });
    const passif = screen.getByRole('table', { name: 'Passif' });
    expect(
      digits(within(actif).getByRole('rowheader', { name: 'Total actif' }).closest('tr')!.textContent),
    ).toBe('410000');
    expect(
      digits(within(passif).getByRole('rowheader', { name: 'Total passif' }).closest('tr')!.textContent),
    ).toBe('410000');
    expect(within(passif).getByRole('rowheader', { name: '5211 Banque locale' })).toBeInTheDocument();
    expect(screen.getByText(/non clôturé : états provisoires/)).toBeInTheDocument();
    expect(screen.queryByText(/n’est pas équilibré/)).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Actif du bilan' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('button', { name: /Exporter \(xlsx\)/ })).toBeEnabled();
  });

  it('opens on the statements from the link, and shows the server refusal in French', async () => {
    server.use(
      mock.get('/api/churches/11', () => HttpResponse.json({ data: { id: 11, name: 'Église de Cocody' } })),
      mock.get('/api/financial-statements', () =>
        HttpResponse.json(
          { message: "Vous n'avez pas accès aux documents comptables de cette entité." },
          { status: 403 },
        ),
      ),
    );
    renderApp('/espace-comptable/rapport-financier?church=11&vue=etats-financiers', demo.accountant);
    expect(await screen.findByRole('button', { name: 'États financiers' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});
