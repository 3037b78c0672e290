import { z } from 'zod';
import { entityRefSchema, listQuerySchema, listSchema, MAX_ID, sortParams } from './common';
import { moneyDate } from './dates';
import {
  CHURCH_SORTS,
  NATIONAL_OFFICE_SORTS,
  ORG_MESSAGES,
  ORG_NAME_REQUIRED,
  REGION_SORTS,
  SECTION_SORTS,
} from './values/org';
export * from './values/org';

/** Level of the entity a department (activity group) hangs on. */
export const DEPARTMENT_ENTITY_TYPES = ['NATIONAL_OFFICE', 'REGION', 'SECTION', 'CHURCH'] as const;

/** Who leads an entity, read from the positions (SPEC.md section 6): the pastor, the representative... */
export const orgLeaderSchema = z.object({ id: z.number().int(), name: z.string(), role: z.string() });
export type OrgLeader = z.infer<typeof orgLeaderSchema>;

/** The contact fields and the archive mark of every level (docs/decisions/0022-org-admin.md). */
const orgContactShape = {
  city: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  /** set when the entity was archived (it had members or money and could not be deleted) */
  archived_at: z.iso.datetime().nullable(),
  /** the holder of the level's leading position, null when nobody holds it */
  leader: orgLeaderSchema.nullable(),
};

export const nationalOfficeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  regions_count: z.number().int(),
  sections_count: z.number().int(),
  churches_count: z.number().int(),
  ...orgContactShape,
  created_at: z.iso.datetime(),
});
export type NationalOffice = z.infer<typeof nationalOfficeSchema>;

export const regionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  national_office_id: z.number().int(),
  nationalOffice: entityRefSchema,
  sections_count: z.number().int(),
  churches_count: z.number().int(),
  ...orgContactShape,
  created_at: z.iso.datetime(),
});
export type Region = z.infer<typeof regionSchema>;

export const sectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  region_id: z.number().int(),
  region: entityRefSchema,
  churches_count: z.number().int(),
  ...orgContactShape,
  created_at: z.iso.datetime(),
});
export type Section = z.infer<typeof sectionSchema>;

export const churchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  section_id: z.number().int(),
  section: entityRefSchema,
  region: entityRefSchema,
  nationalOffice: entityRefSchema,
  ...orgContactShape,
  /** the effective date (YYYY-MM-DD) of the church's last move, null when it never moved: a new move must follow it */
  last_moved_on: z.string().nullable().optional(),
  created_at: z.iso.datetime(),
});
export type Church = z.infer<typeof churchSchema>;

/** A department, called activity group in some calls (`/activity-groups`, `/activity-groupes/{id}`). */
export const departmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  entity_type: z.enum(DEPARTMENT_ENTITY_TYPES),
  entity_id: z.number().int(),
  /** the national office, region, section or church the department belongs to */
  entity: entityRefSchema.nullable(),
  created_at: z.iso.datetime(),
});
export type Department = z.infer<typeof departmentSchema>;

export const nationalOfficeListSchema = listSchema(nationalOfficeSchema);
export const regionListSchema = listSchema(regionSchema);
export const sectionListSchema = listSchema(sectionSchema);
export const churchListSchema = listSchema(churchSchema);
export const departmentListSchema = listSchema(departmentSchema);

/** GET /national-office: the signed-in user's national office, else the first one (null when none). */
export const currentNationalOfficeAnswerSchema = z.object({ data: entityRefSchema.nullable() });

export const nationalOfficeAnswerSchema = z.object({ data: nationalOfficeSchema });
export const regionAnswerSchema = z.object({ data: regionSchema });
export const sectionAnswerSchema = z.object({ data: sectionSchema });
export const churchAnswerSchema = z.object({ data: churchSchema });
export const departmentAnswerSchema = z.object({ data: departmentSchema });

const optionalId = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message).optional();

/** Lists show the active entities unless asked: `archived=only` the archived ones, `all` both. */
export const ARCHIVED_FILTERS = ['exclude', 'only', 'all'] as const;
export type ArchivedFilter = (typeof ARCHIVED_FILTERS)[number];
const orgListQuerySchema = listQuerySchema.extend({
  archived: z.enum(ARCHIVED_FILTERS, { error: "Filtre d'archivage invalide." }).default('exclude'),
});
export const nationalOfficeListQuerySchema = orgListQuerySchema.extend({
  ...sortParams(NATIONAL_OFFICE_SORTS),
});

export const regionListQuerySchema = orgListQuerySchema.extend({
  national_office_id: optionalId('Bureau national invalide.'),
  ...sortParams(REGION_SORTS),
});
export const sectionListQuerySchema = orgListQuerySchema.extend({
  region_id: optionalId('Région invalide.'),
  ...sortParams(SECTION_SORTS),
});
export const churchListQuerySchema = orgListQuerySchema.extend({
  section_id: optionalId('Section invalide.'),
  region_id: optionalId('Région invalide.'),
  ...sortParams(CHURCH_SORTS),
});
export const departmentListQuerySchema = listQuerySchema.extend({
  entity_type: z
    .enum([...DEPARTMENT_ENTITY_TYPES, 'national_office', 'region', 'section', 'church'], {
      error: "Type d'entité non supporté",
    })
    .optional(),
  entity_id: optionalId('Entité invalide.'),
});

/**
 * The characters a name may hold: letters (accents included), digits, spaces (no tab or line break) and
 * - ' ’ . , ( ) & / °, starting with a letter or a digit: no `' OR 1=1--`, no `<script>` (decision 0014, section 7).
 */
const NAME_PATTERN = /^[\p{L}\p{M}\d][\p{L}\p{M}\d '’.,()&/°-]*$/u;

/**
 * The name of an entity: trimmed, 2 to 150 characters, letters, digits and a few signs, at least 2
 * letters (no `0000-00-00`); the forms use it too.
 */
export const orgNameField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(2, ORG_MESSAGES.nameShort)
    .max(150, ORG_MESSAGES.nameLong)
    .regex(NAME_PATTERN, ORG_MESSAGES.nameChars)
    .refine((value) => (value.match(/\p{L}/gu) ?? []).length >= 2, ORG_MESSAGES.nameLetters);

const idField = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** An optional free text; `label` starts the French messages ('La ville'). Empty means none (null). */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} doit être un texte.` })
    .trim()
    .max(max, `${label} ne doit pas dépasser ${max} caractères.`)
    .nullish()
    .transform((value) => (value ? value : null));

const optionalPhone = z
  .string({ error: ORG_MESSAGES.phone })
  .trim()
  .refine(
    (value) => value === '' || (/^\+?[\d\s().-]+$/.test(value) && /^(\D*\d){6,20}\D*$/.test(value)),
    ORG_MESSAGES.phone,
  )
  .nullish()
  .transform((value) => (value ? value : null));

const optionalEmail = z
  .string({ error: ORG_MESSAGES.email })
  .trim()
  .max(150, ORG_MESSAGES.email)
  .refine((value) => value === '' || z.email().safeParse(value).success, ORG_MESSAGES.email)
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null));

/** The contact fields of every level, optional: city, address, phone, e-mail ('' is none; forms too). */
export const orgContactFields = {
  city: optionalText(100, 'La ville'),
  address: optionalText(250, "L'adresse"),
  phone: optionalPhone,
  email: optionalEmail,
};

export const createNationalOfficeBodySchema = z.strictObject({
  name: orgNameField(ORG_NAME_REQUIRED.national_office),
  ...orgContactFields,
});
export type CreateNationalOfficeBody = z.input<typeof createNationalOfficeBodySchema>;

export const createRegionBodySchema = z.strictObject({
  name: orgNameField(ORG_NAME_REQUIRED.region),
  /** defaults to the signed-in user's national office, else the first one */
  national_office_id: idField('Le bureau national est invalide.').optional(),
  ...orgContactFields,
});
export type CreateRegionBody = z.input<typeof createRegionBodySchema>;

export const createSectionBodySchema = z.strictObject({
  name: orgNameField(ORG_NAME_REQUIRED.section),
  region_id: idField('La région est requise.'),
  ...orgContactFields,
});
export type CreateSectionBody = z.input<typeof createSectionBodySchema>;

export const createChurchBodySchema = z.strictObject({
  name: orgNameField(ORG_NAME_REQUIRED.church),
  section_id: idField('La section est requise.'),
  ...orgContactFields,
});
export type CreateChurchBody = z.input<typeof createChurchBodySchema>;

/**
 * PUT /{kind}/{id}: the name and the contact fields (the parent of a church changes through its move,
 * the parent of a region or a section does not change).
 */
export const updateOrgBodySchema = z.strictObject({
  name: orgNameField('Le nom est requis.'),
  ...orgContactFields,
});
export type UpdateOrgBody = z.input<typeof updateOrgBodySchema>;

/** POST /churches/{id}/move: the section the church moves to. */
export const moveChurchBodySchema = z.strictObject({
  section_id: idField('La section est requise.'),
  /**
   * The first day (YYYY-MM-DD, Africa/Abidjan) the church belongs to the new section; today when absent.
   * A real date, not in the future, after the church's last move (the moves form a chain, decision
   * 0027): the church's movements before it keep counting under the section it left.
   */
  effective_date: moneyDate(
    z
      .string({ error: "Date d'effet invalide." })
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Date d'effet invalide (AAAA-MM-JJ)."),
  ).optional(),
});
export type MoveChurchBody = z.input<typeof moveChurchBodySchema>;

/** DELETE /{kind}/{id}: deleted when nothing hangs on it, else archived. */
export const orgRemovalAnswerSchema = z.object({
  data: z.object({ id: z.number().int(), outcome: z.enum(['deleted', 'archived']), message: z.string() }),
});
export type OrgRemovalAnswer = z.infer<typeof orgRemovalAnswerSchema>;

/** GET /regions/{id}/churches: the region's churches (query of GET /churches, narrowed to the region). */
export const regionChurchesQuerySchema = orgListQuerySchema.extend({
  section_id: optionalId('Section invalide.'),
  ...sortParams(CHURCH_SORTS),
});
