/** The zod-free part of contract/permissions.ts (re-exported there): what the SPA may import without zod (decision 0023). */

import { ENTITY_TYPES } from './common';

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
  REGION_UPDATE: 'region:update',
  SECTION_UPDATE: 'section:update',
  CHURCH_UPDATE: 'church:update',
} as const;

/**
 * Entity types a permission check accepts: the API's upper-case names (ENTITY_TYPES), the scope names
 * and 'global'. ACTIVITY_GROUP maps to the global scope (SPEC.md section 6); DEPARTMENT checks one
 * department.
 */
export const PERMISSION_ENTITY_TYPES = [
  ...ENTITY_TYPES,
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
/** Scopes in which a permission is granted (SPEC.md section 6). */
export const PERMISSION_SCOPES = [
  'global',
  'national_office',
  'region',
  'section',
  'church',
  'department',
] as const;
export type PermissionScope = (typeof PERMISSION_SCOPES)[number];

export const PERMISSION_SCOPE_LABELS: Record<PermissionScope, string> = {
  global: 'Global',
  national_office: 'Bureau National',
  region: 'Région',
  section: 'Section',
  church: 'Église',
  department: 'Département',
};

/** Search of the permission dialog (SPEC.md section 9). */
export const PERMISSION_SEARCH_LIMIT = 20;
