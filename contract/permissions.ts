import { z } from 'zod';
import { limitParam, MAX_ID, pageParam, searchParam } from './common';
import { PERMISSION_ENTITY_TYPES, PERMISSION_SCOPES, PERMISSION_SEARCH_LIMIT } from './values/permissions';
export * from './values/permissions';

const permissionCode = z
  .string({ error: 'La permission est requise.' })
  .trim()
  .min(1, 'La permission est requise.')
  .max(100, 'Permission invalide.');

const entityType = z.enum(PERMISSION_ENTITY_TYPES, { error: "Type d'entité non supporté" }).nullish();

const entityId = z
  .union(
    [
      z.number().int('Entité invalide.').positive('Entité invalide.').max(MAX_ID, 'Entité invalide.'),
      z
        .string()
        .regex(/^\d{1,9}$/, 'Entité invalide.')
        .transform(Number),
    ],
    { error: 'Entité invalide.' },
  )
  .nullish();

export const permissionCheckBodySchema = z.strictObject({
  permission: permissionCode,
  entity_type: entityType,
  entity_id: entityId,
});
export type PermissionCheckBody = z.input<typeof permissionCheckBodySchema>;

export const permissionCheckAnswerSchema = z.object({ hasPermission: z.boolean() });

export const permissionCheckMultipleBodySchema = z.strictObject({
  permissions: z
    .array(permissionCode, { error: 'La liste des permissions est requise.' })
    .min(1, 'La liste des permissions est requise.')
    .max(100, 'Trop de permissions à vérifier (100 au plus).'),
  entity_type: entityType,
  entity_id: entityId,
});
export type PermissionCheckMultipleBody = z.input<typeof permissionCheckMultipleBodySchema>;

export const permissionCheckMultipleAnswerSchema = z.object({
  hasAny: z.boolean(),
  hasAll: z.boolean(),
  results: z.record(z.string(), z.boolean()),
});

// ---------------------------------------------------------------- grants (SPEC.md sections 3, 4, 7)

export const permissionSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  scopes: z.array(z.enum(PERMISSION_SCOPES)),
});
export type Permission = z.infer<typeof permissionSchema>;

export const permissionListQuerySchema = z.object({
  scope: z.enum(PERMISSION_SCOPES, { error: 'Périmètre invalide.' }).optional(),
  search: searchParam,
  limit: z.coerce
    .number({ error: 'Limite invalide.' })
    .int('Limite invalide.')
    .min(1, 'Limite invalide.')
    .max(100, 'Limite invalide.')
    .default(PERMISSION_SEARCH_LIMIT),
});
export const permissionListSchema = z.object({ data: z.array(permissionSchema) });

/** A permission granted to one user (SPEC.md section 3: user permission grant). */
export const userGrantSchema = z.object({
  id: z.number().int(),
  permission: z.string(),
  permission_name: z.string(),
  entity_type: z.enum(PERMISSION_SCOPES),
  entity_id: z.number().int().nullable(),
  entity_name: z.string().nullable(),
  expires_at: z.string().nullable(),
  granted_at: z.string(),
  /** true once expires_at has passed: shown with the badge EXPIRÉ, grants nothing */
  expired: z.boolean(),
  grantor: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string() }).nullable(),
});
export type UserGrant = z.infer<typeof userGrantSchema>;
export const userGrantListSchema = z.object({ data: z.array(userGrantSchema) });

const grantEntityType = z.enum(PERMISSION_ENTITY_TYPES, { error: 'Veuillez sélectionner un scope' });

export const grantBodySchema = z.strictObject({
  user_id: z.coerce
    .number({ error: 'Utilisateur invalide.' })
    .int('Utilisateur invalide.')
    .positive('Utilisateur invalide.')
    .max(MAX_ID, 'Utilisateur invalide.'),
  permission: z
    .string({ error: 'Veuillez sélectionner une permission' })
    .trim()
    .min(1, 'Veuillez sélectionner une permission')
    .max(100, 'Permission invalide.'),
  entity_type: grantEntityType,
  entity_id: entityId,
  /** ISO date-time; absent or null: no expiry. Never in the past. */
  expires_at: z.iso.datetime({ offset: true, error: "Date d'expiration invalide." }).nullish(),
});
export type GrantBody = z.input<typeof grantBodySchema>;

export const revokeBodySchema = z.strictObject({
  user_id: grantBodySchema.shape.user_id,
  permission: grantBodySchema.shape.permission,
  entity_type: grantEntityType,
  entity_id: entityId,
});
export type RevokeBody = z.input<typeof revokeBodySchema>;

export const grantAnswerSchema = z.object({ message: z.string(), data: userGrantSchema.nullable() });

export const manageableScopesSchema = z.object({
  data: z.array(z.object({ scope: z.enum(PERMISSION_SCOPES), label: z.string() })),
});

/** What the signed-in user may do to another user (SPEC.md section 3: roleActions). */
export const roleActionsSchema = z.object({
  canManage: z.boolean(),
  canViewDetails: z.boolean(),
  canAssignPermissions: z.boolean(),
  canRemoveRole: z.boolean(),
});
export type RoleActions = z.infer<typeof roleActionsSchema>;

export const manageableUsersQuerySchema = z.object({
  /** comma-separated user ids (100 at most): which of them are manageable */
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,99}$/, 'Identifiants invalides.')
    .transform((v) => v.split(',').map(Number))
    .optional(),
  search: searchParam,
  page: pageParam,
  limit: limitParam(),
});

export const manageableUserSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  roleActions: roleActionsSchema,
});
export type ManageableUser = z.infer<typeof manageableUserSchema>;

export const manageableUsersSchema = z.object({
  data: z.array(manageableUserSchema),
  meta: z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int() }),
  /** false when the signed-in user may manage nobody (the SPA shows 'Lecture seule') */
  canManageAnyone: z.boolean(),
});

export const canManageUserSchema = z.object({ canManage: z.boolean(), roleActions: roleActionsSchema });
