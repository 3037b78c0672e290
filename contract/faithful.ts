import { z } from 'zod';
import { entityRefSchema, listQuerySchema, listSchema, MAX_ID, sortParams } from './common';
import {
  birthDateProblem,
  EMAIL_PATTERN,
  FAITHFUL_MESSAGES,
  FAITHFUL_SORTS,
  GENDERS,
  normalizePhone,
  PHONE_PATTERN,
  REGISTRATION_PATTERN,
  TRANSFER_MESSAGES,
} from './values/faithful';
export * from './values/faithful';

/**
 * The faithful (church members as users, SPEC.md section 3 'User'): search, lists at every level,
 * create / edit, import from a spreadsheet, and transfers between churches.
 */

/** Absent, null and '' (after trimming) all mean "not given". */
const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
    ? null
    : typeof value === 'string'
      ? value.trim()
      : value;

const nameField = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(100, FAITHFUL_MESSAGES.nameTooLong);

export const phoneField = z.preprocess(
  blankToNull,
  z
    .string({ error: FAITHFUL_MESSAGES.phoneInvalid })
    .transform(normalizePhone)
    .refine((value) => PHONE_PATTERN.test(value), FAITHFUL_MESSAGES.phoneInvalid)
    .nullable(),
);

export const emailField = z.preprocess(
  blankToNull,
  z
    .string({ error: FAITHFUL_MESSAGES.emailInvalid })
    .max(150, FAITHFUL_MESSAGES.emailInvalid)
    .refine((value) => EMAIL_PATTERN.test(value), FAITHFUL_MESSAGES.emailInvalid)
    .transform((value) => value.toLowerCase())
    .nullable(),
);

export const registrationField = z.preprocess(
  blankToNull,
  z
    .string({ error: FAITHFUL_MESSAGES.registrationInvalid })
    .regex(REGISTRATION_PATTERN, FAITHFUL_MESSAGES.registrationInvalid)
    .transform((value) => value.toUpperCase())
    .nullable(),
);

export const genderField = z.preprocess(
  (value) => {
    const v = blankToNull(value);
    return typeof v === 'string' ? v.toUpperCase() : v;
  },
  z.enum(GENDERS, { error: FAITHFUL_MESSAGES.genderInvalid }).nullable(),
);

export const birthDateField = z.preprocess(
  (value) => {
    const v = blankToNull(value);
    // the French way of writing it (DD/MM/YYYY) is accepted too
    const french = typeof v === 'string' ? /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v) : null;
    return french ? `${french[3]}-${french[2]}-${french[1]}` : v;
  },
  z
    .string({ error: FAITHFUL_MESSAGES.birthDateInvalid })
    .superRefine((value, ctx) => {
      const problem = birthDateProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .nullable(),
);

export const addressField = z.preprocess(
  blankToNull,
  z.string({ error: FAITHFUL_MESSAGES.addressTooLong }).max(250, FAITHFUL_MESSAGES.addressTooLong).nullable(),
);

const idField = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

// ---------------------------------------------------------------- answers

/** One faithful in lists and searches (GET /users, GET /users/faithful). */
export const faithfulSummarySchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  /** null when not given: shown 'Non renseigné' */
  phone: z.string().nullable(),
  /** 'Matricule' */
  registration_number: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  church: entityRefSchema.nullable(),
  /** the section of the church (links to the church's pages in the leader spaces) */
  section_id: z.number().int().nullable(),
  created_at: z.iso.datetime(),
});
export type FaithfulSummary = z.infer<typeof faithfulSummarySchema>;

export const faithfulListSchema = listSchema(faithfulSummarySchema);
export type FaithfulList = z.infer<typeof faithfulListSchema>;

export const userRoleSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const transferStatusSchema = z.enum(['pending', 'accepted', 'rejected', 'cancelled']);
export type TransferStatus = z.infer<typeof transferStatusSchema>;

/** GET /users/{id}: SPEC.md section 3 'User', with the faithful's own fields and church hierarchy. */
export const userDetailSchema = faithfulSummarySchema.extend({
  birth_date: z.string().nullable(),
  address: z.string().nullable(),
  active: z.boolean(),
  section: entityRefSchema.nullable(),
  region: entityRefSchema.nullable(),
  nationalOffice: entityRefSchema.nullable(),
  roles: z.array(userRoleSchema),
  /** groups where the user holds a role */
  churches: z.array(entityRefSchema),
  sections: z.array(entityRefSchema),
  regions: z.array(entityRefSchema),
  nationalOffices: z.array(entityRefSchema),
  /** the pending transfer of this faithful, if any */
  pending_transfer: z
    .object({ id: z.number().int(), to_church: entityRefSchema, requested_at: z.iso.datetime() })
    .nullable(),
  /** transfers already decided or pending, newest first (history kept) */
  transfers: z.array(
    z.object({
      id: z.number().int(),
      from_church: entityRefSchema,
      to_church: entityRefSchema,
      status: transferStatusSchema,
      requested_at: z.iso.datetime(),
      decided_at: z.iso.datetime().nullable(),
    }),
  ),
  updated_at: z.iso.datetime(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;
export const userAnswerSchema = z.object({ data: userDetailSchema });

// ---------------------------------------------------------------- queries

/**
 * GET /users?search=&role=faithful&limit=20: the people search of the forms (contributor, member to
 * add). Only users of the churches the caller may see; `church_id` narrows to one church.
 */
export const userSearchQuerySchema = listQuerySchema.extend({
  role: z.enum(['faithful'], { error: 'Rôle invalide.' }).optional(),
  church_id: idField('Église invalide.').optional(),
});
export type UserSearchQuery = z.input<typeof userSearchQuerySchema>;

/** Levels a faithful list can be read at (departments have no faithful of their own). */
export const FAITHFUL_LEVELS = ['NATIONAL_OFFICE', 'REGION', 'SECTION', 'CHURCH'] as const;

/** GET /regions/{id}/faithful: a page of the region's faithful, searched and sorted. */
export const faithfulPageQuerySchema = listQuerySchema.extend(sortParams(FAITHFUL_SORTS));

/** GET /users/faithful: the faithful of a level (all visible ones without entity). */
export const faithfulListQuerySchema = listQuerySchema.extend({
  entity_type: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.trim().toUpperCase() : value),
      z.enum(FAITHFUL_LEVELS, { error: "Type d'entité non supporté" }),
    )
    .optional(),
  entity_id: idField('Entité invalide.').optional(),
  ...sortParams(FAITHFUL_SORTS),
});
export type FaithfulListQuery = z.input<typeof faithfulListQuerySchema>;

// ---------------------------------------------------------------- writes

/** Create and import: an absent optional field is stored as null. */
export const faithfulFieldsSchema = z.object({
  firstname: nameField(FAITHFUL_MESSAGES.firstnameRequired),
  lastname: nameField(FAITHFUL_MESSAGES.lastnameRequired),
  phone: phoneField.optional().transform((v) => v ?? null),
  email: emailField.optional().transform((v) => v ?? null),
  registration_number: registrationField.optional().transform((v) => v ?? null),
  gender: genderField.optional().transform((v) => v ?? null),
  birth_date: birthDateField.optional().transform((v) => v ?? null),
  address: addressField.optional().transform((v) => v ?? null),
});

/** POST /users/faithful */
export const createFaithfulBodySchema = faithfulFieldsSchema.extend({
  church_id: z
    .number({ error: FAITHFUL_MESSAGES.churchRequired })
    .int(FAITHFUL_MESSAGES.churchRequired)
    .positive(FAITHFUL_MESSAGES.churchRequired)
    .max(MAX_ID, FAITHFUL_MESSAGES.churchRequired),
});
export type CreateFaithfulBody = z.input<typeof createFaithfulBodySchema>;

/**
 * PUT /users/{id}: the person's fields (the church changes through a transfer). An absent optional
 * field keeps its value; null or '' clears it.
 */
export const updateFaithfulBodySchema = z.object({
  firstname: nameField(FAITHFUL_MESSAGES.firstnameRequired),
  lastname: nameField(FAITHFUL_MESSAGES.lastnameRequired),
  phone: phoneField.optional(),
  email: emailField.optional(),
  registration_number: registrationField.optional(),
  gender: genderField.optional(),
  birth_date: birthDateField.optional(),
  address: addressField.optional(),
});
export type UpdateFaithfulBody = z.input<typeof updateFaithfulBodySchema>;

export const importRowSchema = z.object({
  /** line of the file (the header is line 1) */
  line: z.number().int(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  registration_number: z.string().nullable(),
  gender: z.string().nullable(),
  birth_date: z.string().nullable(),
  address: z.string().nullable(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ImportRow = z.infer<typeof importRowSchema>;

/** POST /users/faithful/imports answer: every row with its errors (a preview writes nothing). */
export const importReportSchema = z.object({
  dry_run: z.boolean(),
  church: entityRefSchema,
  total_rows: z.number().int(),
  valid_rows: z.number().int(),
  invalid_rows: z.number().int(),
  /** rows written (0 for a preview or a refused import) */
  imported: z.number().int(),
  rows: z.array(importRowSchema),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** 422 answer of a real import with invalid rows: nothing written, the report says why. */
export const importRejectedSchema = z.object({ message: z.string(), report: importReportSchema });

/** Query of POST /users/faithful/imports (multipart body: `file`, optional `mode`, `church_id`). */
export const importQuerySchema = z.object({
  church_id: idField(FAITHFUL_MESSAGES.churchRequired).optional(),
  dry_run: z
    .enum(['true', 'false', '1', '0'], { error: 'Valeur de dry_run invalide.' })
    .transform((value) => value === 'true' || value === '1')
    .optional(),
});

// ---------------------------------------------------------------- transfers

export const faithfulTransferSchema = z.object({
  id: z.number().int(),
  user: z.object({
    id: z.number().int(),
    firstname: z.string(),
    lastname: z.string(),
    registration_number: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  from_church: entityRefSchema,
  to_church: entityRefSchema,
  status: transferStatusSchema,
  reason: z.string().nullable(),
  requested_by: z.object({ id: z.number().int(), fullname: z.string() }).nullable(),
  requested_at: z.iso.datetime(),
  decided_by: z.object({ id: z.number().int(), fullname: z.string() }).nullable(),
  decided_at: z.iso.datetime().nullable(),
});
export type FaithfulTransfer = z.infer<typeof faithfulTransferSchema>;
export const faithfulTransferListSchema = listSchema(faithfulTransferSchema);
export const faithfulTransferAnswerSchema = z.object({ data: faithfulTransferSchema });

export const transferListQuerySchema = listQuerySchema.extend({
  direction: z.enum(['incoming', 'outgoing'], { error: 'Direction invalide (incoming ou outgoing).' }),
  church_id: idField('Église invalide.').optional(),
  status: transferStatusSchema.optional(),
});
export type TransferListQuery = z.input<typeof transferListQuerySchema>;

/** POST /faithful-transfers: move faithful of one church to another (pending until accepted). */
export const createTransferBodySchema = z.strictObject({
  user_ids: z
    .array(z.number({ error: TRANSFER_MESSAGES.usersRequired }).int().positive().max(MAX_ID), {
      error: TRANSFER_MESSAGES.usersRequired,
    })
    .min(1, TRANSFER_MESSAGES.usersRequired)
    .max(100, TRANSFER_MESSAGES.tooManyUsers),
  to_church_id: z
    .number({ error: TRANSFER_MESSAGES.destinationRequired })
    .int(TRANSFER_MESSAGES.destinationRequired)
    .positive(TRANSFER_MESSAGES.destinationRequired)
    .max(MAX_ID, TRANSFER_MESSAGES.destinationRequired),
  reason: z.preprocess(
    blankToNull,
    z.string().max(500, TRANSFER_MESSAGES.reasonTooLong).nullable().optional(),
  ),
});
export type CreateTransferBody = z.input<typeof createTransferBodySchema>;
export const createTransferAnswerSchema = z.object({ data: z.array(faithfulTransferSchema) });

/** GET /faithful-transfers/destinations?search=: any church may receive faithful (names only). */
export const transferDestinationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  section: entityRefSchema,
});
export const transferDestinationListSchema = z.object({ data: z.array(transferDestinationSchema) });
