import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxOption } from '@/shared/ui/combobox';
import { Dialog } from '@/shared/ui/dialog';

const faithful: ComboboxOption<number>[] = [
  { value: 1, label: 'Awa Koné', description: 'MAT-001' },
  { value: 2, label: 'Jean Kouassi', disabled: true },
  { value: 3, label: 'Éric Yao' },
  { value: 4, label: 'Marie Bamba' },
];

function Local({ onChange = () => {} }: { onChange?: (value: number | null) => void }) {
  const [value, setValue] = useState<number | null>(null);
  return (
    <Combobox
      label="Fidèle"
      options={faithful}
      value={value}
      emptyText="Aucun fidèle trouvé"
      disabledSuffix="(Déjà assigné)"
      clearable
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('Combobox', () => {
  it('filters the options as the user types, ignoring accents and case', async () => {
    const user = userEvent.setup();
    render(<Local />);
    const input = screen.getByRole('combobox', { name: 'Fidèle' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    await user.type(input, 'eric');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Éric Yao']);
  });

  it('shows the empty text when nothing matches', async () => {
    const user = userEvent.setup();
    render(<Local />);
    await user.type(screen.getByRole('combobox', { name: 'Fidèle' }), 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText('Aucun fidèle trouvé')).toBeInTheDocument();
  });

  it('moves with the arrows over disabled options and chooses with Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Local onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Fidèle' });
    await user.click(input);
    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /Awa Koné/ }).id,
    );
    await user.keyboard('{ArrowDown}');
    // Jean Kouassi is already assigned: the arrow skips him.
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Éric Yao' }).id,
    );
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(3);
    expect(input).toHaveValue('Éric Yao');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('wraps from the first option to the last with ArrowUp', async () => {
    const user = userEvent.setup();
    render(<Local />);
    const input = screen.getByRole('combobox', { name: 'Fidèle' });
    await user.click(input);
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(input).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: 'Marie Bamba' }).id,
    );
  });

  it('chooses the first match with Enter after typing', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Local onChange={onChange} />);
    await user.type(screen.getByRole('combobox', { name: 'Fidèle' }), 'mar{Enter}');
    expect(onChange).toHaveBeenCalledWith(4);
  });

  it('marks disabled options with their suffix and refuses them', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Local onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Fidèle' }));
    const taken = screen.getByRole('option', { name: 'Jean Kouassi (Déjà assigné)' });
    expect(taken).toHaveAttribute('aria-disabled', 'true');
    await user.click(taken);
    expect(onChange).not.toHaveBeenCalled();
  });

  it('chooses with the mouse, then clears', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Local onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Fidèle' });
    await user.click(input);
    await user.click(screen.getByRole('option', { name: /Awa Koné/ }));
    expect(input).toHaveValue('Awa Koné');
    await user.click(screen.getByRole('button', { name: 'Effacer' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input).toHaveValue('');
  });

  it('closes on Escape and restores the chosen label', async () => {
    const user = userEvent.setup();
    render(<Local />);
    const input = screen.getByRole('combobox', { name: 'Fidèle' });
    await user.click(input);
    await user.click(screen.getByRole('option', { name: /Awa Koné/ }));
    await user.clear(input);
    await user.type(input, 'ma');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Awa Koné');
  });

  it('inside a dialog, Escape closes the list and leaves the dialog open', async () => {
    const user = userEvent.setup();
    function InDialog() {
      const [open, setOpen] = useState(true);
      return (
        <Dialog open={open} onOpenChange={setOpen} title="Ajouter un membre">
          <Local />
        </Dialog>
      );
    }
    render(<InDialog />);
    const input = await screen.findByRole('combobox', { name: 'Fidèle' });
    await user.click(input);
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // A second Escape, the list being closed, closes the dialog.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('searches the server: reports the text, shows Patientez, then the results as given', async () => {
    const user = userEvent.setup();
    const searches: string[] = [];
    function Remote() {
      const [search, setSearch] = useState('');
      const [value, setValue] = useState<number | null>(null);
      const results = search ? faithful.filter((option) => option.value === 4) : [];
      return (
        <Combobox
          label="Membre"
          options={results}
          loading={search === 'b'}
          value={value}
          onChange={setValue}
          onSearchChange={(text) => {
            searches.push(text);
            setSearch(text);
          }}
          emptyText="Aucun fidèle trouvé"
        />
      );
    }
    render(<Remote />);
    const input = screen.getByRole('combobox', { name: 'Membre' });
    await user.type(input, 'b');
    expect(screen.getByRole('status')).toHaveTextContent('Patientez');
    expect(screen.queryByText('Aucun fidèle trouvé')).not.toBeInTheDocument();
    await user.type(input, 'am');
    expect(searches).toEqual(['b', 'ba', 'bam']);
    // The server's answer is shown as is, without local filtering on the label.
    await user.click(screen.getByRole('option', { name: 'Marie Bamba' }));
    expect(input).toHaveValue('Marie Bamba');
    // The search resets once chosen, yet the label stays though the options no longer hold it.
    await waitFor(() => expect(searches.at(-1)).toBe(''));
    expect(input).toHaveValue('Marie Bamba');
  });

  it('shows its error, linked to the input', () => {
    render(
      <Combobox
        label="Fidèle"
        options={faithful}
        value={null}
        onChange={() => {}}
        error="Veuillez sélectionner une entité"
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Fidèle' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Veuillez sélectionner une entité');
  });
});
