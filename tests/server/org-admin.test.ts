import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema } from '../../contract/auth';
import {
  churchAnswerSchema,
  churchListSchema,
  ORG_MESSAGES,
  regionAnswerSchema,
  regionListSchema,
  sectionAnswerSchema,
} from '../../contract/org';
import { queryOne, queryRows } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
const accounts: Record<string, ReturnType<typeof accountSchema.parse>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['admin', 'national', 'region', 'section', 'pasteur', 'fidele']) {
    const response = await t.as(`${name}@example.org`, { url: '/api/me' });
    accounts[name] = accountSchema.parse(response.json());
  }
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.as(`${who}@example.org`, { method, url, ...(payload ? { payload: payload as object } : {}) });
const message = (response: { json: () => unknown }) =>
  (response.json() as { message: string }).message.replace(/^E_HTTP_EXCEPTION: /, '');

async function auditActions(entityType: string, entityId: number): Promise<string[]> {
  const rows = await queryRows<{ action: string }>(
    t.db,
    sql`select action from audit_log where entity_type = ${entityType} and entity_id = ${entityId} order by id`,
  );
  return rows.map((row) => row.action);
}

describe('building the tree as the super-admin', () => {
  it('creates a region, a section and a church with their contact fields, audited', async () => {
    const office = await queryOne<{ id: number }>(
      t.db,
      sql`select id from national_offices order by id limit 1`,
    );
    const region = await call('admin', 'POST', '/api/regions', {
      name: '  Région Lagunes  ',
      national_office_id: office!.id,
      city: 'Abidjan',
      phone: '+225 07 00 00 00',
      email: 'Lagunes@Example.org',
    });
    expect(region.statusCode).toBe(201);
    const r = regionAnswerSchema.parse(region.json()).data;
    expect(r).toMatchObject({
      name: 'Région Lagunes',
      city: 'Abidjan',
      phone: '+225 07 00 00 00',
      email: 'lagunes@example.org',
      address: null,
      archived_at: null,
      leader: null,
      sections_count: 0,
    });

    const section = await call('admin', 'POST', '/api/sections', {
      name: 'Section Plateau',
      region_id: r.id,
    });
    expect(section.statusCode).toBe(201);
    const s = sectionAnswerSchema.parse(section.json()).data;
    const church = await call('admin', 'POST', '/api/churches', {
      name: 'Église du Plateau',
      section_id: s.id,
      city: 'Abidjan',
      address: 'Rue du Commerce',
      email: '',
    });
    expect(church.statusCode).toBe(201);
    const c = churchAnswerSchema.parse(church.json()).data;
    expect(c).toMatchObject({
      section_id: s.id,
      region: { id: r.id },
      email: null,
      address: 'Rue du Commerce',
    });

    expect(await auditActions('region', r.id)).toEqual(['region.create']);
    expect(await auditActions('church', c.id)).toEqual(['church.create']);

    const edited = await call('admin', 'PUT', `/api/churches/${c.id}`, {
      name: 'Église du Plateau-Centre',
      city: 'Abidjan',
      address: null,
      phone: '07 07 07 07 07',
      email: 'plateau@example.org',
    });
    expect(edited.statusCode).toBe(200);
    expect(churchAnswerSchema.parse(edited.json()).data).toMatchObject({
      name: 'Église du Plateau-Centre',
      address: null,
      phone: '07 07 07 07 07',
    });
    const record = await queryOne<{
      data: { before: Record<string, unknown>; after: Record<string, unknown> };
    }>(t.db, sql`select data from audit_log where action = 'church.update' and entity_id = ${c.id}`);
    expect(record!.data.before).toEqual({
      name: 'Église du Plateau',
      address: 'Rue du Commerce',
      phone: null,
      email: null,
    });
  });

  it('validates in French: names, phone, e-mail, unknown fields', async () => {
    const section = await queryOne<{ id: number }>(t.db, sql`select id from sections order by id limit 1`);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '   ' }, "Le nom de l'église est requis."],
      [{ name: 'A' }, ORG_MESSAGES.nameShort],
      [{ name: 'x'.repeat(151) }, ORG_MESSAGES.nameLong],
      [{ name: 'Église <script>' }, ORG_MESSAGES.nameChars],
      [{ name: 'Église Valide', phone: '12' }, ORG_MESSAGES.phone],
      [{ name: 'Église Valide', email: 'pas-une-adresse' }, ORG_MESSAGES.email],
    ];
    for (const [fields, expected] of cases) {
      const response = await call('admin', 'POST', '/api/churches', { section_id: section!.id, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      const body = response.json() as { errors?: Array<{ message: string }>; message: string };
      expect([body.message, ...(body.errors ?? []).map((e) => e.message)].join(' | ')).toContain(expected);
    }
    const missingParent = await call('admin', 'POST', '/api/churches', { name: 'Église Orpheline' });
    expect(missingParent.statusCode).toBe(400);
    const unknownParent = await call('admin', 'POST', '/api/churches', {
      name: 'Église Orpheline',
      section_id: 999999,
    });
    expect(unknownParent.statusCode).toBe(404);
  });

  it('keeps names unique within a parent, not across parents (409 in French)', async () => {
    const [a, b] = await queryRows<{ id: number }>(t.db, sql`select id from sections order by id limit 2`);
    const first = await call('admin', 'POST', '/api/churches', { name: 'Église Béthel', section_id: a.id });
    expect(first.statusCode).toBe(201);
    const twin = await call('admin', 'POST', '/api/churches', { name: 'église béthel ', section_id: a.id });
    expect(twin.statusCode).toBe(409);
    expect(message(twin)).toBe(ORG_MESSAGES.churchNameTaken);
    expect(
      (await call('admin', 'POST', '/api/churches', { name: 'Église Béthel', section_id: b.id })).statusCode,
    ).toBe(201);
    const other = await call('admin', 'POST', '/api/churches', { name: 'Église Siloé', section_id: a.id });
    const renamed = await call('admin', 'PUT', `/api/churches/${other.json().data.id}`, {
      name: 'Église Béthel',
    });
    expect(renamed.statusCode).toBe(409);
    const region = await queryOne<{ name: string; national_office_id: number }>(
      t.db,
      sql`select name, national_office_id from regions order by id limit 1`,
    );
    const sameRegion = await call('admin', 'POST', '/api/regions', {
      name: region!.name.toUpperCase(),
      national_office_id: region!.national_office_id,
    });
    expect(sameRegion.statusCode).toBe(409);
    expect(message(sameRegion)).toBe(ORG_MESSAGES.regionNameTaken);
  });
});

describe('archive instead of delete', () => {
  it('deletes an empty church, archives one with faithful, restores it', async () => {
    const section = await queryOne<{ id: number }>(t.db, sql`select id from sections order by id limit 1`);
    const empty = (
      await call('admin', 'POST', '/api/churches', { name: 'Église Vide', section_id: section!.id })
    ).json().data.id as number;
    const removed = await call('admin', 'DELETE', `/api/churches/${empty}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({ outcome: 'deleted' });
    expect(await queryOne(t.db, sql`select id from churches where id = ${empty}`)).toBeUndefined();
    expect(await auditActions('church', empty)).toEqual(['church.create', 'church.delete']);

    const used = await queryOne<{ id: number; name: string }>(
      t.db,
      sql`select c.id, c.name from churches c where exists (select 1 from users u where u.church_id = c.id)
          order by c.id limit 1`,
    );
    const archived = await call('admin', 'DELETE', `/api/churches/${used!.id}`);
    expect(archived.statusCode).toBe(200);
    expect(archived.json().data).toMatchObject({ outcome: 'archived', message: ORG_MESSAGES.archivedDone });
    expect(await queryOne(t.db, sql`select id from churches where id = ${used!.id}`)).toBeDefined();

    // the lists leave it out unless asked, with their search and pagination
    const active = churchListSchema.parse(
      (await call('admin', 'GET', `/api/churches?search=${encodeURIComponent(used!.name)}`)).json(),
    );
    expect(active.data.map((c) => c.id)).not.toContain(used!.id);
    const only = churchListSchema.parse(
      (await call('admin', 'GET', '/api/churches?archived=only&limit=5')).json(),
    );
    expect(only.data.map((c) => c.id)).toContain(used!.id);
    expect(only.data.every((c) => c.archived_at !== null)).toBe(true);
    expect((await call('admin', 'GET', '/api/churches?archived=maybe')).statusCode).toBe(400);

    // an archived church is not edited, nor archived twice
    expect((await call('admin', 'PUT', `/api/churches/${used!.id}`, { name: 'Autre nom' })).statusCode).toBe(
      409,
    );
    expect((await call('admin', 'DELETE', `/api/churches/${used!.id}`)).statusCode).toBe(409);

    const restored = await call('admin', 'POST', `/api/churches/${used!.id}/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data.archived_at).toBeNull();
    expect(await auditActions('church', used!.id)).toEqual(
      expect.arrayContaining(['church.archive', 'church.restore']),
    );
  });

  it('refuses to archive a parent with active children, and to add under an archived parent', async () => {
    const region = await queryOne<{ id: number }>(
      t.db,
      sql`select r.id from regions r where exists (select 1 from sections s where s.region_id = r.id)
          order by r.id limit 1`,
    );
    const refused = await call('admin', 'DELETE', `/api/regions/${region!.id}`);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(ORG_MESSAGES.activeChildren.region);

    const office = await queryOne<{ id: number }>(
      t.db,
      sql`select id from national_offices order by id limit 1`,
    );
    const lone = (
      await call('admin', 'POST', '/api/regions', { name: 'Région Éphémère', national_office_id: office!.id })
    ).json().data.id as number;
    const section = (
      await call('admin', 'POST', '/api/sections', { name: 'Section Seule', region_id: lone })
    ).json().data.id as number;
    expect((await call('admin', 'DELETE', `/api/regions/${lone}`)).statusCode).toBe(409);
    expect((await call('admin', 'DELETE', `/api/sections/${section}`)).json().data.outcome).toBe('deleted');
    // the region had a child (deleted now): nothing hangs on it any more
    expect((await call('admin', 'DELETE', `/api/regions/${lone}`)).json().data.outcome).toBe('deleted');

    const kept = (
      await call('admin', 'POST', '/api/regions', { name: 'Région Gardée', national_office_id: office!.id })
    ).json().data.id as number;
    const child = (
      await call('admin', 'POST', '/api/sections', { name: 'Section Gardée', region_id: kept })
    ).json().data.id as number;
    await t.db.execute(sql`update sections set archived_at = now() where id = ${child}`);
    expect((await call('admin', 'DELETE', `/api/regions/${kept}`)).json().data.outcome).toBe('archived');
    const under = await call('admin', 'POST', '/api/sections', { name: 'Section Tardive', region_id: kept });
    expect(under.statusCode).toBe(409);
    expect(message(under)).toBe(ORG_MESSAGES.archivedParent);
    const regions = regionListSchema.parse((await call('admin', 'GET', '/api/regions?limit=100')).json());
    expect(regions.data.map((r) => r.id)).not.toContain(kept);
  });
});

describe('moving a church', () => {
  it('changes its section only; its records stay the church’s; audited', async () => {
    const church = await queryOne<{ id: number; section_id: number; region_id: number }>(
      t.db,
      sql`select c.id, c.section_id, s.region_id from churches c join sections s on s.id = c.section_id
          where c.archived_at is null and exists (select 1 from contributions x where x.entity_type = 'church' and x.entity_id = c.id)
          order by c.id limit 1`,
    );
    const target = await queryOne<{ id: number }>(
      t.db,
      sql`select id from sections where region_id = ${church!.region_id} and id <> ${church!.section_id}
          and archived_at is null order by id limit 1`,
    );
    const before = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from contributions where entity_type = 'church' and entity_id = ${church!.id}`,
    );
    const moved = await call('admin', 'POST', `/api/churches/${church!.id}/move`, { section_id: target!.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.section_id).toBe(target!.id);
    const after = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from contributions where entity_type = 'church' and entity_id = ${church!.id}`,
    );
    expect(after!.n).toBe(before!.n);
    const record = await queryOne<{ data: Record<string, number> }>(
      t.db,
      sql`select data from audit_log where action = 'church.move' and entity_id = ${church!.id}`,
    );
    expect(record!.data).toEqual({
      from_section_id: church!.section_id,
      to_section_id: target!.id,
      // the day it takes effect (issue 20: today by default)
      effective_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const again = await call('admin', 'POST', `/api/churches/${church!.id}/move`, { section_id: target!.id });
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(ORG_MESSAGES.sameSection);
  });
});

describe('permissions by level', () => {
  it('the region president manages the sections and churches of the region, not elsewhere', async () => {
    const regionId = accounts.region.region!.id;
    const own = await call('region', 'POST', '/api/sections', {
      name: 'Section Espoir',
      region_id: regionId,
    });
    expect(own.statusCode).toBe(201);
    const sectionId = own.json().data.id as number;
    expect(
      (
        await call('region', 'PUT', `/api/sections/${sectionId}`, {
          name: 'Section Espérance',
          city: 'Bouaké',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('region', 'DELETE', `/api/sections/${sectionId}`)).statusCode).toBe(200);

    const other = await queryOne<{ id: number; section: number }>(
      t.db,
      sql`select r.id, (select s.id from sections s where s.region_id = r.id limit 1) as section
          from regions r where r.id <> ${regionId} order by r.id limit 1`,
    );
    expect(
      (await call('region', 'POST', '/api/sections', { name: 'Section Ailleurs', region_id: other!.id }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('region', 'PUT', `/api/sections/${other!.section}`, { name: 'Prise' })).statusCode,
    ).toBe(403);
    expect((await call('region', 'DELETE', `/api/sections/${other!.section}`)).statusCode).toBe(403);
    expect((await call('region', 'PUT', `/api/regions/${other!.id}`, { name: 'Prise' })).statusCode).toBe(
      403,
    );
    expect(
      (await call('region', 'POST', '/api/national-offices', { name: 'Bureau Parallèle' })).statusCode,
    ).toBe(403);
  });

  it('the section representative creates churches in the section; a move elsewhere needs the target', async () => {
    const sectionId = accounts.section.section!.id;
    const created = await call('section', 'POST', '/api/churches', {
      name: 'Église Nouvelle Alliance',
      section_id: sectionId,
    });
    expect(created.statusCode).toBe(201);
    const churchId = created.json().data.id as number;
    const elsewhere = await queryOne<{ id: number }>(
      t.db,
      sql`select id from sections where id <> ${sectionId} order by id limit 1`,
    );
    expect(
      (await call('section', 'POST', `/api/churches/${churchId}/move`, { section_id: elsewhere!.id }))
        .statusCode,
    ).toBe(403);
    expect((await call('section', 'DELETE', `/api/churches/${churchId}`)).json().data.outcome).toBe(
      'deleted',
    );
  });

  it('the pastor edits the church but neither archives nor creates; the faithful nothing', async () => {
    const churchId = accounts.pasteur.church!.id;
    const current = await queryOne<{ name: string }>(
      t.db,
      sql`select name from churches where id = ${churchId}`,
    );
    expect(
      (
        await call('pasteur', 'PUT', `/api/churches/${churchId}`, {
          name: current!.name,
          city: 'Yamoussoukro',
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('pasteur', 'DELETE', `/api/churches/${churchId}`)).statusCode).toBe(403);
    expect((await call('fidele', 'PUT', `/api/churches/${churchId}`, { name: 'Prise' })).statusCode).toBe(
      403,
    );
    const guest = await t.app.inject({ method: 'DELETE', url: `/api/churches/${churchId}` });
    expect(guest.statusCode).toBe(401);
  });

  it('national offices are the super-admin’s', async () => {
    const office = await call('admin', 'POST', '/api/national-offices', {
      name: 'Bureau National Bis',
      city: 'Lomé',
    });
    expect(office.statusCode).toBe(201);
    const id = office.json().data.id as number;
    expect((await call('national', 'PUT', `/api/national-offices/${id}`, { name: 'Autre' })).statusCode).toBe(
      403,
    );
    expect(message(await call('national', 'PUT', `/api/national-offices/${id}`, { name: 'Autre' }))).toBe(
      ORG_MESSAGES.superAdminOnly,
    );
    expect((await call('admin', 'DELETE', `/api/national-offices/${id}`)).json().data.outcome).toBe(
      'deleted',
    );
  });
});

describe('the leader shown from the positions', () => {
  it('names the pastor of a church and the president of a region', async () => {
    const church = (await call('admin', 'GET', `/api/churches/${accounts.pasteur.church!.id}`)).json().data;
    expect(church.leader).toMatchObject({ role: 'Pasteur titulaire' });
    const region = (await call('admin', 'GET', `/api/regions/${accounts.region.region!.id}`)).json().data;
    expect(region.leader).toMatchObject({ role: 'Président de région' });
  });
});

describe('the calls SPEC.md names under /regions/{id}', () => {
  it('GET /regions/{id}/churches answers the region’s churches with search and pagination', async () => {
    const regionId = accounts.region.region!.id;
    const expected = await queryRows<{ id: number }>(
      t.db,
      sql`select c.id from churches c join sections s on s.id = c.section_id
          where s.region_id = ${regionId} and c.archived_at is null`,
    );
    const page = churchListSchema.parse(
      (await call('region', 'GET', `/api/regions/${regionId}/churches?limit=2&page=1`)).json(),
    );
    expect(page.meta).toEqual({ total: expected.length, page: 1, limit: 2 });
    const other = await queryOne<{ id: number }>(
      t.db,
      sql`select id from regions where id <> ${regionId} limit 1`,
    );
    expect((await call('region', 'GET', `/api/regions/${other!.id}/churches`)).statusCode).toBe(403);
    expect((await call('region', 'GET', `/api/regions/${regionId}/churches?limit=500`)).statusCode).toBe(400);
  });

  it('GET /regions/{id}/faithful answers what /users/faithful does for the region', async () => {
    const regionId = accounts.region.region!.id;
    const named = await call('region', 'GET', `/api/regions/${regionId}/faithful?limit=5&search=a`);
    const generic = await call(
      'region',
      'GET',
      `/api/users/faithful?entity_type=REGION&entity_id=${regionId}&limit=5&search=a`,
    );
    expect(named.statusCode).toBe(200);
    expect(named.json()).toEqual(generic.json());
    expect((await call('fidele', 'GET', `/api/regions/${regionId}/faithful`)).statusCode).toBe(403);
  });
});
