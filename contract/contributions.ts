import { z } from 'zod';
import { isCalendarDate, moneyDateProblem } from './dates';
import { limitParam, listMetaSchema, MAX_ID, pageParam, searchParam, sortParams } from './common';
import { JOURNAL_TYPES } from './accounts';
import {
  CONTRIBUTION_ENTITY_TYPES,
  CONTRIBUTION_MESSAGES,
  CONTRIBUTION_SORTS,
  CONTRIBUTION_STATUSES,
  CONTRIBUTION_TYPES,
  type ContributionStatus,
  type ContributionType,
  MAX_CONTRIBUTION_AMOUNT,
} from './values/contributions';
export * from './values/contributions';

const idSchema = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

const optionalId = z.coerce
  .number({ error: 'Identifiant invalide.' })
  .int('Identifiant invalide.')
  .positive('Identifiant invalide.')
  .max(MAX_ID, 'Identifiant invalide.')
  .optional();

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, CONTRIBUTION_MESSAGES.dateInvalid)
  .refine(isCalendarDate, CONTRIBUTION_MESSAGES.dateInvalid);

const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { error: 'Valeur invalide.' })
  .transform((value) => value === 'true' || value === '1')
  .optional();

/** GET /contributions: one list, whose scope is an entity, a faithful, the accountant's churches or mine. */
export const contributionListQuerySchema = z.object({
  entity_type: z.enum(CONTRIBUTION_ENTITY_TYPES, { error: "Type d'entité non supporté" }).optional(),
  entity_id: optionalId,
  /** one faithful's contributions (fideles/{id}/contributions) */
  user_id: optionalId,
  /** the contributions of the churches the external accountant manages */
  managed: booleanFlag,
  /** the signed-in user's own contributions (/mes-contributions) */
  mine: booleanFlag,
  from_date: dateOnly.optional(),
  to_date: dateOnly.optional(),
  type: z.enum(CONTRIBUTION_TYPES, { error: 'Type de contribution invalide.' }).optional(),
  status: z.enum(CONTRIBUTION_STATUSES, { error: 'Statut invalide.' }).optional(),
  receipt_account_id: optionalId,
  payment_account_id: optionalId,
  /** receipt number or contributor name */
  search: searchParam,
  page: pageParam,
  limit: limitParam(1000, 20),
  ...sortParams(CONTRIBUTION_SORTS),
});
export type ContributionListQuery = z.input<typeof contributionListQuerySchema>;

/** The filters of a list of contributions, besides its scope and its page. */
export type ContributionFilters = {
  from_date?: string;
  to_date?: string;
  type?: ContributionType;
  status?: ContributionStatus;
  receipt_account_id?: number;
  payment_account_id?: number;
  user_id?: number;
  search?: string;
};

const accountRefSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const contributionSchema = z.object({
  id: z.number().int(),
  entity_type: z.enum(CONTRIBUTION_ENTITY_TYPES),
  entity_id: z.number().int(),
  entity_name: z.string(),
  /** null when anonymous or when the giver is not a member */
  contributor: z
    .object({
      id: z.number().int(),
      firstname: z.string(),
      lastname: z.string(),
      registration_number: z.string().nullable(),
    })
    .nullable(),
  is_anonymous: z.boolean(),
  type: z.enum(CONTRIBUTION_TYPES),
  amount: z.number().int(),
  occurred_at: z.string(),
  receipt_account: accountRefSchema,
  payment_account: accountRefSchema.extend({ journal_type: z.enum(JOURNAL_TYPES).nullable() }),
  notes: z.string().nullable(),
  receipt_number: z.string(),
  public_id: z.string(),
  status: z.enum(CONTRIBUTION_STATUSES),
  cancelled_at: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  /** the giver's name when they are not a member (a guest's online gift); null otherwise */
  giver_name: z.string().nullish(),
  /** an online gift (decision 0043: 'En ligne'): the provider's reference and the operator; null otherwise */
  online: z.object({ reference: z.string(), operator: z.string().nullable() }).nullish(),
});
export type Contribution = z.infer<typeof contributionSchema>;

export const contributionTotalsSchema = z.object({
  /** valid contributions of the filtered set (cancelled ones are not counted) */
  count: z.number().int(),
  amount: z.number().int(),
  by_type: z.array(
    z.object({ type: z.enum(CONTRIBUTION_TYPES), count: z.number().int(), amount: z.number().int() }),
  ),
});
export type ContributionTotals = z.infer<typeof contributionTotalsSchema>;

export const contributionListSchema = z.object({
  data: z.array(contributionSchema),
  meta: listMetaSchema,
  totals: contributionTotalsSchema,
});
export type ContributionList = z.infer<typeof contributionListSchema>;

export const contributionAnswerSchema = z.object({ data: contributionSchema });

/** POST /contributions */
export const createContributionBodySchema = z.object({
  entity_type: z.enum(CONTRIBUTION_ENTITY_TYPES, { error: "Type d'entité non supporté" }),
  entity_id: idSchema(CONTRIBUTION_MESSAGES.entityRequired),
  /** the contributor, a faithful of the entity; null/absent with is_anonymous */
  user_id: z
    .number({ error: CONTRIBUTION_MESSAGES.contributorRequired })
    .int(CONTRIBUTION_MESSAGES.contributorRequired)
    .positive(CONTRIBUTION_MESSAGES.contributorRequired)
    .max(MAX_ID, CONTRIBUTION_MESSAGES.contributorRequired)
    .nullish(),
  is_anonymous: z.boolean({ error: 'Valeur invalide.' }).default(false),
  type: z.enum(CONTRIBUTION_TYPES, { error: CONTRIBUTION_MESSAGES.typeRequired }),
  amount: z
    .number({ error: CONTRIBUTION_MESSAGES.amountRequired })
    .int(CONTRIBUTION_MESSAGES.amountPositive)
    .positive(CONTRIBUTION_MESSAGES.amountPositive)
    .max(MAX_CONTRIBUTION_AMOUNT, CONTRIBUTION_MESSAGES.amountMax),
  /** ISO date-time ('2026-11-21T10:30' or with seconds and offset); without offset: UTC (Abidjan) */
  occurred_at: z
    .string({ error: CONTRIBUTION_MESSAGES.dateRequired })
    .trim()
    .min(1, CONTRIBUTION_MESSAGES.dateRequired)
    .regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/,
      CONTRIBUTION_MESSAGES.dateInvalid,
    )
    // a real calendar date, not before 1900, not after today in Africa/Abidjan (contract/dates.ts)
    .superRefine((value, ctx) => {
      const [, hh, mm] = /T(\d{2}):(\d{2})/.exec(value) ?? [];
      if (Number(hh) > 23 || Number(mm) > 59) {
        ctx.addIssue({ code: 'custom', message: CONTRIBUTION_MESSAGES.timeInvalid });
        return;
      }
      const problem = moneyDateProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  receipt_account_id: idSchema(CONTRIBUTION_MESSAGES.receiptAccountRequired),
  payment_account_id: idSchema(CONTRIBUTION_MESSAGES.paymentAccountRequired),
  notes: z.string().trim().max(500, CONTRIBUTION_MESSAGES.notesTooLong).nullish(),
});
export type CreateContributionBody = z.input<typeof createContributionBodySchema>;

export const cancelContributionBodySchema = z
  .object({ reason: z.string().trim().max(500, 'Le motif ne doit pas dépasser 500 caractères.').nullish() })
  .default({});

/** GET /receipts/{publicId}: what anyone holding the QR code may see, nothing more. */
export const publicReceiptSchema = z.object({
  receipt_number: z.string(),
  entity_name: z.string(),
  occurred_at: z.string(),
  amount: z.number().int(),
  type: z.enum(CONTRIBUTION_TYPES),
  status: z.enum(CONTRIBUTION_STATUSES),
  /** 'K**** A.' or 'Anonyme' */
  contributor: z.string(),
});
export type PublicReceipt = z.infer<typeof publicReceiptSchema>;
export const publicReceiptAnswerSchema = z.object({ data: publicReceiptSchema });
export const publicIdParamSchema = z.object({ publicId: z.string() });

/** GET /contributions/summary: the signed-in member's giving by year and by type. */
export const contributionSummarySchema = z.object({
  data: z.object({
    total: z.object({ count: z.number().int(), amount: z.number().int() }),
    by_year: z.array(
      z.object({
        year: z.number().int(),
        count: z.number().int(),
        amount: z.number().int(),
        by_type: z.array(
          z.object({ type: z.enum(CONTRIBUTION_TYPES), count: z.number().int(), amount: z.number().int() }),
        ),
      }),
    ),
  }),
});
export type ContributionSummary = z.infer<typeof contributionSummarySchema>['data'];

export const statementQuerySchema = z.object({
  year: z.coerce
    .number({ error: 'Année invalide.' })
    .int('Année invalide.')
    .min(1900, 'Année invalide.')
    .max(2999, 'Année invalide.'),
});

/** GET /contributions/statement?year=: the member's annual statement (the SPA prints it). */
export const contributionStatementSchema = z.object({
  data: z.object({
    year: z.number().int(),
    member: z.object({
      firstname: z.string(),
      lastname: z.string(),
      registration_number: z.string().nullable(),
      church_name: z.string().nullable(),
    }),
    lines: z.array(
      z.object({
        receipt_number: z.string(),
        occurred_at: z.string(),
        type: z.enum(CONTRIBUTION_TYPES),
        amount: z.number().int(),
        entity_name: z.string(),
        public_id: z.string(),
      }),
    ),
    by_type: z.array(
      z.object({ type: z.enum(CONTRIBUTION_TYPES), count: z.number().int(), amount: z.number().int() }),
    ),
    total: z.number().int(),
    generated_at: z.string(),
  }),
});
export type ContributionStatement = z.infer<typeof contributionStatementSchema>['data'];

/** GET /contributions/receipt-accounts: the level's receipt accounts ('comptes de recettes') and totals. */
export const receiptAccountsQuerySchema = z.object({
  entity_type: z.enum(CONTRIBUTION_ENTITY_TYPES, { error: "Type d'entité non supporté" }),
  entity_id: idSchema('Entité invalide.'),
  from_date: dateOnly.optional(),
  to_date: dateOnly.optional(),
});
export const receiptAccountTotalsSchema = z.object({
  data: z.array(
    accountRefSchema.extend({
      count: z.number().int(),
      amount: z.number().int(),
      last_at: z.string().nullable(),
    }),
  ),
  total: z.object({ count: z.number().int(), amount: z.number().int() }),
});
export type ReceiptAccountTotals = z.infer<typeof receiptAccountTotalsSchema>;
