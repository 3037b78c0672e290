import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers';

// The QR code of a receipt opens /receipt/{id}: the server answers the light receipt.html entry
// (decision 0009), not the SPA's index.html.
let t: TestApp;
beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'receipt-page-'));
  writeFileSync(path.join(dir, 'index.html'), '<html><body>spa</body></html>');
  writeFileSync(path.join(dir, 'receipt.html'), '<html><body>receipt page</body></html>');
  t = await createTestApp({ template: 'fixture', config: { staticDir: dir } });
});
afterAll(() => t.close());

describe('GET /receipt/{id}', () => {
  it('serves receipt.html for a receipt path and index.html elsewhere', async () => {
    const receipt = await t.app.inject({ url: '/receipt/AbCdEfGhIjKlMnOpQrStUv' });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('text/html');
    expect(receipt.body).toContain('receipt page');
    const other = await t.app.inject({ url: '/mon-eglise/recettes' });
    expect(other.body).toContain('spa');
    const nested = await t.app.inject({ url: '/receipt/a/b' });
    expect(nested.body).toContain('spa');
    const api = await t.app.inject({ url: '/api/receipts/AbCdEfGhIjKlMnOpQrStUv' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe('E_HTTP_EXCEPTION: Reçu introuvable.');
  });
});
