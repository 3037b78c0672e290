/** The zod-free part of contract/members.ts (re-exported there): what the SPA may import without zod (decision 0023). */
import type { RoleGroup } from './roles';

/** The URL segment of each role group: `/{segment}/{id}/members`. */
export const GROUP_SEGMENTS = {
  national_offices: 'national-offices',
  regions: 'regions',
  sections: 'sections',
  churches: 'churches',
} as const satisfies Record<RoleGroup, string>;
/** Tabs of the region members page: role codes containing these words. */
export const MEMBER_ROLE_FILTERS = ['president', 'tresorier', 'secretaire'] as const;
export type MemberRoleFilter = (typeof MEMBER_ROLE_FILTERS)[number];

/** Pages of the region members page (SPEC.md section 9). */
export const REGION_MEMBERS_PAGE_SIZE = 50;

/** The orders of a group's members (`?sort=registration_number`); by name (last, first) by default. */
export const GROUP_MEMBER_SORTS = ['name', 'registration_number', 'email', 'phone'] as const;
export type GroupMemberSort = (typeof GROUP_MEMBER_SORTS)[number];
