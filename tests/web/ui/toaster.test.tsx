import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '@/shared/ui/toast';
import { AppToaster } from '@/shared/ui/toaster';

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
  vi.useRealTimers();
});

describe('AppToaster and notify', () => {
  it('shows a success, an error and an info toast', async () => {
    render(<AppToaster />);
    act(() => {
      notify.success('Dépense marquée comme vérifiée.');
      notify.error("Une erreur s'est produite");
      notify.info('Synchronisation en cours');
    });
    expect(await screen.findByText('Dépense marquée comme vérifiée.')).toBeInTheDocument();
    expect(screen.getByText("Une erreur s'est produite")).toBeInTheDocument();
    expect(screen.getByText('Synchronisation en cours')).toBeInTheDocument();
  });

  it('closes a toast with a French close button', async () => {
    const user = userEvent.setup();
    render(<AppToaster />);
    act(() => {
      notify.info('Permission accordée avec succès');
    });
    await screen.findByText('Permission accordée avec succès');
    await user.click(screen.getByRole('button', { name: 'Fermer la notification' }));
    await waitFor(() =>
      expect(screen.queryByText('Permission accordée avec succès')).not.toBeInTheDocument(),
    );
  });

  it('keeps up to 20 toasts on screen', async () => {
    render(<AppToaster />);
    act(() => {
      for (let i = 1; i <= 22; i += 1) notify.info(`Message ${i}`);
    });
    await screen.findByText('Message 22');
    const shown = screen
      .getAllByText(/^Message \d+$/)
      .filter((node) => node.closest('[data-visible="true"]'));
    expect(shown).toHaveLength(20);
  });

  it('lets a success go after 2 s, an info after 4 s, an error after 6 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    render(<AppToaster />);
    act(() => {
      notify.success('Succès');
      notify.info('Information');
      notify.error('Échec');
    });
    await screen.findByText('Succès');
    const gone = (text: string) => waitFor(() => expect(screen.queryByText(text)).not.toBeInTheDocument());

    await act(() => vi.advanceTimersByTimeAsync(2500));
    await gone('Succès');
    expect(screen.getByText('Information')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    await gone('Information');
    expect(screen.getByText('Échec')).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(2000));
    await gone('Échec');
  });
});
