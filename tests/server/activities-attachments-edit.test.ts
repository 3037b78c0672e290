import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportAttachmentListSchema } from '../../contract/activities';
import { queryRows } from '../../server/src/db/query';
import { expenseTestApp, json, message, multipart, PDF, PNG, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

// Issue 14: the photos and PDF of an activity report (decision 0028): the attachment rules of expenses,
// read like the report, changed only while it is a draft or sent back.

const SECTION = 'section@example.org';

let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;
let draft: number;

/** The stored contents (decision 0044: in the database), by stored name. */
const storedFiles = async () =>
  (await queryRows<{ n: string }>(t.db, sql`select distinct stored_name as n from attachment_chunks`)).map(
    (row) => row.n,
  );

function upload(
  login: string,
  reportId: number,
  files: Array<{ name: string; content: Buffer; type?: string }>,
) {
  const body = multipart({}, files);
  return t.as(login, {
    method: 'POST',
    url: `/api/activity-reports/${reportId}/attachments`,
    payload: body.payload,
    headers: body.headers,
  });
}

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
  const created = await t.as(ids.secretary, {
    method: 'POST',
    url: '/api/activity-reports',
    payload: {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      title: 'Concert de Noël',
      period_start: '2026-11-01',
      period_end: '2026-11-02',
      men: 3,
      women: 4,
      children: 5,
      summary: 'Un concert.',
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  draft = json<{ data: { id: number } }>(created).data.id;
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('activity report attachments', () => {
  let pdfId: number;
  let photoId: number;

  it('the author attaches a PDF and a photo to the draft; the church reads and downloads them', async () => {
    const before = (await storedFiles()).length;
    const response = await upload(ids.secretary, draft, [
      { name: 'compte-rendu.pdf', content: PDF, type: 'application/pdf' },
      { name: 'chorale.png', content: PNG, type: 'image/png' },
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const data = reportAttachmentListSchema.parse(JSON.parse(response.body)).data;
    expect(data.map((a) => a.mime_type)).toEqual(['application/pdf', 'image/png']);
    [pdfId, photoId] = data.map((a) => a.id);
    expect(data[0]).toMatchObject({
      original_name: 'compte-rendu.pdf',
      size: PDF.length,
      url: `/activity-reports/${draft}/attachments/${pdfId}`,
    });
    expect((await storedFiles()).length).toBe(before + 2);

    const list = await t.as('pasteur@example.org', {
      method: 'GET',
      url: `/api/activity-reports/${draft}/attachments`,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(json<{ data: unknown[] }>(list).data).toHaveLength(2);

    const download = await t.as('pasteur@example.org', {
      method: 'GET',
      url: `/api/activity-reports/${draft}/attachments/${photoId}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PNG)).toBe(true);

    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where action = 'activity_report.attach' and (data->>'id')::int = ${draft}`,
    );
    expect(audit).toHaveLength(1);
  });

  it('refuses another type (415) and an empty upload (400) in French, keeping no file', async () => {
    const before = (await storedFiles()).length;
    const html = await upload(ids.secretary, draft, [
      {
        name: 'page.pdf',
        content: Buffer.from('<html><body>bonjour</body></html>'),
        type: 'application/pdf',
      },
    ]);
    expect(html.statusCode).toBe(415);
    expect(message(html)).toMatch(/Type de fichier non pris en charge/);
    const none = await upload(ids.secretary, draft, []);
    expect(none.statusCode).toBe(400);
    expect(message(none)).toBe('Aucun fichier reçu.');
    const json415 = await t.as(ids.secretary, {
      method: 'POST',
      url: `/api/activity-reports/${draft}/attachments`,
      payload: { files: [] },
    });
    expect(json415.statusCode).toBe(415);
    expect((await storedFiles()).length).toBe(before);
  });

  it('keeps 10 files per report at most (413)', async () => {
    const files = Array.from({ length: 9 }, (_, i) => ({
      name: `p${i}.png`,
      content: PNG,
      type: 'image/png',
    }));
    const before = (await storedFiles()).length;
    const response = await upload(ids.secretary, draft, files);
    expect(response.statusCode).toBe(413);
    expect(message(response)).toBe('Un rapport garde 10 pièces jointes au plus.');
    expect((await storedFiles()).length).toBe(before);
  });

  it('another church and the section above do not read the draft files', async () => {
    const other = await t.as(ids.otherTreasurer, {
      method: 'GET',
      url: `/api/activity-reports/${draft}/attachments/${pdfId}`,
    });
    expect(other.statusCode).toBe(403);
    const above = await t.as(SECTION, { method: 'GET', url: `/api/activity-reports/${draft}/attachments` });
    expect(above.statusCode).toBe(404);
    const upper = await upload(SECTION, draft, [{ name: 'x.pdf', content: PDF }]);
    expect(upper.statusCode).toBe(404);
  });

  it('the author removes a file while drafting; a missing one answers 404', async () => {
    const before = (await storedFiles()).length;
    const removed = await t.as(ids.secretary, {
      method: 'DELETE',
      url: `/api/activity-reports/${draft}/attachments/${pdfId}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(message(removed)).toBe('Pièce jointe supprimée.');
    expect((await storedFiles()).length).toBe(before - 1);
    const again = await t.as(ids.secretary, {
      method: 'DELETE',
      url: `/api/activity-reports/${draft}/attachments/${pdfId}`,
    });
    expect(again.statusCode).toBe(404);
    expect(message(again)).toBe('Pièce jointe introuvable.');
  });

  it('once submitted, the files are locked (409) and the section reads them', async () => {
    const submitted = await t.as(ids.secretary, {
      method: 'POST',
      url: `/api/activity-reports/${draft}/submit`,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const add = await upload(ids.secretary, draft, [{ name: 'y.pdf', content: PDF }]);
    expect(add.statusCode).toBe(409);
    expect(message(add)).toBe("Les pièces jointes d'un rapport soumis ne peuvent plus être modifiées.");
    const remove = await t.as(ids.secretary, {
      method: 'DELETE',
      url: `/api/activity-reports/${draft}/attachments/${photoId}`,
    });
    expect(remove.statusCode).toBe(409);
    const read = await t.as(SECTION, {
      method: 'GET',
      url: `/api/activity-reports/${draft}/attachments/${photoId}`,
    });
    expect(read.statusCode).toBe(200);
    // an expense attachment's id is not a report's file
    const wrong = await t.as(SECTION, {
      method: 'GET',
      url: `/api/activity-reports/${draft}/attachments/999999`,
    });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('editing a planned activity (PUT /activities/{id})', () => {
  let id: number;
  const fields = {
    title: 'Veillée de prière',
    planned_date: '2026-12-12',
    planned_time: '20:00',
    place: 'Temple',
    estimated_cost: 50000,
  };
  const put = (login: string, body: Record<string, unknown>) =>
    t.as(login, { method: 'PUT', url: `/api/activities/${id}`, payload: body });

  it('changes the fields of a planned activity with the checks of its creation', async () => {
    const created = await t.as(ids.secretary, {
      method: 'POST',
      url: '/api/activities',
      payload: { entity_type: 'CHURCH', entity_id: ids.church1, ...fields },
    });
    expect(created.statusCode, created.body).toBe(201);
    id = json<{ data: { id: number } }>(created).data.id;

    const edited = await put(ids.secretary, {
      ...fields,
      title: 'Veillée de louange',
      planned_date: '2026-12-13',
      estimated_cost: 75000,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(json<{ data: Record<string, unknown> }>(edited).data).toMatchObject({
      title: 'Veillée de louange',
      planned_date: '2026-12-13',
      estimated_cost: 75000,
      status: 'planned',
    });

    const bad = await put(ids.secretary, { ...fields, title: ' ', planned_time: '9h', estimated_cost: 3e9 });
    expect(bad.statusCode).toBe(400);
    const errors = json<{ errors: Array<{ field: string; message: string }> }>(bad).errors;
    expect(errors.map((e) => e.field).sort()).toEqual(['estimated_cost', 'planned_time', 'title']);
    expect(errors.find((e) => e.field === 'estimated_cost')?.message).toBe(
      'Le coût estimé doit être un montant positif en F CFA.',
    );
    const otherType = await queryRows<{ id: number }>(
      t.db,
      sql`select id from activity_types where entity_type = 'church' and entity_id = ${ids.otherChurch} limit 1`,
    );
    if (otherType[0]) {
      const foreign = await put(ids.secretary, { ...fields, activity_type_id: Number(otherType[0].id) });
      expect(foreign.statusCode).toBe(400);
      expect(message(foreign)).toBe("Ce type d'activité n'existe pas pour cette entité.");
    }
    expect((await put(ids.otherTreasurer, fields)).statusCode).toBe(403);
    const audit = await queryRows<{ data: { title: string } }>(
      t.db,
      sql`select data from audit_log where action = 'activity.update' and (data->>'id')::int = ${id}`,
    );
    expect(audit.map((a) => a.data.title)).toEqual(['Veillée de louange']);
  });

  it('a cancelled activity only changes status: replanned first, then edited', async () => {
    const cancelled = await put(ids.secretary, { ...fields, status: 'cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const locked = await put(ids.secretary, { ...fields, title: 'Autre titre', status: 'cancelled' });
    expect(locked.statusCode).toBe(409);
    expect(message(locked)).toBe('Seule une activité planifiée peut être modifiée (replanifiez-la d’abord).');
    const replanned = await put(ids.secretary, { ...fields, status: 'planned' });
    expect(replanned.statusCode, replanned.body).toBe(200);
    const edited = await put(ids.secretary, { ...fields, title: 'Autre titre' });
    expect(edited.statusCode, edited.body).toBe(200);
  });
});
