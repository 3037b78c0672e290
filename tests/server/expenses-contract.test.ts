import { describe, expect, it } from 'vitest';
import {
  expenseLineFormSchema,
  expenseRequestFormSchema,
  paymentFormSchema,
  plannedActivityLabel,
  toCreateExpenseRequestBody,
  toExpenseLineBody,
} from '../../contract/expenses';

// The form helpers of contract/expenses.ts that the SPA uses (SPEC.md sections 3 and 5).

type Issue = { path: PropertyKey[]; message: string };
const issues = (result: { success: boolean; error?: { issues: Issue[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('expense line form', () => {
  it('gives one message per field: required first, then the format', () => {
    expect(issues(expenseLineFormSchema.safeParse({ name: '', quantity: '', unit_price: '1.5' }))).toEqual([
      ['name', 'Ce champ est requis.'],
      ['quantity', 'Ce champ est requis.'],
      ['unit_price', 'Format non valide.'],
    ]);
  });

  it('checks the recipient per donation type', () => {
    const base = { name: 'Don', quantity: '1', unit_price: '1000' };
    expect(issues(expenseLineFormSchema.safeParse({ ...base, donation_type: 'individual' }))).toEqual([
      ['recipient_first_name', 'Le prénom est requis pour une personne physique'],
      ['recipient_last_name', 'Le nom est requis pour une personne physique'],
    ]);
    expect(
      issues(
        expenseLineFormSchema.safeParse({
          ...base,
          donation_type: 'legal_entity',
          recipient_company_email: 'x@',
        }),
      ),
    ).toEqual([
      ['recipient_company_name', "Le nom de l'entreprise est requis pour une personne morale"],
      ['recipient_company_email', 'Format email invalide'],
    ]);
    expect(issues(expenseLineFormSchema.safeParse({ ...base, donation_type: 'system_entity' }))).toEqual([
      ['recipient_entity_type', "Le type d'entité est requis"],
    ]);
    expect(
      issues(
        expenseLineFormSchema.safeParse({
          ...base,
          donation_type: 'system_entity',
          recipient_entity_type: 'region',
        }),
      ),
    ).toEqual([['recipient_entity_id', "L'entité est requise"]]);
    expect(
      expenseLineFormSchema.safeParse({
        ...base,
        donation_type: 'system_entity',
        recipient_entity_type: 'national_office',
      }).success,
    ).toBe(true);
  });

  it('sends numbers, drops empty strings and the fields of other types', () => {
    expect(
      toExpenseLineBody({
        name: ' Don ',
        quantity: '2',
        unit_price: '3000',
        donation_type: 'legal_entity',
        is_anonymous: true,
        notes: '',
        recipient_first_name: 'Ignoré',
        recipient_company_name: 'SARL Lumière',
        recipient_company_email: ' contact@lumiere.ci ',
        recipient_tax_id: '  ',
      }),
    ).toEqual({
      name: 'Don',
      quantity: 2,
      unit_price: 3000,
      donation_type: 'legal_entity',
      is_anonymous: true,
      recipient_company_name: 'SARL Lumière',
      recipient_company_email: 'contact@lumiere.ci',
    });
    expect(
      toExpenseLineBody({ name: 'Papier', quantity: '1', unit_price: '10', notes: 'x', is_anonymous: true }),
    ).toEqual({ name: 'Papier', quantity: 1, unit_price: 10, donation_type: 'none' });
    expect(
      toExpenseLineBody({
        name: 'Quote-part',
        quantity: '1',
        unit_price: '10',
        donation_type: 'system_entity',
        recipient_entity_type: 'national_office',
        recipient_entity_id: '4',
        is_anonymous: true,
      }),
    ).toEqual({
      name: 'Quote-part',
      quantity: 1,
      unit_price: 10,
      donation_type: 'system_entity',
      recipient_entity_type: 'national_office',
    });
  });
});

describe('expense request form', () => {
  const form = {
    operationAccount: { label: 'Fournitures de bureau', value: 12 },
    description: 'Fournitures',
    made: '2026-11-20',
    made_time: '09:05',
    expenses: [{ name: 'Papier', quantity: '2', unit_price: '1500' }],
  };

  it('validates the time, the date and the required fields', () => {
    expect(issues(expenseRequestFormSchema.safeParse({ ...form, made_time: '9h05' }))).toEqual([
      ['made_time', "Format d'heure invalide (HH:MM)"],
    ]);
    expect(issues(expenseRequestFormSchema.safeParse({ ...form, made: '1899-12-31' }))).toEqual([
      ['made', 'La date ne peut pas être antérieure au 01/01/1900.'],
    ]);
    expect(
      issues(expenseRequestFormSchema.safeParse({ ...form, operationAccount: null, description: ' ' })),
    ).toEqual([
      ['operationAccount', 'Ce champ est requis.'],
      ['description', 'Ce champ est requis.'],
    ]);
  });

  it('builds the POST /expense-requests body', () => {
    expect(
      toCreateExpenseRequestBody(
        { ...form, budgetLine: null, activity: { label: 'Culte', value: '7' } },
        {
          entity_type: 'CHURCH',
          entity_id: 1,
        },
      ),
    ).toEqual({
      status: 'approval_pending',
      description: 'Fournitures',
      expenses: [{ name: 'Papier', quantity: 2, unit_price: 1500, donation_type: 'none' }],
      operation_account_id: 12,
      budget_line_id: null,
      planned_activity_id: 7,
      entity_type: 'CHURCH',
      entity_id: 1,
      made_at: '2026-11-20T09:05:00.000Z',
    });
  });
});

describe('payment form', () => {
  it('refuses more than the remaining amount, with the SPEC message', () => {
    const schema = paymentFormSchema(25_000);
    const ok = { amount: '25000', validated_at: '2026-11-20', payment_method: 'cash', payment_account_id: 3 };
    const parsed = schema.safeParse(ok);
    expect(parsed.success && parsed.data.validate_time).toBe('10:30:00');
    expect(issues(schema.safeParse({ ...ok, amount: '25001' }))).toEqual([
      ['amount', 'Le montant ne peut pas être supérieur à 25000.'],
    ]);
    expect(issues(schema.safeParse({ ...ok, amount: '0' }))).toEqual([
      ['amount', 'Le montant doit être au moins 1.'],
    ]);
    expect(issues(schema.safeParse({ ...ok, amount: '' }))).toEqual([['amount', 'Ce champ est requis.']]);
    expect(
      issues(
        schema.safeParse({ ...ok, validate_time: '25:00', payment_method: '', validated_at: '1800-01-01' }),
      ),
    ).toEqual([
      ['validated_at', 'La date ne peut pas être antérieure au 01/01/1900.'],
      ['validate_time', "Format d'heure invalide (HH:MM ou HH:MM:SS)"],
      ['payment_method', 'Veuillez choisir la méthode de paiement.'],
    ]);
  });
});

describe('planned activity label', () => {
  it("reads 'title - type (date)' or 'type (date)'", () => {
    const activity = {
      id: 1,
      title: 'Conférence des jeunes',
      planned_date: '2026-07-18',
      activityType: { id: 2, name: 'Conférence' },
    };
    expect(plannedActivityLabel(activity)).toBe('Conférence des jeunes - Conférence (18/07/2026)');
    expect(plannedActivityLabel({ ...activity, title: '' })).toBe('Conférence (18/07/2026)');
  });
});
