import { rmSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faithfulListSchema } from '../../contract/faithful';
import { COMPRESSION_THRESHOLD } from '../../server/src/http/compression';
import type { TestApp } from './helpers';
import { createRequest, expenseTestApp, json, multipart, PDF, type ExpenseIds } from './expenses-setup';

// Decision 0016: the API's JSON answers are compressed above a threshold, by the request's
// Accept-Encoding; files and small answers go as they are.

let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const list = (encoding?: string) =>
  t.as('pasteur@example.org', {
    url: `/api/users/faithful?entity_type=CHURCH&entity_id=${ids.church1}&limit=50`,
    headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
  });

describe('compression of the API answers', () => {
  it('answers a list in brotli when the browser accepts it, the same JSON once decoded', async () => {
    const plain = await list();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD);

    const br = await list('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    const decoded = brotliDecompressSync(br.rawPayload);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(faithfulListSchema.parse(JSON.parse(decoded.toString('utf8')))).toEqual(
      faithfulListSchema.parse(plain.json()),
    );
  });

  it('answers gzip to a client that only accepts gzip', async () => {
    const plain = await list();
    const gzip = await list('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('leaves an answer under the threshold as it is', async () => {
    const health = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toMatchObject({ status: 'ok' });
  });

  it('streams a downloaded file as it is, with its length', async () => {
    const id = await createRequest(t, ids);
    const big = Buffer.concat([PDF, Buffer.alloc(20_000, 0x20)]);
    const body = multipart({ attachable_type: 'expense_request', attachable_id: String(id) }, [
      { name: 'facture.pdf', content: big, type: 'application/pdf' },
    ]);
    const uploaded = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/attachments',
      payload: body.payload,
      headers: body.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const attachment = json<{ data: Array<{ id: number }> }>(uploaded).data[0];
    const download = await t.as('tresorier@example.org', {
      url: `/api/attachments/${attachment.id}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-encoding']).toBeUndefined();
    expect(download.headers['content-length']).toBe(String(big.length));
    expect(download.rawPayload.equals(big)).toBe(true);
  });

  it('never decompresses a request body', async () => {
    // decompressed, this would sign in
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ login: 'pasteur@example.org', password: 'demo1234' })),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.cookies).toEqual([]);
  });
});
