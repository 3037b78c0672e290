import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Select, type SelectOption } from '@/shared/ui/select';

const options: SelectOption[] = [
  { value: 'CASH', label: 'Caisse' },
  { value: 'BANK', label: 'Banque' },
  { value: 'ELECTRONIK', label: 'Monnaie électronique', disabled: true },
];

function Harness({ onChange }: { onChange?: (value: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <Select
      label="Type de journal"
      placeholder="Choisir un type"
      options={options}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

describe('Select', () => {
  it('is labelled and shows its placeholder', () => {
    render(<Harness />);
    expect(screen.getByRole('combobox', { name: 'Type de journal' })).toHaveTextContent('Choisir un type');
  });

  it('picks an option with the mouse', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Type de journal' }));
    // Radix Select loads at the first use of a field: the list opens once it has come
    expect(await screen.findByRole('option', { name: 'Monnaie électronique' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('option', { name: 'Banque' }));
    expect(onChange).toHaveBeenCalledWith('BANK');
    expect(screen.getByRole('combobox', { name: 'Type de journal' })).toHaveTextContent('Banque');
  });

  it('picks an option with the keyboard', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    screen.getByRole('combobox', { name: 'Type de journal' }).focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('BANK');
    expect(screen.getByRole('combobox', { name: 'Type de journal' })).toHaveTextContent('Banque');
  });

  it('shows its error and is marked invalid', () => {
    render(
      <Select
        label="Méthode"
        options={options}
        value=""
        error={{ message: 'Veuillez choisir la méthode de paiement.' }}
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Méthode' });
    expect(trigger).toHaveAttribute('aria-invalid', 'true');
    expect(trigger).toHaveAccessibleDescription('Veuillez choisir la méthode de paiement.');
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez choisir la méthode de paiement.');
  });
});
