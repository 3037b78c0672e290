import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES } from '../../contract/security';
import type { TestApp } from './helpers';
import { createRequest, expenseTestApp, message, multipart, PDF, type ExpenseIds } from './expenses-setup';

/**
 * Finding 4 of issue 17: a malformed upload answers 400 or 415 with a French message, never a 500, on
 * every upload endpoint (POST /attachments, POST /users/faithful/imports).
 */
let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;
let requestId: number;

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
  requestId = await createRequest(t, ids);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

export const UPLOAD_ENDPOINTS = ['/api/attachments', '/api/users/faithful/imports'];

/** The malformed bodies of the probe, for one endpoint. */
function malformed(): Array<[string, { payload: Buffer; headers: Record<string, string> }]> {
  const good = multipart({ attachable_type: 'expense_request', attachable_id: String(requestId) }, [
    { name: 'facture.pdf', content: PDF, type: 'application/pdf' },
  ]);
  return [
    ['truncated', { payload: good.payload.subarray(0, good.payload.length - 40), headers: good.headers }],
    ['cut in a header', { payload: good.payload.subarray(0, 60), headers: good.headers }],
    ['no boundary', { payload: good.payload, headers: { 'content-type': 'multipart/form-data' } }],
    [
      'empty boundary',
      { payload: good.payload, headers: { 'content-type': 'multipart/form-data; boundary=' } },
    ],
    [
      'gzip encoded',
      { payload: gzipSync(good.payload), headers: { ...good.headers, 'content-encoding': 'gzip' } },
    ],
    [
      'deflate encoded',
      { payload: good.payload, headers: { ...good.headers, 'content-encoding': 'deflate' } },
    ],
    ['not multipart', { payload: Buffer.from('{"a":1}'), headers: { 'content-type': 'application/json' } }],
    ['empty body', { payload: Buffer.alloc(0), headers: good.headers }],
    ['garbage', { payload: Buffer.from('\u0000\u0001 garbage --- \r\n\r\n'), headers: good.headers }],
  ];
}

describe('malformed uploads (issue 17, finding 4)', () => {
  for (const url of UPLOAD_ENDPOINTS) {
    it(`answers 400 or 415 in French on ${url}`, async () => {
      for (const [name, { payload, headers }] of malformed()) {
        const response = await t.as('tresorier@example.org', { method: 'POST', url, payload, headers });
        expect([400, 413, 415], `${name}: ${response.statusCode} ${response.body}`).toContain(
          response.statusCode,
        );
        expect(message(response), name).toMatch(/[a-zé]/);
        expect(message(response), name).not.toMatch(/Internal|Unexpected|Boundary|Malformed/);
      }
    });
  }

  it('names the problem: the compressed body, the missing boundary', async () => {
    const good = multipart({ attachable_type: 'expense_request', attachable_id: String(requestId) }, [
      { name: 'facture.pdf', content: PDF, type: 'application/pdf' },
    ]);
    const gzip = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/attachments',
      payload: gzipSync(good.payload),
      headers: { ...good.headers, 'content-encoding': 'gzip' },
    });
    expect(gzip.statusCode).toBe(415);
    expect(message(gzip)).toBe(SECURITY_MESSAGES.encodingUnsupported);
    const noBoundary = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/attachments',
      payload: good.payload,
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(message(noBoundary)).toBe(SECURITY_MESSAGES.multipartNoBoundary);
    // the well-formed upload still works
    const ok = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/attachments',
      payload: good.payload,
      headers: good.headers,
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });
});
