import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSchema } from '../../contract/auth';
import {
  churchListSchema,
  departmentListSchema,
  regionListSchema,
  sectionListSchema,
} from '../../contract/org';
import { queryOne, queryRows } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
const accounts: Record<string, ReturnType<typeof accountSchema.parse>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of [
    'admin',
    'national',
    'region',
    'section',
    'pasteur',
    'comptable',
    'fidele',
    'tresorier',
  ]) {
    const response = await t.as(`${name}@example.org`, { url: '/api/me' });
    accounts[name] = accountSchema.parse(response.json());
  }
});
afterAll(() => t.close());

const get = (who: string, url: string) => t.as(`${who}@example.org`, { url });
const post = (who: string, url: string, payload: unknown) =>
  t.as(`${who}@example.org`, { method: 'POST', url, payload: payload as object });

async function ids(query: ReturnType<typeof sql>): Promise<number[]> {
  return (await queryRows<{ id: number }>(t.db, query)).map((row) => row.id).sort((a, b) => a - b);
}

/** Every item of a list, page after page. */
async function all(who: string, url: string): Promise<Array<{ id: number; name: string }>> {
  const items: Array<{ id: number; name: string }> = [];
  for (let page = 1; ; page++) {
    const response = await get(who, `${url}${url.includes('?') ? '&' : '?'}limit=100&page=${page}`);
    expect(response.statusCode).toBe(200);
    const body = response.json() as { data: Array<{ id: number; name: string }>; meta: { total: number } };
    items.push(...body.data);
    if (items.length >= body.meta.total || body.data.length === 0) return items;
  }
}
const sortedIds = (items: Array<{ id: number }>) => items.map((item) => item.id).sort((a, b) => a - b);

describe('lists of a super-admin', () => {
  it('show every region, section and church, with the list shape', async () => {
    const regions = regionListSchema.parse((await get('admin', '/api/regions')).json());
    expect(regions.meta.total).toBe((await ids(sql`select id from regions`)).length);
    const sections = sectionListSchema.parse((await get('admin', '/api/sections')).json());
    expect(sections.meta.total).toBe((await ids(sql`select id from sections`)).length);
    const churches = churchListSchema.parse((await get('admin', '/api/churches')).json());
    expect(churches.meta).toEqual({
      total: (await ids(sql`select id from churches`)).length,
      page: 1,
      limit: 20,
    });
  });

  it('paginate in name order', async () => {
    const first = churchListSchema.parse((await get('admin', '/api/churches?limit=3&page=1')).json());
    const second = churchListSchema.parse((await get('admin', '/api/churches?limit=3&page=2')).json());
    expect(first.data).toHaveLength(3);
    expect(second.meta).toMatchObject({ page: 2, limit: 3 });
    expect(second.data.length).toBeGreaterThan(0);
    const names = [...first.data, ...second.data].map((church) => church.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set([...first.data, ...second.data].map((c) => c.id)).size).toBe(
      first.data.length + second.data.length,
    );
    const beyond = churchListSchema.parse((await get('admin', '/api/churches?limit=100&page=99')).json());
    expect(beyond.data).toEqual([]);
    expect(beyond.meta.total).toBe(first.meta.total);
  });

  it('search names without caring for case, and take % literally', async () => {
    const church = await queryOne<{ name: string }>(t.db, sql`select name from churches order by id limit 1`);
    const term = church!.name.split(' ').pop()!.toUpperCase();
    const response = churchListSchema.parse(
      (await get('admin', `/api/churches?search=${encodeURIComponent(term)}`)).json(),
    );
    const expected = await ids(sql`select id from churches where name ilike ${'%' + term + '%'}`);
    expect(sortedIds(response.data)).toEqual(expected.slice(0, 20));
    expect(response.meta.total).toBe(expected.length);
    const percent = churchListSchema.parse((await get('admin', '/api/churches?search=%25')).json());
    expect(percent.meta.total).toBe(0);
  });

  it('filter by parent', async () => {
    const section = await queryOne<{ id: number }>(t.db, sql`select id from sections order by id limit 1`);
    const response = churchListSchema.parse(
      (await get('admin', `/api/churches?section_id=${section!.id}`)).json(),
    );
    expect(sortedIds(response.data)).toEqual(
      await ids(sql`select id from churches where section_id = ${section!.id}`),
    );
  });
});

describe('visibility per role', () => {
  it('a region president sees their region and everything below, nothing else', async () => {
    const regionId = accounts.region.region!.id;
    expect(sortedIds(await all('region', '/api/regions'))).toEqual([regionId]);
    expect(sortedIds(await all('region', '/api/sections'))).toEqual(
      await ids(sql`select id from sections where region_id = ${regionId}`),
    );
    expect(sortedIds(await all('region', '/api/churches'))).toEqual(
      await ids(
        sql`select c.id from churches c join sections s on s.id = c.section_id where s.region_id = ${regionId}`,
      ),
    );
  });

  it('a national-office role sees its office and all below', async () => {
    const officeId = accounts.national.nationalOffice!.id;
    expect(sortedIds(await all('national', '/api/regions'))).toEqual(
      await ids(sql`select id from regions where national_office_id = ${officeId}`),
    );
    expect(sortedIds(await all('national', '/api/national-offices'))).toEqual([officeId]);
    expect((await get('national', `/api/national-offices/${officeId}`)).statusCode).toBe(200);
  });

  it('a section representative sees their section and its churches', async () => {
    const sectionId = accounts.section.section!.id;
    expect(sortedIds(await all('section', '/api/sections'))).toEqual([sectionId]);
    expect(sortedIds(await all('section', '/api/churches'))).toEqual(
      await ids(sql`select id from churches where section_id = ${sectionId}`),
    );
    expect(await all('section', '/api/regions')).toEqual([]);
  });

  it('a pastor sees their church only', async () => {
    expect(sortedIds(await all('pasteur', '/api/churches'))).toEqual([accounts.pasteur.church!.id]);
    expect(await all('pasteur', '/api/regions')).toEqual([]);
    expect(await all('pasteur', '/api/sections')).toEqual([]);
  });

  it('an external accountant sees the churches they manage', async () => {
    expect(sortedIds(await all('comptable', '/api/churches'))).toEqual(
      sortedIds(accounts.comptable.managedChurches),
    );
  });

  it('a faithful member sees their church', async () => {
    expect(sortedIds(await all('fidele', '/api/churches'))).toEqual([accounts.fidele.faithfulChurch!.id]);
  });

  it('answers 403 for another church, region or section, and 404 for what does not exist', async () => {
    const otherChurch = await queryOne<{ id: number }>(
      t.db,
      sql`select id from churches where id <> ${accounts.pasteur.church!.id} order by id limit 1`,
    );
    const own = await get('pasteur', `/api/churches/${accounts.pasteur.church!.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.name).toBe(accounts.pasteur.church!.name);
    const other = await get('pasteur', `/api/churches/${otherChurch!.id}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toMatch(/^E_HTTP_EXCEPTION: /);
    expect((await get('pasteur', '/api/churches/999999')).statusCode).toBe(404);
    expect((await get('pasteur', '/api/churches/999999')).json()).toEqual({
      message: 'E_HTTP_EXCEPTION: Église introuvable.',
    });

    const otherRegion = await queryOne<{ id: number }>(
      t.db,
      sql`select id from regions where id <> ${accounts.region.region!.id} order by id limit 1`,
    );
    expect((await get('region', `/api/regions/${accounts.region.region!.id}`)).statusCode).toBe(200);
    expect((await get('region', `/api/regions/${otherRegion!.id}`)).statusCode).toBe(403);
    expect((await get('region', '/api/regions/999999')).statusCode).toBe(404);

    const otherSection = await queryOne<{ id: number }>(
      t.db,
      sql`select id from sections where id <> ${accounts.section.section!.id} order by id limit 1`,
    );
    expect((await get('section', `/api/sections/${accounts.section.section!.id}`)).statusCode).toBe(200);
    expect((await get('section', `/api/sections/${otherSection!.id}`)).statusCode).toBe(403);
    expect(
      (await get('pasteur', `/api/national-offices/${accounts.national.nationalOffice!.id}`)).statusCode,
    ).toBe(403);
  });

  it('answers 401 to a guest', async () => {
    for (const url of [
      '/api/churches',
      '/api/regions/1',
      '/api/national-office',
      '/api/activity-groups',
      '/api/roles?group=churches',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('departments (activity groups)', () => {
  let ownDepartment: number;
  let otherDepartment: number;
  let regionDepartment: number;

  beforeAll(async () => {
    const church = accounts.pasteur.church!.id;
    const other = await queryOne<{ id: number }>(
      t.db,
      sql`select id from churches where id <> ${church} order by id limit 1`,
    );
    const insert = async (name: string, type: string, id: number) =>
      (await queryOne<{ id: number }>(
        t.db,
        sql`insert into departments (name, entity_type, entity_id) values (${name}, ${type}, ${id}) returning id`,
      ))!.id;
    ownDepartment = await insert('Zz Intercession test', 'church', church);
    otherDepartment = await insert('Zz Accueil test', 'church', other!.id);
    regionDepartment = await insert('Zz Jeunesse régionale test', 'region', accounts.region.region!.id);
  });

  it('lists only the departments of visible entities', async () => {
    const pastorList = departmentListSchema.parse(
      (await get('pasteur', '/api/activity-groups?search=zz&limit=100')).json(),
    );
    expect(pastorList.data.map((d) => d.id)).toEqual([ownDepartment]);
    expect(pastorList.data[0]).toMatchObject({
      entity_type: 'CHURCH',
      entity_id: accounts.pasteur.church!.id,
      entity: { id: accounts.pasteur.church!.id, name: accounts.pasteur.church!.name },
    });
    const adminList = departmentListSchema.parse(
      (await get('admin', '/api/activity-groups?search=zz')).json(),
    );
    expect(adminList.data.map((d) => d.id).sort()).toEqual(
      [ownDepartment, otherDepartment, regionDepartment].sort(),
    );
    const regionList = departmentListSchema.parse(
      (await get('region', '/api/activity-groups?search=zz&entity_type=REGION')).json(),
    );
    expect(regionList.data.map((d) => d.id)).toEqual([regionDepartment]);
  });

  it('answers the detail at /activity-groupes/{id} and /departments/{id}, 403 for another church', async () => {
    for (const prefix of ['/api/activity-groupes', '/api/departments']) {
      const own = await get('pasteur', `${prefix}/${ownDepartment}`);
      expect(own.statusCode).toBe(200);
      expect(own.json().data.name).toBe('Zz Intercession test');
      expect((await get('pasteur', `${prefix}/${otherDepartment}`)).statusCode).toBe(403);
      expect((await get('pasteur', `${prefix}/999999`)).statusCode).toBe(404);
    }
  });
});

describe('GET /api/national-office', () => {
  it("answers the user's national office, else the first one", async () => {
    const first = await queryOne<{ id: number; name: string }>(
      t.db,
      sql`select id, name from national_offices order by id limit 1`,
    );
    expect((await get('admin', '/api/national-office')).json()).toEqual({ data: first });
    const office = await queryOne<{ id: number; name: string }>(
      t.db,
      sql`select n.id, n.name from churches c join sections s on s.id = c.section_id
          join regions r on r.id = s.region_id join national_offices n on n.id = r.national_office_id
          where c.id = ${accounts.pasteur.church!.id}`,
    );
    expect((await get('pasteur', '/api/national-office')).json()).toEqual({ data: office });
    expect((await get('national', '/api/national-office')).json().data.id).toBe(
      accounts.national.nationalOffice!.id,
    );
  });
});

describe('creation', () => {
  it('lets a super-admin create a church, audited, then listed', async () => {
    const sectionId = accounts.section.section!.id;
    const response = await post('admin', '/api/churches', {
      name: '  Église Nouvelle Alliance  ',
      section_id: sectionId,
      city: 'Bouaké',
      phone: '',
    });
    expect(response.statusCode).toBe(201);
    const church = response.json().data;
    expect(church).toMatchObject({
      name: 'Église Nouvelle Alliance',
      section_id: sectionId,
      city: 'Bouaké',
      phone: null,
    });
    const audit = await queryOne<{ action: string; user_id: number }>(
      t.db,
      sql`select action, user_id from audit_log where entity_type = 'church' and entity_id = ${church.id}`,
    );
    expect(audit).toEqual({ action: 'church.create', user_id: accounts.admin.id });
    const listed = await get('section', `/api/churches?search=${encodeURIComponent('Nouvelle Alliance')}`);
    expect(listed.json().data.map((c: { id: number }) => c.id)).toEqual([church.id]);

    const duplicate = await post('admin', '/api/churches', {
      name: 'église nouvelle alliance',
      section_id: sectionId,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toMatch(/^E_HTTP_EXCEPTION: Une église/);
  });

  it('validates the body with French messages', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ section_id: 1 }, /Le nom de l'église est requis/],
      [{ name: 'É', section_id: 1 }, /au moins 2 caractères/],
      [{ name: 'Église X' }, /La section est requise/],
      [{ name: 'Église X', section_id: 1, pastor: 'moi' }, /Clé non reconnue/],
      [{ name: 'Église X', section_id: 1, city: 'x'.repeat(101) }, /ville ne doit pas dépasser/],
    ];
    for (const [payload, message] of cases) {
      const response = await post('admin', '/api/churches', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    expect((await post('admin', '/api/churches', { name: 'Église X', section_id: 999999 })).statusCode).toBe(
      404,
    );
  });

  it('lets a region president create sections and churches in their region only', async () => {
    const regionId = accounts.region.region!.id;
    const ownSection = await queryOne<{ id: number }>(
      t.db,
      sql`select id from sections where region_id = ${regionId} limit 1`,
    );
    const otherSection = await queryOne<{ id: number }>(
      t.db,
      sql`select id from sections where region_id <> ${regionId} limit 1`,
    );
    const otherRegion = await queryOne<{ id: number }>(
      t.db,
      sql`select id from regions where id <> ${regionId} limit 1`,
    );

    expect(
      (await post('region', '/api/churches', { name: 'Église du Plateau', section_id: ownSection!.id }))
        .statusCode,
    ).toBe(201);
    const refused = await post('region', '/api/churches', {
      name: 'Église du Plateau',
      section_id: otherSection!.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^E_HTTP_EXCEPTION: /);

    const section = await post('region', '/api/sections', { name: 'Section Nouvelle', region_id: regionId });
    expect(section.statusCode).toBe(201);
    expect(section.json().data).toMatchObject({
      name: 'Section Nouvelle',
      region_id: regionId,
      churches_count: 0,
    });
    expect(
      (await post('region', '/api/sections', { name: 'Section Nouvelle', region_id: otherRegion!.id }))
        .statusCode,
    ).toBe(403);
    expect((await post('region', '/api/regions', { name: 'Région Nouvelle' })).statusCode).toBe(403);
  });

  it('refuses creation to roles without the permission', async () => {
    const sectionId = accounts.section.section!.id;
    for (const who of ['pasteur', 'tresorier', 'fidele', 'comptable', 'national']) {
      const response = await post(who, '/api/churches', { name: `Église de ${who}`, section_id: sectionId });
      expect(response.statusCode, who).toBe(403);
    }
    expect((await post('national', '/api/regions', { name: 'Région du trésorier' })).statusCode).toBe(403);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/churches',
      payload: { name: 'Église', section_id: sectionId },
    });
    expect(guest.statusCode).toBe(401);
  });

  it('lets a super-admin create a region in the default national office', async () => {
    const response = await post('admin', '/api/regions', { name: 'Région Centre-Est' });
    expect(response.statusCode).toBe(201);
    const first = await queryOne<{ id: number }>(
      t.db,
      sql`select id from national_offices order by id limit 1`,
    );
    expect(response.json().data).toMatchObject({
      name: 'Région Centre-Est',
      national_office_id: first!.id,
      sections_count: 0,
    });
  });
});
