import { sql, type SQL } from 'drizzle-orm';

/** `%term%` for LIKE / ILIKE: the user's own `%`, `_` and `\` are taken literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * The text the lists of people search (the faithful, a group's members): one lower-cased string per user
 * `u`. The migration 0001_features builds a trigram GIN index on exactly this expression
 * (users_search_trgm_idx) when pg_trgm exists (PostgreSQL); the query must repeat it verbatim (same
 * literals, no parameters) for the planner to use the index. Here, not in a module: the faithful's lists
 * and the members of a group search people alike, on the database's index.
 */
const USER_SEARCH_EXPRESSION = sql.raw(
  `lower(u.firstname || ' ' || u.lastname || ' ' || coalesce(u.phone, '') || ' ' || coalesce(u.email, '') || ' ' || coalesce(u.registration_number, ''))`,
);

/**
 * SQL: the user `u` matches the search. Every word must appear somewhere (name, phone, email or
 * matricule); a search made of digits, spaces, dots and dashes is also tried as one phone number
 * ('07 01 02' finds '+2250701020304').
 */
export function userSearchCondition(search: string | undefined): SQL {
  const text = (search ?? '').trim().toLowerCase();
  if (!text) return sql`true`;
  const words = text.split(/\s+/).filter(Boolean).slice(0, 6);
  const all = sql.join(
    words.map((word) => sql`${USER_SEARCH_EXPRESSION} like ${likePattern(word)}`),
    sql` and `,
  );
  if (words.length > 1 && /^[+\d\s.\-()]+$/.test(text)) {
    const digits = text.replace(/[\s.\-()]/g, '');
    return sql`((${all}) or ${USER_SEARCH_EXPRESSION} like ${likePattern(digits)})`;
  }
  return all;
}
