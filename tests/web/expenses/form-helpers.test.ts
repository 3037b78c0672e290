import { describe, expect, it } from 'vitest';
import {
  emptyLine,
  lineFormSchema,
  requestFormDefaults,
  requestFormSchema,
  toCreateBody,
  toLinePayload,
} from '@/features/expenses/lib/expense-form';
import { plannedActivityLabel } from '@/features/expenses/lib/labels';
import { paymentDefaults, paymentFormSchema } from '@/features/expenses/lib/payment-form';

// The form helpers of the expense screens (SPEC.md sections 3 and 5): what is typed, the messages, what
// is sent.

type Issue = { path: PropertyKey[]; message: string };
const issues = (result: { success: boolean; error?: { issues: Issue[] } }) =>
  (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('expense line form', () => {
  it('checks the recipient per donation type', () => {
    const base = { ...emptyLine(), name: 'Don', quantity: '1', unit_price: '1000' };
    expect(issues(lineFormSchema.safeParse({ ...base, donation_type: 'individual' }))).toEqual([
      ['recipient_first_name', 'Le prénom est requis pour une personne physique'],
      ['recipient_last_name', 'Le nom est requis pour une personne physique'],
    ]);
    expect(
      issues(
        lineFormSchema.safeParse({
          ...base,
          donation_type: 'legal_entity',
          recipient_company_email: 'x@',
        }),
      ),
    ).toEqual([
      ['recipient_company_name', "Le nom de l'entreprise est requis pour une personne morale"],
      ['recipient_company_email', 'Format email invalide'],
    ]);
    expect(issues(lineFormSchema.safeParse({ ...base, donation_type: 'system_entity' }))).toEqual([
      ['recipient_entity_type', "Le type d'entité est requis"],
    ]);
    expect(
      issues(
        lineFormSchema.safeParse({
          ...base,
          donation_type: 'system_entity',
          recipient_entity_type: 'region',
        }),
      ),
    ).toEqual([['recipient_entity_id', "L'entité est requise"]]);
    expect(
      lineFormSchema.safeParse({
        ...base,
        donation_type: 'system_entity',
        recipient_entity_type: 'national_office',
      }).success,
    ).toBe(true);
  });

  it('sends numbers, drops empty strings and the fields of other types', () => {
    expect(
      toLinePayload({
        ...emptyLine(),
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
      toLinePayload({
        ...emptyLine(),
        name: 'Papier',
        quantity: '1',
        unit_price: '10',
        notes: 'x',
        is_anonymous: true,
      }),
    ).toEqual({ name: 'Papier', quantity: 1, unit_price: 10, donation_type: 'none' });
    expect(
      toLinePayload({
        ...emptyLine(),
        name: 'Quote-part',
        quantity: '1',
        unit_price: '10',
        donation_type: 'system_entity',
        recipient_entity_type: 'national_office',
        recipient_entity_id: 4,
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
    ...requestFormDefaults(1),
    operation_account_id: 12,
    description: 'Fournitures',
    made: '2026-11-20',
    made_time: '09:05',
    expenses: [{ ...emptyLine(), name: 'Papier', quantity: '2', unit_price: '1500' }],
  };

  it('validates the time, the date and the required fields', () => {
    expect(issues(requestFormSchema.safeParse({ ...form, made_time: '9h05' }))).toEqual([
      ['made_time', "Format d'heure invalide (HH:MM)"],
    ]);
    expect(issues(requestFormSchema.safeParse({ ...form, made: '1899-12-31' }))).toEqual([
      ['made', 'La date ne peut pas être antérieure au 01/01/1900.'],
    ]);
    expect(
      issues(requestFormSchema.safeParse({ ...form, operation_account_id: null, description: ' ' })),
    ).toEqual([
      ['operation_account_id', 'Ce champ est requis.'],
      ['description', 'Ce champ est requis.'],
    ]);
  });

  it('builds the POST /expense-requests body', () => {
    expect(
      toCreateBody(
        requestFormSchema.parse({ ...form, budget_line_id: null, planned_activity_id: 7 }),
        'CHURCH',
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
    const ok = {
      ...paymentDefaults(25_000),
      amount: '25000',
      date: '2026-11-20',
      payment_method: 'cash',
      payment_account_id: 3,
    };
    const parsed = schema.safeParse(ok);
    expect(parsed.success && parsed.data.time).toBe('10:30:00');
    expect(issues(schema.safeParse({ ...ok, amount: '25001' }))).toEqual([
      ['amount', 'Le montant ne peut pas être supérieur à 25000.'],
    ]);
    expect(issues(schema.safeParse({ ...ok, amount: '0' }))).toEqual([
      ['amount', 'Le montant doit être au moins 1.'],
    ]);
    expect(issues(schema.safeParse({ ...ok, amount: '' }))).toEqual([['amount', 'Ce champ est requis.']]);
    expect(
      issues(schema.safeParse({ ...ok, time: '25:00', payment_method: '', date: '1800-01-01' })),
    ).toEqual([
      ['date', 'La date ne peut pas être antérieure au 01/01/1900.'],
      ['time', "Format d'heure invalide (HH:MM ou HH:MM:SS)"],
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
