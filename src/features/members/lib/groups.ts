import type { EntityType } from '@contract/common';
import type { MemberRole } from '@contract/members';
import { GROUP_SEGMENTS } from '@contract/values/members';
import type { PermissionScope } from '@contract/permissions';
import { PERMISSIONS } from '@contract/values/permissions';
import type { RoleGroup } from '@contract/roles';
import type { OrgKind } from '@/shared/org/entities';

/** The role group of an entity type (ACTIVITY_GROUP has none). */
export const GROUP_OF: Partial<Record<EntityType, RoleGroup>> = {
  NATIONAL_OFFICE: 'national_offices',
  REGION: 'regions',
  SECTION: 'sections',
  CHURCH: 'churches',
};

export const ENTITY_TYPE_OF: Record<RoleGroup, EntityType> = {
  national_offices: 'NATIONAL_OFFICE',
  regions: 'REGION',
  sections: 'SECTION',
  churches: 'CHURCH',
};

/** SPEC.md section 6: the permission that lets one add members to positions at a level. */
export const MANAGE_ROLES_OF: Record<RoleGroup, string> = {
  national_offices: PERMISSIONS.MANAGE_NATIONAL_OFFICE_ROLES,
  regions: PERMISSIONS.MANAGE_REGION_ROLES,
  sections: PERMISSIONS.MANAGE_SECTION_ROLES,
  churches: PERMISSIONS.MANAGE_CHURCH_ROLES,
};

export const GROUP_LABELS: Record<RoleGroup, string> = {
  national_offices: 'Bureau National',
  regions: 'Région',
  sections: 'Section',
  churches: 'Église',
};

export const membersPath = (group: RoleGroup, id: number) => `/${GROUP_SEGMENTS[group]}/${id}/members`;

/** The kind of the entities of a scope (entity search of the permission dialog). */
export const SCOPE_KINDS: Partial<Record<PermissionScope, OrgKind>> = {
  national_office: 'national-offices',
  region: 'regions',
  section: 'sections',
  church: 'churches',
  department: 'departments',
};

/** The roles a list shows: never 'faithful' (SPEC.md section 3). */
export const shownRoles = (roles: readonly MemberRole[]) => roles.filter((role) => role.code !== 'faithful');

/** The roles held in one group (the remove-roles dialog). */
export const rolesInGroup = (roles: readonly MemberRole[], group: RoleGroup, id: number) =>
  roles.filter((role) => role.group === group && role.group_id === id);
