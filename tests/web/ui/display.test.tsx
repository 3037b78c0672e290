import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Badge } from '@/shared/ui/badge';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { EmptyState } from '@/shared/ui/empty-state';
import { LogoLoader } from '@/shared/ui/logo-loader';
import { Money } from '@/shared/ui/money';
import { PageSection } from '@/shared/ui/page-section';
import { ProgressBar } from '@/shared/ui/progress-bar';
import { Spinner } from '@/shared/ui/spinner';

const plain = (text: string | null) => text?.replace(/[\u202f\u00a0]/g, ' ');

describe('Money', () => {
  it("reads '12 500 F CFA', or '12 500' without the suffix", () => {
    const { container, rerender } = render(<Money amount={12500} />);
    expect(plain(container.textContent)).toBe('12 500 F CFA');
    rerender(<Money amount={12500} suffix={false} />);
    expect(plain(container.textContent)).toBe('12 500');
  });
});

describe('Badge', () => {
  it('shows its label in the chosen tone', () => {
    render(
      <>
        <Badge tone="green">Validée</Badge>
        <Badge>En attente</Badge>
      </>,
    );
    expect(screen.getByText('Validée')).toHaveClass('bg-green-50');
    expect(screen.getByText('En attente')).toHaveClass('bg-slate-100');
  });

  it.each(['gray', 'pink', 'green', 'red', 'amber', 'blue'] as const)(
    'has a distinct look for %s',
    (tone) => {
      render(<Badge tone={tone}>Statut</Badge>);
      expect(screen.getByText('Statut')).toHaveAttribute('data-tone', tone);
      expect(screen.getByText('Statut').className).toMatch(tone === 'gray' ? /slate/ : new RegExp(tone));
    },
  );
});

describe('EmptyState', () => {
  it('shows a title, a text and an action', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <EmptyState
        icon={<span>⌀</span>}
        title="Aucune activité trouvée"
        text="Créez la première activité de l'église."
        action={<Button onClick={onClick}>Nouvelle activité</Button>}
      />,
    );
    expect(screen.getByText('Aucune activité trouvée')).toBeInTheDocument();
    expect(screen.getByText("Créez la première activité de l'église.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Nouvelle activité' }));
    expect(onClick).toHaveBeenCalled();
  });
});

describe('Card and PageSection', () => {
  it('name their content', () => {
    render(
      <PageSection title="Dépenses" actions={<Button>Ajouter</Button>}>
        <Card title="Total">
          <Money amount={1000} />
        </Card>
      </PageSection>,
    );
    expect(screen.getByRole('region', { name: 'Dépenses' })).toContainElement(
      screen.getByRole('heading', { level: 3, name: 'Total' }),
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Dépenses' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Total' })).toHaveTextContent(/1\s000\sF\sCFA/);
  });
});

describe('Button, Spinner, LogoLoader, ProgressBar', () => {
  it('a loading button shows a spinner and cannot be clicked twice', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Enregistrer
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Enregistrer/ });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status', { name: 'Patientez' })).toBeInTheDocument();
    await user.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('a spinner is a labelled status, with its label shown on demand', () => {
    const { rerender } = render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Chargement' })).toBeInTheDocument();
    rerender(<Spinner label="Patientez" showLabel />);
    expect(screen.getByRole('status')).toHaveTextContent('Patientez');
  });

  it('the logo loader says it is loading', () => {
    render(<LogoLoader />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement…');
  });

  it('a progress bar clamps its value', () => {
    render(<ProgressBar value={140} label="Envoi" />);
    expect(screen.getByRole('progressbar', { name: 'Envoi' })).toHaveAttribute('aria-valuenow', '100');
  });
});
