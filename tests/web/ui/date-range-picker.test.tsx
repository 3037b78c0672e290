import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DateRangeField } from '@/shared/ui/date-range-field';
import { DateRangePicker, type DateRangeValue } from '@/shared/ui/date-range-picker';

function Harness({
  initial,
  onChange,
}: {
  initial?: DateRangeValue;
  onChange?: (range?: DateRangeValue) => void;
}) {
  const [range, setRange] = useState<DateRangeValue | undefined>(initial);
  return (
    <DateRangePicker
      value={range}
      onChange={(next) => {
        setRange(next);
        onChange?.(next);
      }}
    />
  );
}

const march = { from: new Date(2026, 2, 5), to: new Date(2026, 2, 12) };

describe('DateRangePicker', () => {
  it('shows two months in French, weeks starting on Monday', () => {
    render(<Harness initial={march} />);
    const grids = screen.getAllByRole('grid');
    expect(grids).toHaveLength(2);
    expect(grids.map((grid) => grid.getAttribute('aria-label'))).toEqual(['mars 2026', 'avril 2026']);
    // react-day-picker hides the weekday row from screen readers (each day's name says its weekday).
    const weekdays = within(grids[0]).getAllByRole('columnheader', { hidden: true });
    expect(weekdays[0]).toHaveTextContent('lu');
    expect(weekdays[6]).toHaveTextContent('di');
    expect(screen.getByRole('button', { name: 'Aller au mois suivant' })).toBeInTheDocument();
  });

  it('shows one month on a narrow phone', () => {
    const spy = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(max-width: 639px)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    try {
      render(<Harness initial={march} />);
      expect(screen.getAllByRole('grid')).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('picks a period with two clicks and says it', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial={{ from: new Date(2026, 2, 1) }} onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /10 mars 2026/ }));
    expect(onChange).toHaveBeenLastCalledWith({ from: new Date(2026, 2, 1), to: new Date(2026, 2, 10) });
    expect(screen.getByText('Du 01/03/2026 au 10/03/2026')).toBeInTheDocument();
  });

  it('goes no further back than January 1900', () => {
    render(<Harness initial={{ from: new Date(1900, 0, 3) }} />);
    expect(screen.getAllByRole('grid')[0]).toHaveAttribute('aria-label', 'janvier 1900');
    expect(screen.getByRole('button', { name: /\s1 janvier 1900/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Aller au mois précédent' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Aller au mois suivant' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });
});

describe('DateRangeField', () => {
  function Field({ onChange }: { onChange: (range?: DateRangeValue) => void }) {
    const [range, setRange] = useState<DateRangeValue | undefined>(march);
    return (
      <DateRangeField
        label="Période"
        value={range}
        onChange={(next) => {
          setRange(next);
          onChange(next);
        }}
      />
    );
  }
  const day = (name: string) =>
    within(screen.getByRole('dialog')).getByRole('button', { name: new RegExp(`\\s${name} 2026`) });

  it('shows the applied period and leaves it as it was on Annuler', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    const trigger = screen.getByRole('button', { name: 'Période Du 05/03/2026 au 12/03/2026' });
    await user.click(trigger);
    expect(await screen.findByRole('dialog', { name: 'Période' })).toBeInTheDocument();
    // the calendar is loaded when the field opens
    await within(await screen.findByRole('dialog')).findAllByRole('grid', {}, { timeout: 4000 });
    await user.click(day('2 mars'));
    await user.click(day('25 mars'));
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(trigger).toHaveAccessibleName('Période Du 05/03/2026 au 12/03/2026');
    // the dialog's and the calendar's code load at the first opening: slow on a busy machine
  }, 15_000);

  it('applies the picked period with Appliquer', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /^Période/ }));
    await within(await screen.findByRole('dialog')).findAllByRole('grid', {}, { timeout: 4000 });
    await user.click(day('2 mars'));
    await user.click(day('25 mars'));
    const picked = within(screen.getByRole('dialog')).getByText(/^Du /).textContent;
    expect(onChange).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(picked).not.toBe('Du 05/03/2026 au 12/03/2026');
    expect(screen.getByRole('button', { name: /^Période/ })).toHaveAccessibleName(`Période ${picked}`);
    // the dialog's and the calendar's code load at the first opening: slow on a busy machine
  }, 15_000);

  it('clears the period with Effacer', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Field onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: /^Période/ }));
    await user.click(screen.getByRole('button', { name: 'Effacer' }));
    expect(onChange).toHaveBeenCalledWith(undefined);
    expect(screen.getByRole('button', { name: 'Période Choisir une période' })).toBeInTheDocument();
  });
});
