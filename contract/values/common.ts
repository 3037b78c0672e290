/** The zod-free part of contract/common.ts (re-exported there): what the SPA may import without zod (decision 0023). */

export const HTTP_EXCEPTION_PREFIX = 'E_HTTP_EXCEPTION: ';
/** Largest id of the database (PostgreSQL integer): a larger one is invalid input, not a lookup. */
export const MAX_ID = 2_147_483_647;
/** Entity types of the API, as SPEC.md section 3 names them. */
export const ENTITY_TYPES = ['NATIONAL_OFFICE', 'REGION', 'SECTION', 'CHURCH', 'ACTIVITY_GROUP'] as const;
