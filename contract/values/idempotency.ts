/*
 * What makes two bodies of a money write "the same content" (zod-free: the SPA and the server read it).
 * The server stores the fingerprint of this text with the Idempotency-Key and refuses the key with
 * another body (422); the SPA keeps its key while the text stays the same and takes a new one otherwise.
 */

/** JSON with its object keys sorted and undefined members left out: two bodies equal in value give the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, item]) => `${JSON.stringify(k)}:${canonicalJson(item)}`).join(',')}}`;
}
