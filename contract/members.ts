import { z } from 'zod';
import { personSchema } from './auth';
import {
  entityRefSchema,
  limitParam,
  listSchema,
  MAX_ID,
  pageParam,
  searchParam,
  sortParams,
} from './common';
import { ROLE_GROUPS } from './roles';
import { GROUP_MEMBER_SORTS, MEMBER_ROLE_FILTERS, REGION_MEMBERS_PAGE_SIZE } from './values/members';
export * from './values/members';

/**
 * Members of the offices (SPEC.md sections 2, 3, 6, 7): the users holding positions (roles) in a group
 * (national office, region, section, church), and everyone belonging to a group's area.
 */

const id = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

export const memberRoleSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** the group where the role is held (null for global roles: faithful, admin, external-accountant) */
  group: z.enum(ROLE_GROUPS).nullable(),
  group_id: z.number().int().nullable(),
});
export type MemberRole = z.infer<typeof memberRoleSchema>;

/** A member (SPEC.md section 3): a user with the roles they hold in the group or its area. */
export const memberSchema = personSchema.extend({
  /** French label of the highest of `roles` (the faithful role is never the position) */
  position: z.string().nullable(),
  /** in display priority order; includes 'faithful' (the SPA hides it) */
  roles: z.array(memberRoleSchema),
  /** the church the user belongs to as a faithful first, then the churches where they hold a role */
  churches: z.array(entityRefSchema),
  /**
   * the church the user belongs to as a faithful (their faithful's pages stand under it in the leaders'
   * spaces, and its permissions decide who reads or edits them), null for one without a church
   */
  church: entityRefSchema.extend({ section_id: z.number().int() }).nullable(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberParamsSchema = z.object({ id: id('Identifiant invalide.') });

export const addMemberBodySchema = z.strictObject({
  user_id: id('Veuillez sélectionner un membre.'),
  roles: z
    .array(id('Poste invalide.'), { error: 'Veuillez sélectionner un poste.' })
    .min(1, 'Veuillez sélectionner un poste.')
    .max(20, 'Trop de postes (20 au plus).'),
});
export type AddMemberBody = z.input<typeof addMemberBodySchema>;

export const removeMemberBodySchema = z.strictObject({
  user_id: id('Veuillez sélectionner un membre.'),
  role_ids: z.array(id('Rôle invalide.'), { error: 'Rôles invalides.' }).max(50, 'Trop de rôles.').optional(),
  remove_all_roles: z.boolean({ error: 'Valeur invalide pour remove_all_roles.' }).optional(),
});
export type RemoveMemberBody = z.input<typeof removeMemberBodySchema>;

export const messageAnswerSchema = z.object({ message: z.string() });
export const memberWriteAnswerSchema = z.object({ message: z.string(), data: memberSchema.nullable() });

export const membersAnswerSchema = z.object({ data: z.array(memberSchema) });

const groupParam = z.enum(ROLE_GROUPS, { error: 'Groupe invalide.' });

export const groupMembersQuerySchema = z.object({
  group: groupParam,
  /** the group's entity; default: the signed-in user's own group of that level */
  id: id('Identifiant invalide.').optional(),
  search: searchParam,
  role: z.enum(MEMBER_ROLE_FILTERS, { error: 'Filtre de rôle invalide.' }).optional(),
  page: pageParam,
  limit: limitParam(100, REGION_MEMBERS_PAGE_SIZE),
  ...sortParams(GROUP_MEMBER_SORTS),
});
export type GroupMembersQuery = z.input<typeof groupMembersQuerySchema>;

export const groupMembersListSchema = listSchema(memberSchema);

export const groupMembersStatsQuerySchema = z.object({
  group: groupParam,
  id: id('Identifiant invalide.').optional(),
});

export const groupMembersStatsSchema = z.object({
  data: z.object({
    total: z.number().int(),
    presidents: z.number().int(),
    treasurers: z.number().int(),
    secretaries: z.number().int(),
  }),
});
export type GroupMembersStats = z.infer<typeof groupMembersStatsSchema>['data'];

// ---------------------------------------------------------------- external accountants

const trimmed = (required: string, max = 100) =>
  z.string({ error: required }).trim().min(1, required).max(max, 'Ce champ est trop long.');

export const churchIdsSchema = z
  .array(id('Église invalide.'), { error: 'Veuillez choisir les églises.' })
  .max(200, 'Trop d’églises (200 au plus).');

export const createExternalAccountantBodySchema = z.strictObject({
  firstname: trimmed('Le prénom est requis.'),
  lastname: trimmed('Le nom est requis.'),
  email: z
    .string({ error: "L'e-mail est requis." })
    .trim()
    .toLowerCase()
    .min(1, "L'e-mail est requis.")
    .max(200, 'Ce champ est trop long.')
    .pipe(z.email('Format email invalide')),
  phone: z
    .string()
    .trim()
    .max(30, 'Numéro de téléphone invalide.')
    .regex(/^(\+?[0-9 ]{6,30})?$/, 'Numéro de téléphone invalide.')
    .optional()
    .transform((v) => (v ? v.replace(/\s+/g, '') : null)),
  password: z
    .string({ error: 'Le mot de passe est requis.' })
    .min(8, 'Le mot de passe doit contenir au moins 8 caractères.')
    .max(200, 'Le mot de passe est trop long.'),
  church_ids: churchIdsSchema.default([]),
});
export type CreateExternalAccountantBody = z.input<typeof createExternalAccountantBodySchema>;

export const editManagedChurchesBodySchema = z.strictObject({ church_ids: churchIdsSchema });

export const externalAccountantSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  managedChurches: z.array(entityRefSchema),
});
export type ExternalAccountant = z.infer<typeof externalAccountantSchema>;

export const externalAccountantListSchema = listSchema(externalAccountantSchema);
export const externalAccountantAnswerSchema = z.object({
  message: z.string(),
  data: externalAccountantSchema,
});
