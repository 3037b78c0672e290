import type { List, ListMeta } from '@contract/common';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The rows of a list answer: `body.data` when it is an array, else the body when it is one, else []. */
export function readList<T>(body: unknown): T[] {
  if (isRecord(body) && Array.isArray(body.data)) return body.data as T[];
  if (Array.isArray(body)) return body as T[];
  return [];
}

/** A paginated answer `{ data, meta }`; a bare array becomes one page holding every row. */
export function readPage<T>(body: unknown, fallback: Partial<ListMeta> = {}): List<T> {
  const data = readList<T>(body);
  const meta = isRecord(body) && isRecord(body.meta) ? body.meta : {};
  const num = (value: unknown, otherwise: number) =>
    typeof value === 'number' && Number.isFinite(value) ? value : otherwise;
  return {
    data,
    meta: {
      total: num(meta.total, fallback.total ?? data.length),
      page: num(meta.page, fallback.page ?? 1),
      limit: num(meta.limit, fallback.limit ?? Math.max(data.length, 1)),
    },
  };
}

/** The entity of a detail answer `{ data: {...} }` (or the body itself when it is not wrapped). */
export function readItem<T>(body: unknown): T {
  if (isRecord(body) && isRecord(body.data) && !Array.isArray(body.data)) return body.data as T;
  return body as T;
}
