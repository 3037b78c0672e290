import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne, queryRows } from '../../server/src/db/query';
import { moveFilesIntoDatabase } from '../../server/src/modules/attachments';
import { createRequest, expenseTestApp, json, multipart, PDF, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

/**
 * Decision 0044 (issue 32, item 2): the attachments' contents in the database, in pieces of 256 KB,
 * streamed in and out; the files of DATA_DIR/attachments moved in at start. Issue 28, item 4: the image
 * types phones produce (GIF, an iPhone's HEIC) are accepted, recognised by their bytes.
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

export const GIF = Buffer.concat([
  Buffer.from('GIF89a'),
  Buffer.from([1, 0, 1, 0, 0x80, 0, 0]),
  Buffer.alloc(64, 1),
]);
/** The first box of an iPhone photo: ftyp, brand heic. */
export const HEIC = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic'),
  Buffer.alloc(200, 7),
]);

async function upload(files: Array<{ name: string; content: Buffer; type?: string }>) {
  const body = multipart({ attachable_type: 'expense_request', attachable_id: String(requestId) }, files);
  return t.as('tresorier@example.org', { method: 'POST', url: '/api/attachments', ...body });
}

type Uploaded = { id: number; mime_type: string; size: number; original_name: string };

describe('attachments stored in the database', () => {
  it('accepts a GIF and an HEIC photo, typed by their bytes whatever the client says', async () => {
    const response = await upload([
      { name: 'recu.gif', content: GIF, type: 'application/octet-stream' },
      { name: 'IMG_0042.HEIC', content: HEIC, type: '' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const files = json<{ data: Uploaded[] }>(response).data;
    expect(files.map((f) => f.mime_type)).toEqual(['image/gif', 'image/heic']);
    const heic = await t.as('tresorier@example.org', {
      method: 'GET',
      url: `/api/attachments/${files[1].id}`,
    });
    expect(heic.statusCode).toBe(200);
    expect(heic.headers['content-type']).toBe('image/heic');
    expect(heic.rawPayload.equals(HEIC)).toBe(true);
  });

  it('stores a 3 MB file in 256 KB pieces and serves it back byte for byte, with its length', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(3 * 1024 * 1024 + 12345, 0)]);
    for (let i = 4096; i < big.length; i += 4096) big[i] = i % 251;
    const response = await upload([{ name: 'gros.pdf', content: big, type: 'application/pdf' }]);
    expect(response.statusCode, response.body).toBe(201);
    const [file] = json<{ data: Uploaded[] }>(response).data;
    const pieces = await queryOne<{ n: number | string; largest: number | string }>(
      t.db,
      sql`select count(*) as n, max(octet_length(data)) as largest from attachment_chunks c
          join attachments a on a.stored_name = c.stored_name where a.id = ${file.id}`,
    );
    expect(Number(pieces!.n)).toBe(Math.ceil(big.length / (256 * 1024)));
    expect(Number(pieces!.largest)).toBe(256 * 1024);
    const served = await t.as('tresorier@example.org', { method: 'GET', url: `/api/attachments/${file.id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-length']).toBe(String(big.length));
    expect(served.rawPayload.equals(big)).toBe(true);
  });

  it('removes the contents with the request', async () => {
    const id = await createRequest(t, ids);
    const body = multipart({ attachable_type: 'expense_request', attachable_id: String(id) }, [
      { name: 'a.pdf', content: PDF },
    ]);
    const up = await t.as('tresorier@example.org', { method: 'POST', url: '/api/attachments', ...body });
    expect(up.statusCode, up.body).toBe(201);
    const stored = await queryOne<{ stored_name: string }>(
      t.db,
      sql`select stored_name from attachments where attachable_type = 'expense_request' and attachable_id = ${id}`,
    );
    const removed = await t.as('tresorier@example.org', {
      method: 'DELETE',
      url: `/api/expense-requests/${id}`,
    });
    expect([200, 204]).toContain(removed.statusCode);
    const left = await queryRows(
      t.db,
      sql`select 1 from attachment_chunks where stored_name = ${stored!.stored_name}`,
    );
    expect(left).toEqual([]);
  });

  it('moves the files of DATA_DIR/attachments into the database at start, once, keeping the originals aside', async () => {
    const name = 'a'.repeat(32) + '.pdf';
    const content = Buffer.concat([PDF, Buffer.alloc(300 * 1024, 0x41)]);
    await t.db.execute(
      sql`insert into attachments (attachable_type, attachable_id, original_name, stored_name, mime_type, size)
          values ('expense_request', ${requestId}, 'ancien.pdf', ${name}, 'application/pdf', ${content.length})`,
    );
    mkdirSync(path.join(dataDir, 'attachments'), { recursive: true });
    writeFileSync(path.join(dataDir, 'attachments', name), content);
    writeFileSync(path.join(dataDir, 'attachments', 'b'.repeat(32) + '.pdf'), content); // no record: left
    const first = await moveFilesIntoDatabase(t.db, dataDir);
    expect(first.moved).toBe(1);
    const again = await moveFilesIntoDatabase(t.db, dataDir);
    expect(again.moved).toBe(0);
    expect(readdirSync(path.join(dataDir, 'attachments', 'moved'))).toEqual([name]);
    const row = await queryOne<{ id: number }>(
      t.db,
      sql`select id from attachments where stored_name = ${name}`,
    );
    const served = await t.as('tresorier@example.org', { method: 'GET', url: `/api/attachments/${row!.id}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(content)).toBe(true);
  });
});
