import { zodResolver } from '@hookform/resolvers/zod';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Button } from '@/shared/ui/button';
import { CheckboxField } from '@/shared/ui/checkbox-field';
import { DateField } from '@/shared/ui/date-field';
import { FormError } from '@/shared/ui/form-error';
import { MoneyField } from '@/shared/ui/money-field';
import { NumberField } from '@/shared/ui/number-field';
import { TextAreaField } from '@/shared/ui/textarea-field';
import { TextField } from '@/shared/ui/text-field';
import { TimeField } from '@/shared/ui/time-field';

const REQUIRED = 'Ce champ est requis.';
const schema = z.object({
  description: z.string().trim().min(1, REQUIRED),
  notes: z.string().max(10, '10 caractères au plus'),
  quantity: z.string().regex(/^\d+$/, 'Format non valide.'),
  amount: z.coerce.number().min(1, 'Le montant doit être au moins 1.'),
  made: z.string().min(1, REQUIRED),
  made_time: z.string().regex(/^\d{2}:\d{2}(:\d{2})?$/, "Format d'heure invalide (HH:MM)"),
  anonymous: z.boolean().refine((value) => value, 'Cochez la case.'),
});
type Values = z.input<typeof schema>;

function ExpenseForm({ onValid }: { onValid: (values: z.output<typeof schema>) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      description: '',
      notes: '',
      quantity: '',
      amount: '',
      made: '',
      made_time: '',
      anonymous: false,
    },
  });
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate>
      <TextField
        label="Description"
        required
        hint="Ce que la dépense couvre"
        error={errors.description}
        {...register('description')}
      />
      <TextAreaField label="Notes" error={errors.notes} {...register('notes')} />
      <NumberField label="Quantité" error={errors.quantity?.message} {...register('quantity')} />
      <MoneyField label="Montant" error={errors.amount} {...register('amount')} />
      <DateField label="Date" error={errors.made} {...register('made')} />
      <TimeField label="Heure" error={errors.made_time} {...register('made_time')} />
      <CheckboxField label="Anonyme" error={errors.anonymous} {...register('anonymous')} />
      <Button type="submit">Enregistrer</Button>
    </form>
  );
}

describe('form fields', () => {
  it("show zod's messages, tied to their inputs, and no error before submitting", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<ExpenseForm onValid={onValid} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Notes'), 'beaucoup trop long');
    await user.type(screen.getByLabelText('Quantité'), '1.5');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const description = screen.getByRole('textbox', { name: /Description/ });
    expect(description).toHaveAttribute('aria-invalid', 'true');
    expect(description).toHaveAttribute('aria-required', 'true');
    expect(description).toHaveAccessibleDescription(`Ce que la dépense couvre ${REQUIRED}`);
    expect(screen.getByLabelText('Notes')).toHaveAccessibleDescription('10 caractères au plus');
    expect(screen.getByLabelText('Quantité')).toHaveAccessibleDescription('Format non valide.');
    expect(screen.getByLabelText('Montant')).toHaveAccessibleDescription('Le montant doit être au moins 1.');
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription(REQUIRED);
    expect(screen.getByLabelText('Heure')).toHaveAccessibleDescription("Format d'heure invalide (HH:MM)");
    expect(screen.getByLabelText('Anonyme')).toHaveAccessibleDescription('Cochez la case.');
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(REQUIRED);
    expect(onValid).not.toHaveBeenCalled();
  });

  it('pass the typed values to react-hook-form', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<ExpenseForm onValid={onValid} />);
    await user.type(screen.getByLabelText(/Description/), 'Chaises');
    await user.type(screen.getByLabelText('Quantité'), '3');
    await user.type(screen.getByLabelText('Montant'), '12500');
    await user.type(screen.getByLabelText('Date'), '2026-03-05');
    // jsdom mangles time inputs typed key by key; a picked time arrives as one change.
    fireEvent.change(screen.getByLabelText('Heure'), { target: { value: '10:30:00' } });
    await user.click(screen.getByLabelText('Anonyme'));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onValid).toHaveBeenCalledWith(
      expect.objectContaining({
        description: 'Chaises',
        quantity: '3',
        amount: 12500,
        made: '2026-03-05',
        made_time: '10:30:00',
        anonymous: true,
      }),
      expect.anything(),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('set the limits of dates, times and amounts', () => {
    render(<ExpenseForm onValid={() => {}} />);
    expect(screen.getByLabelText('Date')).toHaveAttribute('min', '1900-01-01');
    expect(screen.getByLabelText('Heure')).toHaveAttribute('step', '1');
    expect(screen.getByLabelText('Montant')).toHaveAttribute('step', '1');
    expect(screen.getByText('F CFA')).toBeInTheDocument();
  });
});

describe('FormError', () => {
  it('announces a form-level error and renders nothing without one', () => {
    const { rerender } = render(<FormError message={null} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(<FormError message="Identifiant ou mot de passe incorrect." />);
    expect(screen.getByRole('alert')).toHaveTextContent('Identifiant ou mot de passe incorrect.');
  });
});
