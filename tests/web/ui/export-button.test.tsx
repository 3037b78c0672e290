import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { ExportButton } from '@/shared/ui/print';
import { AppToaster } from '@/shared/ui/toaster';

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

describe('ExportButton', () => {
  it('runs the export once, busy meanwhile, then is ready again', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => {};
    let calls = 0;
    const onExport = () => {
      calls += 1;
      return new Promise<void>((resolve) => {
        finish = resolve;
      });
    };
    render(<ExportButton onExport={onExport} />);
    const button = screen.getByRole('button', { name: /Exporter \(xlsx\)/ });
    await user.click(button);
    expect(button).toBeDisabled();
    await user.click(button);
    expect(calls).toBe(1);
    await act(async () => finish());
    expect(button).toBeEnabled();
  });

  it('tells a failed export in French: the server message, else the fallback', async () => {
    const user = userEvent.setup();
    render(
      <>
        <AppToaster />
        <ExportButton label="Exporter les candidats" onExport={() => Promise.reject(new Error(''))} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: /Exporter les candidats/ }));
    expect(await screen.findByText("Erreur lors de l'export")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Exporter les candidats/ })).toBeEnabled();
  });
});
