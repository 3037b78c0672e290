import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { Dialog } from '@/shared/ui/dialog';
import { TextField } from '@/shared/ui/text-field';

function EditDialog({ dismissible = true }: { dismissible?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Modifier</Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        dismissible={dismissible}
        title="Modifier la ligne"
        description="Les montants sont en F CFA."
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Annuler
            </Button>
            <Button>Enregistrer</Button>
          </>
        }
      >
        <TextField label="Libellé" />
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens with its title and description, and closes on Escape with focus back on the opener', async () => {
    const user = userEvent.setup();
    render(<EditDialog />);
    const opener = screen.getByRole('button', { name: 'Modifier' });
    await user.click(opener);

    const dialog = await screen.findByRole('dialog', { name: 'Modifier la ligne' });
    expect(dialog).toHaveAccessibleDescription('Les montants sont en F CFA.');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps the focus inside while tabbing', async () => {
    const user = userEvent.setup();
    render(<EditDialog />);
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    for (let i = 0; i < 6; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    for (let i = 0; i < 3; i += 1) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it("closes with the 'Fermer' button", async () => {
    const user = userEvent.setup();
    render(<EditDialog />);
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    await user.click(await screen.findByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open on Escape when not dismissible', async () => {
    const user = userEvent.setup();
    render(<EditDialog dismissible={false} />);
    await user.click(screen.getByRole('button', { name: 'Modifier' }));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fermer' })).not.toBeInTheDocument();
  });
});

describe('ConfirmDialog', () => {
  it('confirms with the given label and cancels', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Supprimer la ligne ?"
        message="Cette action est définitive."
        confirmLabel="Supprimer"
        danger
        onConfirm={onConfirm}
      />,
    );
    expect(await screen.findByRole('dialog', { name: 'Supprimer la ligne ?' })).toHaveAccessibleDescription(
      'Cette action est définitive.',
    );
    await user.click(screen.getByRole('button', { name: 'Supprimer' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows a spinner and cannot be dismissed while loading', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onOpenChange = vi.fn();
    render(
      <ConfirmDialog
        open
        loading
        onOpenChange={onOpenChange}
        title="Annuler la dépense ?"
        onConfirm={onConfirm}
      />,
    );
    const confirm = screen.getByRole('button', { name: /Confirmer/ });
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('status', { name: 'Patientez' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Annuler' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('spins while the promise of onConfirm runs', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ConfirmDialog open onOpenChange={() => {}} title="Valider ?" onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Confirmer' }));
    expect(screen.getByRole('button', { name: /Confirmer/ })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirmer' })).toBeEnabled());
  });
});
