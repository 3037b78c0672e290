import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORG_MESSAGES, ORG_NAME_REQUIRED } from '../../contract/org';
import { queryOne } from '../../server/src/db/query';
import { servedName } from '../../server/src/modules/attachments';
import type { TestApp } from './helpers';
import {
  approve,
  createRequest,
  detail,
  expenseTestApp,
  message,
  multipart,
  payment,
  PDF,
  type ExpenseIds,
} from './expenses-setup';

/**
 * Findings 6 and 7 of issue 17: the security headers (CSP the SPA and the receipt page pass, HSTS over
 * HTTPS, Permissions-Policy), the same Idempotency-Key with another body (422), the name an upload is
 * served under, and the names of the organisation.
 */
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

/** Every file under `dir` whose name matches `pattern`. */
function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return filesUnder(file, pattern);
    return pattern.test(name) ? [file] : [];
  });
}

describe('security headers (issue 17, finding 6)', () => {
  it('sends a CSP without inline scripts, a Permissions-Policy, and no HSTS over plain HTTP', async () => {
    for (const url of ['/api/health', '/api/me', '/api/docs', '/api/receipts/inconnu']) {
      const response = await t.app.inject({ url });
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(String(response.headers['permissions-policy'])).toContain('camera=()');
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS when served over HTTPS behind a trusted proxy', async () => {
    const { buildApp } = await import('../../server/src/app');
    const { testConfig } = await import('../../server/src/config');
    const proxied = await buildApp({ database: t.database, config: testConfig({ trustProxy: 1 }) });
    try {
      const https = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
    // without a trusted proxy, a client's X-Forwarded-Proto is not believed
    const direct = await t.app.inject({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps the pages within the CSP: no inline script, no injected HTML', () => {
    const root = path.resolve(__dirname, '../..');
    for (const page of ['index.html', 'receipt.html']) {
      const html = readFileSync(path.join(root, page), 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length, page).toBeGreaterThan(0);
      for (const [, attributes, body] of scripts) {
        expect(attributes, page).toMatch(/\bsrc=/);
        expect(body.trim(), page).toBe('');
      }
      expect(html, page).not.toMatch(/\son[a-z]+=/i);
    }
    const sources = filesUnder(path.join(root, 'src'), /\.(ts|tsx)$/);
    const injecting = sources.filter((file) =>
      readFileSync(file, 'utf8').includes('dangerouslySetInnerHTML'),
    );
    expect(injecting).toEqual([]);
  });
});

describe('Idempotency-Key with another body (issue 17, finding 7)', () => {
  it('answers 422 in French, and still replays the same body', async () => {
    const id = await createRequest(t, ids);
    await approve(t, id);
    const lineId = (await detail(t, id)).expenses[0].id;
    const headers = { 'idempotency-key': 'security-key-0001' };
    const send = (amount: number) =>
      t.as('tresorier@example.org', {
        method: 'PUT',
        url: `/api/expenses/${lineId}/validate`,
        payload: payment(ids, amount),
        headers,
      });
    const first = await send(100);
    expect(first.statusCode, first.body).toBe(201);
    const replay = await send(100);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const other = await send(200);
    expect(other.statusCode).toBe(422);
    expect(message(other)).toBe(
      "Cette clé d'idempotence a déjà servi avec un autre contenu : utilisez une nouvelle clé pour une nouvelle opération.",
    );
    expect((await detail(t, id)).expenses[0].amount_validated).toBe(100);
  });
});

describe('uploads served under a name of their type (issue 17, finding 7)', () => {
  it('serves a PDF named .html as .pdf', async () => {
    expect(servedName('facture.html', 'application/pdf')).toBe('facture.html.pdf');
    expect(servedName('facture.PDF', 'application/pdf')).toBe('facture.PDF');
    expect(servedName('photo.jpeg', 'image/jpeg')).toBe('photo.jpeg');
    expect(servedName('photo', 'image/png')).toBe('photo.png');
    const id = await createRequest(t, ids);
    const body = multipart({ attachable_type: 'expense_request', attachable_id: String(id) }, [
      { name: 'facture.html', content: PDF, type: 'text/html' },
    ]);
    const uploaded = await t.as('tresorier@example.org', {
      method: 'POST',
      url: '/api/attachments',
      payload: body.payload,
      headers: body.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const attachment = (uploaded.json() as { data: Array<{ id: number }> }).data[0];
    const served = await t.as('tresorier@example.org', {
      method: 'GET',
      url: `/api/attachments/${attachment.id}`,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(String(served.headers['content-disposition'])).toMatch(/filename="facture\.html\.pdf"/);
  });
});

describe('names of the organisation (issue 17, finding 7)', () => {
  it('refuses junk names with French messages, trims good ones', async () => {
    const section = await queryOne<{ id: number }>(t.db, sql`select id from sections order by id limit 1`);
    const create = (name: unknown) =>
      t.as('admin@example.org', {
        method: 'POST',
        url: '/api/churches',
        payload: { name, section_id: section!.id },
      });
    const junk: Array<[unknown, string]> = [
      ["' OR 1=1--", ORG_MESSAGES.nameChars],
      ['0000-00-00', ORG_MESSAGES.nameLetters],
      ['<script>alert(1)</script>', ORG_MESSAGES.nameChars],
      ['   ', ORG_NAME_REQUIRED.church],
      ['A', ORG_MESSAGES.nameShort],
      ['É'.repeat(151), ORG_MESSAGES.nameLong],
      ['Église\tcachée', ORG_MESSAGES.nameChars],
    ];
    for (const [name, expected] of junk) {
      const response = await create(name);
      expect(response.statusCode, String(name)).toBe(400);
      expect(response.body, String(name)).toContain(expected);
    }
    const good = await create("  Église Saint-Jean d'Abobo (Plateau)  ");
    expect(good.statusCode, good.body).toBe(201);
    expect((good.json() as { data: { name: string } }).data.name).toBe("Église Saint-Jean d'Abobo (Plateau)");
    for (const url of ['/api/regions', '/api/sections']) {
      const response = await t.as('admin@example.org', {
        method: 'POST',
        url,
        payload: { name: "' OR 1=1--", region_id: 1, national_office_id: 1 },
      });
      expect(response.statusCode, url).toBe(400);
    }
  });
});
