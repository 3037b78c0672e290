import { z } from 'zod';
import { entityRefSchema, listQuerySchema, listSchema, MAX_ID } from './common';

/** Level of the entity a department (activity group) hangs on. */
export const DEPARTMENT_ENTITY_TYPES = ['NATIONAL_OFFICE', 'REGION', 'SECTION', 'CHURCH'] as const;

export const nationalOfficeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  regions_count: z.number().int(),
  sections_count: z.number().int(),
  churches_count: z.number().int(),
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
  created_at: z.iso.datetime(),
});
export type Region = z.infer<typeof regionSchema>;

export const sectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  region_id: z.number().int(),
  region: entityRefSchema,
  churches_count: z.number().int(),
  created_at: z.iso.datetime(),
});
export type Section = z.infer<typeof sectionSchema>;

export const churchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  section_id: z.number().int(),
  section: entityRefSchema,
  region: entityRefSchema,
  nationalOffice: entityRefSchema,
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

export const regionListQuerySchema = listQuerySchema.extend({
  national_office_id: optionalId('Bureau national invalide.'),
});
export const sectionListQuerySchema = listQuerySchema.extend({
  region_id: optionalId('Région invalide.'),
});
export const churchListQuerySchema = listQuerySchema.extend({
  section_id: optionalId('Section invalide.'),
  region_id: optionalId('Région invalide.'),
});
export const departmentListQuerySchema = listQuerySchema.extend({
  entity_type: z
    .enum([...DEPARTMENT_ENTITY_TYPES, 'national_office', 'region', 'section', 'church'], {
      error: "Type d'entité non supporté",
    })
    .optional(),
  entity_id: optionalId('Entité invalide.'),
});

/** The messages of an organisation's name (issue 17): shown by the forms and the server alike. */
export const ORG_NAME_MESSAGES = {
  tooShort: 'Le nom doit contenir au moins 2 caractères.',
  tooLong: 'Le nom ne doit pas dépasser 150 caractères.',
  characters:
    "Le nom ne peut contenir que des lettres, des chiffres, des espaces et les signes ' ’ - . , ( ) & / °.",
  letters: 'Le nom doit contenir au moins 2 lettres.',
} as const;

/** The characters of a name: letters of any language, digits, spaces and a little punctuation. */
const NAME_CHARACTERS = /^[\p{L}\p{M}\d '’\-.,()&/°]+$/u;

/**
 * An organisation's name (national office, region, section, church): trimmed, 2 to 150 characters, letters, digits and a little punctuation only, at least 2 letters: no
 * `' OR 1=1--`, no `0000-00-00` (issue 17, finding 7).
 */
export const orgNameSchema = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(2, ORG_NAME_MESSAGES.tooShort)
    .max(150, ORG_NAME_MESSAGES.tooLong)
    .regex(NAME_CHARACTERS, ORG_NAME_MESSAGES.characters)
    .refine((value) => (value.match(/\p{L}/gu) ?? []).length >= 2, ORG_NAME_MESSAGES.letters);

const nameField = orgNameSchema;

const idField = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/** An optional free text; `label` starts the French messages ('La ville'). */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} doit être un texte.` })
    .trim()
    .max(max, `${label} ne doit pas dépasser ${max} caractères.`)
    .nullish()
    .transform((value) => (value ? value : null));

export const createRegionBodySchema = z.strictObject({
  name: nameField('Le nom de la région est requis.'),
  /** defaults to the signed-in user's national office, else the first one */
  national_office_id: idField('Le bureau national est invalide.').optional(),
});
export type CreateRegionBody = z.input<typeof createRegionBodySchema>;

export const createSectionBodySchema = z.strictObject({
  name: nameField('Le nom de la section est requis.'),
  region_id: idField('La région est requise.'),
});
export type CreateSectionBody = z.input<typeof createSectionBodySchema>;

export const createChurchBodySchema = z.strictObject({
  name: nameField("Le nom de l'église est requis."),
  section_id: idField('La section est requise.'),
  city: optionalText(100, 'La ville'),
  address: optionalText(250, "L'adresse"),
  phone: optionalText(30, 'Le téléphone'),
});
export type CreateChurchBody = z.input<typeof createChurchBodySchema>;
