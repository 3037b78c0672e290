import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faithfulListSchema, userAnswerSchema } from '../../contract/faithful';
import { queryOne, queryRows } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let church1: number;
let otherChurch: number;
let regionId: number;
let fideleId: number;

beforeAll(async () => {
  t = await createTestApp();
  const pasteur = await queryOne<{ church_id: number; region_id: number }>(
    t.db,
    sql`select ra.group_id as church_id, s.region_id from users u
        join role_assignments ra on ra.user_id = u.id and ra."group" = 'churches'
        join churches c on c.id = ra.group_id join sections s on s.id = c.section_id
        where u.email = 'pasteur@example.org' limit 1`,
  );
  church1 = pasteur!.church_id;
  regionId = pasteur!.region_id;
  const other = await queryOne<{ id: number }>(
    t.db,
    sql`select c.id from churches c join sections s on s.id = c.section_id
        where s.region_id <> ${regionId} order by c.id limit 1`,
  );
  otherChurch = other!.id;
  fideleId = (await queryOne<{ id: number }>(
    t.db,
    sql`select id from users where email = 'fidele@example.org'`,
  ))!.id;
});
afterAll(() => t.close());

const get = (who: string, url: string) => t.as(`${who}@example.org`, { url });
const send = (who: string, method: 'POST' | 'PUT', url: string, payload: unknown) =>
  t.as(`${who}@example.org`, { method, url, payload: payload as object });

async function countFaithful(where: ReturnType<typeof sql>): Promise<number> {
  return (await queryOne<{ n: number }>(t.db, sql`select count(*)::int as n from users u where ${where}`))!.n;
}

describe('GET /api/users/faithful', () => {
  it('lists the faithful of a church, sorted by name, with the total and pages', async () => {
    const response = await get(
      'pasteur',
      `/api/users/faithful?entity_type=CHURCH&entity_id=${church1}&limit=25`,
    );
    expect(response.statusCode).toBe(200);
    const body = faithfulListSchema.parse(response.json());
    expect(body.meta.total).toBe(await countFaithful(sql`u.church_id = ${church1}`));
    expect(body.data).toHaveLength(25);
    expect(body.data.every((f) => f.church?.id === church1)).toBe(true);
    const names = body.data.map((f) => [f.lastname, f.firstname, f.id] as const);
    const expected = await queryRows<{ id: number }>(
      t.db,
      sql`select id from users where church_id = ${church1} order by lastname, firstname, id limit 25`,
    );
    expect(names.map((n) => n[2])).toEqual(expected.map((r) => r.id));

    const page2 = faithfulListSchema.parse(
      (
        await get('pasteur', `/api/users/faithful?entity_type=church&entity_id=${church1}&limit=25&page=2`)
      ).json(),
    );
    expect(page2.meta.page).toBe(2);
    expect(page2.data[0].id).not.toBe(body.data[0].id);
    const overlap = page2.data.filter((f) => body.data.some((g) => g.id === f.id));
    expect(overlap).toEqual([]);
  });

  it('lists a region (every church of it) for the region president', async () => {
    const response = await get('region', `/api/users/faithful?entity_type=REGION&entity_id=${regionId}`);
    expect(response.statusCode).toBe(200);
    const body = faithfulListSchema.parse(response.json());
    expect(body.meta.total).toBe(
      await countFaithful(
        sql`u.church_id in (select c.id from churches c join sections s on s.id = c.section_id where s.region_id = ${regionId})`,
      ),
    );
    expect(body.meta.total).toBeGreaterThan(body.data.length);
  });

  it('searches over names, phone, email and matricule (every word must match)', async () => {
    const someone = await queryOne<{
      firstname: string;
      lastname: string;
      phone: string;
      registration_number: string;
    }>(
      t.db,
      sql`select firstname, lastname, phone, registration_number from users
          where church_id = ${church1} and phone is not null order by id desc limit 1`,
    );
    const byName = faithfulListSchema.parse(
      (
        await get(
          'pasteur',
          `/api/users/faithful?entity_type=CHURCH&entity_id=${church1}&search=${encodeURIComponent(`${someone!.lastname.toUpperCase()} ${someone!.firstname}`)}`,
        )
      ).json(),
    );
    expect(byName.data.length).toBeGreaterThan(0);
    expect(
      byName.data.every(
        (f) =>
          f.lastname === someone!.lastname &&
          f.firstname.toLowerCase().includes(someone!.firstname.toLowerCase()),
      ),
    ).toBe(true);

    const byMatricule = faithfulListSchema.parse(
      (
        await get(
          'pasteur',
          `/api/users/faithful?entity_type=CHURCH&entity_id=${church1}&search=${someone!.registration_number.toLowerCase()}`,
        )
      ).json(),
    );
    expect(byMatricule.data.map((f) => f.registration_number)).toEqual([someone!.registration_number]);

    const digits = someone!.phone.slice(-8);
    const spaced = digits.replace(/(\d{2})(?=\d)/g, '$1 ');
    const byPhone = faithfulListSchema.parse(
      (
        await get(
          'pasteur',
          `/api/users/faithful?entity_type=CHURCH&entity_id=${church1}&search=${encodeURIComponent(spaced)}`,
        )
      ).json(),
    );
    expect(byPhone.data.some((f) => f.phone === someone!.phone)).toBe(true);

    const none = faithfulListSchema.parse(
      (
        await get('pasteur', `/api/users/faithful?entity_type=CHURCH&entity_id=${church1}&search=zzzqqq%25`)
      ).json(),
    );
    expect(none).toEqual({ data: [], meta: { total: 0, page: 1, limit: 20 } });
  });

  it('isolates entities: another church is 403, an unknown one 404, bad input 400', async () => {
    expect(
      (await get('pasteur', `/api/users/faithful?entity_type=CHURCH&entity_id=${otherChurch}`)).statusCode,
    ).toBe(403);
    expect(
      (await get('pasteur', `/api/users/faithful?entity_type=REGION&entity_id=${regionId}`)).statusCode,
    ).toBe(403);
    expect((await get('pasteur', `/api/users/faithful?entity_type=CHURCH&entity_id=999999`)).statusCode).toBe(
      404,
    );
    const bad = await get('pasteur', `/api/users/faithful?entity_type=PLANET&entity_id=1`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Type d'entité non supporté");
    expect((await get('pasteur', `/api/users/faithful?entity_type=CHURCH`)).statusCode).toBe(400);
    // a faithful member may not list the faithful
    expect(
      (await get('fidele', `/api/users/faithful?entity_type=CHURCH&entity_id=${church1}`)).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/users/faithful' })).statusCode).toBe(401);
    // without entity: only the visible churches
    const mine = faithfulListSchema.parse((await get('pasteur', '/api/users/faithful?limit=100')).json());
    expect(mine.meta.total).toBe(await countFaithful(sql`u.church_id = ${church1}`));
    const all = faithfulListSchema.parse((await get('admin', '/api/users/faithful')).json());
    expect(all.meta.total).toBe(await countFaithful(sql`u.church_id is not null`));
  });
});

describe('GET /api/users (people search of the forms)', () => {
  it('answers at most `limit` faithful of the visible churches with the fields others rely on', async () => {
    const response = await get('tresorier', '/api/users?search=a&role=faithful&limit=20');
    expect(response.statusCode).toBe(200);
    const body = faithfulListSchema.parse(response.json());
    expect(body.data.length).toBe(20);
    for (const f of body.data) {
      expect(f).toEqual(
        expect.objectContaining({
          id: expect.any(Number),
          firstname: expect.any(String),
          lastname: expect.any(String),
          church: { id: church1, name: expect.any(String) },
        }),
      );
      expect(f).toHaveProperty('phone');
      expect(f).toHaveProperty('email');
      expect(f).toHaveProperty('registration_number');
    }
    // the external accountant registers contributions: allowed, only their churches
    const accountant = faithfulListSchema.parse(
      (await get('comptable', '/api/users?role=faithful&limit=100')).json(),
    );
    const managed = await queryRows<{ church_id: number }>(
      t.db,
      sql`select mc.church_id from managed_churches mc join users u on u.id = mc.user_id
          where u.email = 'comptable@example.org'`,
    );
    expect(accountant.data.every((f) => managed.some((m) => m.church_id === f.church?.id))).toBe(true);
    expect((await get('fidele', '/api/users?role=faithful')).statusCode).toBe(403);
    expect((await get('pasteur', `/api/users?role=faithful&church_id=${otherChurch}`)).statusCode).toBe(403);
  });
});

describe('GET /api/users/{id}', () => {
  it('details a faithful with church hierarchy, roles and groups', async () => {
    const response = await get('pasteur', `/api/users/${fideleId}`);
    expect(response.statusCode).toBe(200);
    const { data } = userAnswerSchema.parse(response.json());
    expect(data.church?.id).toBe(church1);
    expect(data.region?.id).toBe(regionId);
    expect(data.roles.map((r) => r.code)).toContain('faithful');
    expect(data.pending_transfer).toBeNull();

    const pasteurId = (await queryOne<{ id: number }>(
      t.db,
      sql`select id from users where email = 'pasteur@example.org'`,
    ))!.id;
    const pasteur = userAnswerSchema.parse((await get('region', `/api/users/${pasteurId}`)).json()).data;
    expect(pasteur.churches.map((c) => c.id)).toContain(church1);
    expect(pasteur.roles.map((r) => r.code)).toContain('church::pasteur-titulaire');
  });

  it('is 404 for an unknown user, 403 for one of another church, and readable by oneself', async () => {
    expect((await get('pasteur', '/api/users/99999999')).statusCode).toBe(404);
    const stranger = await queryOne<{ id: number }>(
      t.db,
      sql`select id from users where church_id = ${otherChurch} limit 1`,
    );
    expect((await get('pasteur', `/api/users/${stranger!.id}`)).statusCode).toBe(403);
    expect((await get('fidele', `/api/users/${fideleId}`)).statusCode).toBe(200);
    expect((await get('pasteur', '/api/users/abc')).statusCode).toBe(400);
  });
});

describe('POST /api/users/faithful and PUT /api/users/{id}', () => {
  it('validates with French messages and never answers 500', async () => {
    const empty = await send('pasteur', 'POST', '/api/users/faithful', { church_id: church1 });
    expect(empty.statusCode).toBe(400);
    const messages = (empty.json().errors as { field: string; message: string }[]).map((e) => e.message);
    expect(messages).toEqual(expect.arrayContaining(['Le prénom est requis.', 'Le nom est requis.']));

    const bad = await send('pasteur', 'POST', '/api/users/faithful', {
      church_id: church1,
      firstname: 'Awa',
      lastname: 'Koné',
      phone: '12ab',
      email: 'awa@',
      birth_date: '1850-02-01',
      gender: 'X',
    });
    expect(bad.statusCode).toBe(400);
    const fields = Object.fromEntries(
      (bad.json().errors as { field: string; message: string }[]).map((e) => [e.field, e.message]),
    );
    expect(fields).toEqual({
      phone: 'Numéro de téléphone invalide.',
      email: 'Format email invalide',
      birth_date: 'La date de naissance ne peut pas être antérieure au 01/01/1900.',
      gender: 'Le sexe doit être M ou F.',
    });
    const noChurch = await send('pasteur', 'POST', '/api/users/faithful', { firstname: 'A', lastname: 'B' });
    expect(noChurch.statusCode).toBe(400);
    expect(noChurch.json().message).toContain("L'église est requise.");
  });

  it('creates a faithful (matricule given automatically, role faithful, audited) and edits them', async () => {
    const created = await send('pasteur', 'POST', '/api/users/faithful', {
      church_id: church1,
      firstname: '  Awa ',
      lastname: 'Koné',
      phone: '+225 07 99 88 77 66',
      email: 'Awa.Kone.Test@Example.org',
      gender: 'f',
      birth_date: '1990-05-04',
      address: 'Cocody, rue des Jardins',
    });
    expect(created.statusCode).toBe(201);
    const { data } = userAnswerSchema.parse(created.json());
    expect(data).toMatchObject({
      firstname: 'Awa',
      lastname: 'Koné',
      phone: '+2250799887766',
      email: 'awa.kone.test@example.org',
      gender: 'F',
      birth_date: '1990-05-04',
      church: { id: church1 },
      registration_number: `MAT-${String(data.id).padStart(6, '0')}`,
    });
    expect(data.roles.map((r) => r.code)).toEqual(['faithful']);
    const audited = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'faithful.create' and entity_id = ${data.id}`,
    );
    expect(audited!.n).toBe(1);

    // uniqueness, French 409 naming the field
    const duplicate = await send('pasteur', 'POST', '/api/users/faithful', {
      church_id: church1,
      firstname: 'Autre',
      lastname: 'Personne',
      phone: '+2250799887766',
      email: 'AWA.KONE.TEST@example.org',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('E_HTTP_EXCEPTION: Ce numéro de téléphone est déjà utilisé.');
    expect(duplicate.json().errors).toEqual([
      { field: 'phone', message: 'Ce numéro de téléphone est déjà utilisé.' },
      { field: 'email', message: 'Cette adresse email est déjà utilisée.' },
    ]);
    const takenMatricule = await send('pasteur', 'POST', '/api/users/faithful', {
      church_id: church1,
      firstname: 'Autre',
      lastname: 'Personne',
      registration_number: data.registration_number,
    });
    expect(takenMatricule.statusCode).toBe(409);
    expect(takenMatricule.json().message).toContain('Ce matricule est déjà utilisé.');

    const edited = await send('pasteur', 'PUT', `/api/users/${data.id}`, {
      firstname: 'Awa Marie',
      lastname: 'Koné',
      phone: '',
      email: 'awa.kone.test@example.org',
      registration_number: 'mat-custom-1',
    });
    expect(edited.statusCode).toBe(200);
    expect(userAnswerSchema.parse(edited.json()).data).toMatchObject({
      firstname: 'Awa Marie',
      phone: null,
      registration_number: 'MAT-CUSTOM-1',
      church: { id: church1 },
    });
    const change = await queryOne<{ data: { changed: Record<string, unknown> } }>(
      t.db,
      sql`select data from audit_log where action = 'faithful.update' and entity_id = ${data.id}`,
    );
    expect(Object.keys(change!.data.changed).sort()).toEqual(['firstname', 'phone', 'registrationNumber']);

    // someone else's phone on edit
    const other = await queryOne<{ phone: string }>(
      t.db,
      sql`select phone from users where phone is not null and id <> ${data.id} limit 1`,
    );
    const clash = await send('pasteur', 'PUT', `/api/users/${data.id}`, {
      firstname: 'Awa',
      lastname: 'Koné',
      phone: other!.phone,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toContain('Ce numéro de téléphone est déjà utilisé.');
  });

  it('checks rights on the faithful’s own church', async () => {
    const payload = { church_id: otherChurch, firstname: 'Jean', lastname: 'Yao' };
    expect((await send('pasteur', 'POST', '/api/users/faithful', payload)).statusCode).toBe(403);
    // the treasurer sees the church but may not create people
    expect(
      (await send('tresorier', 'POST', '/api/users/faithful', { ...payload, church_id: church1 })).statusCode,
    ).toBe(403);
    const stranger = await queryOne<{ id: number }>(
      t.db,
      sql`select id from users where church_id = ${otherChurch} limit 1`,
    );
    expect(
      (await send('pasteur', 'PUT', `/api/users/${stranger!.id}`, { firstname: 'X', lastname: 'Y' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await send('fidele', 'PUT', `/api/users/${fideleId}`, { firstname: 'X', lastname: 'Y' })).statusCode,
    ).toBe(403);
    // the region president creates in a church of the region
    expect(
      (await send('region', 'POST', '/api/users/faithful', { ...payload, church_id: church1 })).statusCode,
    ).toBe(201);
  });
});
