import { z } from 'zod';
import {
  DONATION_FIELDS,
  DONATION_TYPES,
  EARLIEST_DATE,
  EXPENSE_MESSAGES as M,
  RECIPIENT_ENTITY_TYPES,
  checkDonationFields,
} from '@contract/values/expenses';
import type {
  CreateExpenseRequestBody,
  DonationType,
  ExpenseEntityType,
  ExpenseLine,
  ExpenseLineBody,
  RecipientEntityType,
} from '@contract/expenses';
import { EXPENSE_MESSAGES as SCREEN_MESSAGES } from './messages';

/**
 * What the user types in the add-expense screen and the line dialog (SPEC.md sections 3 and 5), and
 * the mapping to what is sent. The form keeps what is typed (strings); the wire gets numbers, only
 * the fields of the line's donation type (the contract's `DONATION_FIELDS`), and no empty optional
 * string. The per-type rules are the contract's `checkDonationFields`, shared with the server.
 */

/** HH:MM, 24 h; the seconds the time input may add (step 1 s) are accepted too. */
const MADE_TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
const WHOLE = /^\d+$/;

/** A whole number typed in a field: required, then digits only. */
const wholeNumber = z.string().trim().min(1, M.required).regex(WHOLE, M.invalidFormat);

export const lineFormSchema = z
  .object({
    name: z.string().trim().min(1, M.required).max(200, M.textTooLong),
    quantity: wholeNumber,
    unit_price: wholeNumber,
    donation_type: z.enum(DONATION_TYPES),
    is_anonymous: z.boolean(),
    notes: z.string(),
    recipient_first_name: z.string(),
    recipient_last_name: z.string(),
    recipient_phone: z.string(),
    recipient_address: z.string(),
    recipient_company_name: z.string(),
    recipient_registration_number: z.string(),
    recipient_tax_id: z.string(),
    recipient_company_address: z.string(),
    recipient_company_phone: z.string(),
    recipient_company_email: z.string(),
    recipient_entity_type: z.union([z.enum(RECIPIENT_ENTITY_TYPES), z.literal('')]),
    recipient_entity_id: z.number().int().positive().nullable(),
  })
  .superRefine(checkDonationFields);
export type LineFormValues = z.infer<typeof lineFormSchema>;

export const emptyLine = (): LineFormValues => ({
  name: '',
  quantity: '0',
  unit_price: '0',
  donation_type: 'none',
  is_anonymous: false,
  notes: '',
  recipient_first_name: '',
  recipient_last_name: '',
  recipient_phone: '',
  recipient_address: '',
  recipient_company_name: '',
  recipient_registration_number: '',
  recipient_tax_id: '',
  recipient_company_address: '',
  recipient_company_phone: '',
  recipient_company_email: '',
  recipient_entity_type: '',
  recipient_entity_id: null,
});

/** A date typed in a date input: required, YYYY-MM-DD, not before 1900-01-01. */
export const formDate = z
  .string()
  .min(1, M.required)
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateInvalid)
  .refine((value) => value >= EARLIEST_DATE, M.dateTooOld);

export const requestFormSchema = z.object({
  made: formDate,
  made_time: z.string().regex(MADE_TIME, SCREEN_MESSAGES.timeInvalid),
  operation_account_id: z
    .number()
    .int()
    .nullable()
    .refine((value) => value !== null, M.required),
  description: z.string().trim().min(1, M.required).max(2000, M.textTooLong),
  status: z.literal('approval_pending'),
  budget_line_id: z.number().int().positive().nullable(),
  planned_activity_id: z.number().int().positive().nullable(),
  /** the church an accountant chose (one they manage); the Level's entity elsewhere */
  entity_id: z
    .number()
    .int()
    .nullable()
    .refine((value) => value !== null, M.required),
  expenses: z.array(lineFormSchema).min(1, M.linesRequired),
});
export type RequestFormValues = z.input<typeof requestFormSchema>;
export type RequestFormOutput = z.output<typeof requestFormSchema>;

const pad = (n: number) => String(n).padStart(2, '0');

/** Today 'YYYY-MM-DD' and now 'HH:MM' on the device's clock. */
export function nowParts(now = new Date()): { date: string; time: string } {
  return {
    date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    time: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
  };
}

export function requestFormDefaults(entityId: number | null, now = new Date()): RequestFormValues {
  const { date, time } = nowParts(now);
  return {
    made: date,
    made_time: time,
    operation_account_id: null,
    description: '',
    status: 'approval_pending',
    budget_line_id: null,
    planned_activity_id: null,
    entity_id: entityId,
    expenses: [emptyLine()],
  };
}

/** 'HH:MM' or 'HH:MM:SS' as 'HH:MM:SS'. */
export const fullTime = (time: string) => (time.length === 5 ? `${time}:00` : time);

/**
 * A date and a time as typed, as an ISO instant. The users' time zone is Africa/Abidjan (UTC, no
 * daylight saving): the contract reads these as UTC, like the server's journals.
 */
export function toIsoDateTime(date: string, time: string): string {
  return new Date(`${date}T${fullTime(time)}Z`).toISOString();
}

/** A line as sent: numbers parsed, only the fields of its donation type, empty strings absent. */
export function toLinePayload(line: LineFormValues): ExpenseLineBody {
  const type = line.donation_type ?? 'none';
  const body: ExpenseLineBody = {
    name: line.name.trim(),
    quantity: Number(String(line.quantity).trim()),
    unit_price: Number(String(line.unit_price).trim()),
    donation_type: type,
  };
  const out = body as Record<string, unknown>;
  for (const key of DONATION_FIELDS[type]) {
    const value = (line as Record<string, unknown>)[key];
    if (key === 'is_anonymous') {
      out.is_anonymous = value === true;
    } else if (key === 'recipient_entity_id') {
      if (
        value !== undefined &&
        value !== null &&
        String(value).trim() !== '' &&
        line.recipient_entity_type !== 'national_office'
      )
        out.recipient_entity_id = Number(value);
    } else if (typeof value === 'string' && value.trim() !== '') {
      out[key] = value.trim();
    }
  }
  return body;
}

export function toCreateBody(
  form: RequestFormOutput,
  entityType: ExpenseEntityType,
): CreateExpenseRequestBody {
  return {
    status: 'approval_pending',
    description: form.description.trim(),
    expenses: form.expenses.map(toLinePayload),
    operation_account_id: form.operation_account_id,
    budget_line_id: form.budget_line_id,
    planned_activity_id: form.planned_activity_id,
    entity_type: entityType,
    entity_id: form.entity_id,
    made_at: toIsoDateTime(form.made, form.made_time),
  };
}

/** A line of the API back into the form (to edit it). */
export function lineToForm(line: ExpenseLine): LineFormValues {
  const str = (value: string | number | null | undefined) =>
    value === null || value === undefined ? '' : String(value);
  return {
    name: line.name,
    quantity: str(line.quantity),
    unit_price: str(line.unit_price),
    donation_type: line.donation_type as DonationType,
    is_anonymous: line.is_anonymous,
    notes: str(line.notes),
    recipient_first_name: str(line.recipient_first_name),
    recipient_last_name: str(line.recipient_last_name),
    recipient_phone: str(line.recipient_phone),
    recipient_address: str(line.recipient_address),
    recipient_company_name: str(line.recipient_company_name),
    recipient_registration_number: str(line.recipient_registration_number),
    recipient_tax_id: str(line.recipient_tax_id),
    recipient_company_address: str(line.recipient_company_address),
    recipient_company_phone: str(line.recipient_company_phone),
    recipient_company_email: str(line.recipient_company_email),
    recipient_entity_type: (line.recipient_entity_type ?? '') as RecipientEntityType | '',
    recipient_entity_id: line.recipient_entity_id,
  };
}
