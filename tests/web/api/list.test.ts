import { describe, expect, it } from 'vitest';
import { readItem, readList, readPage } from '@/shared/api/list';

describe('readList', () => {
  it('reads `data` when it is an array', () => {
    expect(readList({ data: [{ id: 1 }], meta: { total: 1 } })).toEqual([{ id: 1 }]);
  });
  it('reads the body when it is an array', () => {
    expect(readList([{ id: 2 }])).toEqual([{ id: 2 }]);
  });
  it('gives an empty list otherwise', () => {
    expect(readList({ data: { id: 1 } })).toEqual([]);
    expect(readList(null)).toEqual([]);
    expect(readList(undefined)).toEqual([]);
    expect(readList('oops')).toEqual([]);
  });
});

describe('readPage', () => {
  it('keeps the meta of a paginated answer', () => {
    expect(readPage({ data: [{ id: 1 }], meta: { total: 41, page: 3, limit: 20 } })).toEqual({
      data: [{ id: 1 }],
      meta: { total: 41, page: 3, limit: 20 },
    });
  });
  it('builds one page from a bare array', () => {
    expect(readPage([{ id: 1 }, { id: 2 }])).toEqual({
      data: [{ id: 1 }, { id: 2 }],
      meta: { total: 2, page: 1, limit: 2 },
    });
  });
  it('falls back to the asked page and limit', () => {
    expect(readPage({ data: [] }, { page: 2, limit: 20 })).toEqual({
      data: [],
      meta: { total: 0, page: 2, limit: 20 },
    });
  });
});

describe('readItem', () => {
  it('unwraps `{ data: entity }`', () => {
    expect(readItem({ data: { id: 4, name: 'Région Abidjan' } })).toEqual({ id: 4, name: 'Région Abidjan' });
  });
  it('keeps a bare entity', () => {
    expect(readItem({ id: 4, name: 'Région Abidjan' })).toEqual({ id: 4, name: 'Région Abidjan' });
  });
});
