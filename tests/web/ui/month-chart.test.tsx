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

  it('for a period (the financial report): the year under each month, bars of a bar’s width, a scroll region, the scale', () => {
    const points = [
      { month: '2025-12', receipts: 30000, expenses: 10000 },
      { month: '2026-01', receipts: 60000, expenses: 0 },
    ];
    const { container, rerender } = render(<MonthChart title="Par mois" points={points} />);
    // the dashboards' look: the month alone, the chart scaled to its box, no region, no scale
    expect([...container.querySelectorAll('svg text')].map((t) => t.textContent)).toEqual(['déc.', 'janv.']);
    expect(container.querySelector('[role="region"]')).toBeNull();
    expect(container.querySelectorAll('svg line')).toHaveLength(1);
    expect(Number(container.querySelector('rect')!.getAttribute('width'))).toBe(146);

    rerender(<MonthChart title="Par mois" points={points} period={{ minSlot: 48 }} />);
    const region = screen.getByRole('region', { name: 'Par mois (graphique)' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect([...region.querySelectorAll('svg text')].map((t) => t.textContent)).toEqual([
      'déc. 25',
      'janv. 26',
    ]);
    const december = [...region.querySelectorAll('g[data-month="2025-12"] rect')];
    expect(december.map((r) => Number(r.getAttribute('height')))).toEqual([90, 30]);
    expect(december.map((r) => Number(r.getAttribute('width')))).toEqual([32, 32]);
    expect(december[0]).toHaveTextContent(/^déc\. 25 : recettes 30\s000\sF\sCFA$/);
    expect(region.querySelectorAll('svg line')).toHaveLength(5);
    expect(container.querySelector('figcaption')).toHaveTextContent(/Échelle : 60\s000\sF\sCFA au plus haut/);
  });
});
