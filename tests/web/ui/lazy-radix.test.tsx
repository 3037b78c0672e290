import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Radix Select and Radix Dialog load at their first use (decision 0032). The test setup loads them for
 * the other component tests; here each test imports the kit afresh, as a page that has not used them yet.
 */
beforeEach(() => {
  vi.resetModules();
});

const options = [
  { value: 'CASH', label: 'Caisse' },
  { value: 'BANK', label: 'Banque' },
];

describe('Select before its first use', () => {
  it('shows the chosen value in a closed look-alike, then takes the focus over when tabbed into', async () => {
    const { Select } = await import('@/shared/ui/select');
    const user = userEvent.setup();
    render(
      <>
        <Select label="Type" options={options} value="BANK" onChange={() => {}} />
        <button type="button">Après</button>
      </>,
    );
    const lookAlike = screen.getByRole('combobox', { name: 'Type' });
    expect(lookAlike).toHaveTextContent('Banque');
    expect(lookAlike).toHaveAttribute('aria-expanded', 'false');
    await user.tab();
    // the Radix field replaces the look-alike and keeps the focus; its list stays closed
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Type' })).not.toBe(lookAlike));
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveFocus();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Après' })).toHaveFocus();
  });

  it('opens its list on the first click and picks an option', async () => {
    const { Select } = await import('@/shared/ui/select');
    const user = userEvent.setup();
    function Harness() {
      const [value, setValue] = useState<string | null>(null);
      return (
        <Select label="Type" placeholder="Choisir" options={options} value={value} onChange={setValue} />
      );
    }
    render(<Harness />);
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Choisir');
    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Caisse' }));
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveTextContent('Caisse');
  });
});

describe('Dialog before its first opening', () => {
  it('draws its trigger only, opens on the first click and gives the focus back to the same trigger', async () => {
    const { Dialog } = await import('@/shared/ui/dialog');
    const user = userEvent.setup();
    render(
      <Dialog trigger={<button type="button">Nouvelle souscription</button>} title="Nouvelle souscription" />,
    );
    const trigger = screen.getByRole('button', { name: 'Nouvelle souscription' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(trigger);
    expect(await screen.findByRole('dialog', { name: 'Nouvelle souscription' })).toBeInTheDocument();
    expect(trigger).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('opens when its controlled `open` turns true', async () => {
    const { Dialog } = await import('@/shared/ui/dialog');
    render(<Dialog open title="Relevé annuel" />);
    expect(await screen.findByRole('dialog', { name: 'Relevé annuel' })).toBeInTheDocument();
  });
});
