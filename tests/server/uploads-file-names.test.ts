import { sql } from 'drizzle-orm';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../server/src/db/query';
import { createRequest, expenseTestApp, json, multipart, PDF, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

/**
 * Issue 27, item 6: a NUL byte (or any control character) in an upload's file name answered 500 on
 * PostgreSQL, which refuses 0x00 in text. Every upload route cleans the name: no control character
 * reaches the database, and the upload succeeds.
 */
let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;
let requestId: number;
let reportId: number;

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
  requestId = await createRequest(t, ids);
  const created = await t.as(ids.secretary, {
    method: 'POST',
    url: '/api/activity-reports',
    payload: {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      title: 'Journée de prière',
      period_start: '2026-11-01',
      period_end: '2026-11-02',
      men: 1,
      women: 1,
      children: 0,
      summary: 'Une journée.',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  reportId = json<{ data: { id: number } }>(created).data.id;
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const DIRTY = 'fac\u0000ture\u0001\u001f\u007f\u0085 n°1\t.pdf';

describe('file names with control characters (issue 27, item 6)', () => {
  it('POST /api/attachments cleans them: 201, the name without control characters', async () => {
    const body = multipart({ attachable_type: 'expense_request', attachable_id: String(requestId) }, [
      { name: DIRTY, content: PDF, type: 'application/pdf' },
    ]);
    const response = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/attachments',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [file] = json<{ data: Array<{ original_name: string }> }>(response).data;
    expect(file.original_name).toBe('facture n°1.pdf');
  });

  it('POST /api/activity-reports/{id}/attachments cleans them too', async () => {
    const body = multipart({}, [{ name: DIRTY, content: PDF, type: 'application/pdf' }]);
    const response = await t.as(ids.secretary, {
      method: 'POST',
      url: `/api/activity-reports/${reportId}/attachments`,
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    const [file] = json<{ data: Array<{ original_name: string }> }>(response).data;
    expect(file.original_name).toBe('facture n°1.pdf');
  });

  it('a name of control characters only becomes "document"', async () => {
    const body = multipart({ attachable_type: 'expense_request', attachable_id: String(requestId) }, [
      { name: '\u0000\u0001', content: PDF, type: 'application/pdf' },
    ]);
    const response = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/attachments',
      ...body,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(json<{ data: Array<{ original_name: string }> }>(response).data[0].original_name).toBe('document');
  });

  it('no control character reached the database (names and audit records)', async () => {
    const names = await queryRows<{ n: string }>(
      t.db,
      sql`select original_name as n from attachments where original_name ~ '[\\x01-\\x1f\\x7f-\\x9f]'`,
    );
    expect(names).toEqual([]);
    const audits = await queryRows<{ n: string }>(
      t.db,
      sql`select data::text as n from audit_log where action like '%attach' and data::text ~ '\\\\u00[01]'`,
    );
    expect(audits).toEqual([]);
  });
});
