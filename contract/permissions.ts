import { z } from 'zod';
import { MAX_ID } from './common';

/** Permission codes the SPA names (SPEC.md section 6). Every code is 'resource:action'. */
export const PERMISSIONS = {
  DELEGATE_PERMISSIONS: 'permission:delegate',
  ASSIGN_ROLES: 'role:assign',
  MANAGE_ROLES: 'role:manage',
  MANAGE_NATIONAL_OFFICE_ROLES: 'role:manage_national_office',
  MANAGE_REGION_ROLES: 'role:manage_region',
  MANAGE_SECTION_ROLES: 'role:manage_section',
  MANAGE_CHURCH_ROLES: 'role:manage_church',
  EXPENSE_APPROVE: 'expense:approve',
  EXPENSE_VALIDATE: 'expense:validate',
  EXPENSE_CANCEL: 'expense:cancel',
  EXPENSE_REQUEST_MANAGE: 'expense_request:manage',
  CONTRIBUTION_PRINT_RECEIPT: 'contribution:print_receipt',
  REGION_CREATE: 'region:create',
  SECTION_CREATE: 'section:create',
  CHURCH_CREATE: 'church:create',
} as const;

/**
 * Entity types a permission check accepts: the API's upper-case names, the scope names, and 'global'.
 * ACTIVITY_GROUP maps to the global scope (SPEC.md section 6); DEPARTMENT checks one department.
 */
export const PERMISSION_ENTITY_TYPES = [
  'NATIONAL_OFFICE',
  'REGION',
  'SECTION',
  'CHURCH',
  'ACTIVITY_GROUP',
  'DEPARTMENT',
  'GLOBAL',
  'national_office',
  'region',
  'section',
  'church',
  'activity_group',
  'department',
  'global',
] as const;

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
