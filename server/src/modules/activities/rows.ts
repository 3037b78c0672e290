// How the activities' services read their rows and search terms.

/** A search term as an ILIKE pattern: its `%`, `_` and `\` taken literally. */
export const like = (search: string) => `%${search.replace(/[\\%_]/g, '\\$&')}%`;

/** A date column as 'YYYY-MM-DD'. */
export const day = (value: unknown) =>
  (value instanceof Date ? value.toISOString() : String(value)).slice(0, 10);

/** A number column (PostgreSQL's bigint arrives as a string), 0 for null. */
export const num = (value: unknown) => Number(value ?? 0);
