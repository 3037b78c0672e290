/** The zod-free part of contract/common.ts (re-exported there): what the SPA may import without zod (decision 0023). */

export const HTTP_EXCEPTION_PREFIX = 'E_HTTP_EXCEPTION: ';
/** Largest id of the database (PostgreSQL integer): a larger one is invalid input, not a lookup. */
export const MAX_ID = 2_147_483_647;
/** Entity types of the API, as SPEC.md section 3 names them. */
export const ENTITY_TYPES = ['NATIONAL_OFFICE', 'REGION', 'SECTION', 'CHURCH', 'ACTIVITY_GROUP'] as const;

/** The two directions of a sorted list (`?sort=amount&order=desc`). */
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/** What a sortable list was asked: one of its keys, and a direction (each defaults per list). */
export type ListSort<K extends string = string> = { sort?: K; order?: SortOrder };
