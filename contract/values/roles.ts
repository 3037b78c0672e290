/** The zod-free part of contract/roles.ts (re-exported there): what the SPA may import without zod (decision 0023). */

/** Groups in which roles are held, and the scope each maps to (SPEC.md section 6). */
export const ROLE_GROUPS = ['national_offices', 'regions', 'sections', 'churches'] as const;
export type RoleGroup = (typeof ROLE_GROUPS)[number];

export const GROUP_SCOPES = {
  national_offices: 'national_office',
  regions: 'region',
  sections: 'section',
  churches: 'church',
} as const satisfies Record<RoleGroup, string>;
