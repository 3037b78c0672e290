import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MonthChart } from '@/shared/ui/month-chart';

// The one month chart of the kit (decision 0028): the level dashboards and the department dashboard.

describe('MonthChart', () => {
  it('draws two bars a month, hidden from screen readers, and gives them the figures as a named table', () => {
    const { container } = render(
      <MonthChart
        title="Recettes et dépenses par mois"
        points={[
          { month: '2026-10', receipts: 150000, expenses: 50000 },
          { month: '2026-11', receipts: 0, expenses: 100000 },
        ]}
      />,
    );
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    const heights = [...svg.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')));
    // the highest figure fills the chart; the others scale to it
    expect(heights).toEqual([180, 60, 0, 120]);
    const table = screen.getByRole('table', { name: 'Recettes et dépenses par mois' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent?.replace(/\s/g, ' '))).toEqual([
      'MoisRecettesDépenses',
      expect.stringMatching(/^oct\. 26150 000 F CFA50 000 F CFA$/),
      expect.stringMatching(/^nov\. 260 F CFA100 000 F CFA$/),
    ]);
    expect(container.querySelector('figcaption')).toHaveTextContent(/Recettes.*Dépenses/);
  });
});
