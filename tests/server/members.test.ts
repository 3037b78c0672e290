import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembersListSchema, membersAnswerSchema } from '../../contract/members';
import { queryOne } from '../../server/src/db/query';
import { membersWorld, type MembersWorld } from './members-setup';

let w: MembersWorld;
beforeAll(async () => {
  w = await membersWorld();
});
afterAll(() => w.t.close());

const msg = (body: { message: string }) => body.message.replace('E_HTTP_EXCEPTION: ', '');

describe('POST /{group}/{id}/members', () => {
  it('lets the region president give a faithful a section position, audited, and lists them', async () => {
    // issue 17: a treasurer's position gives what the president does not hold (expense:validate...)
    const beyond = await w.call('region', 'POST', `/sections/${w.section['Nord A']}/members`, {
      user_id: w.user.f1,
      roles: [w.role['section::tresorier-sectoriel']],
    });
    expect(beyond.status).toBe(403);
    expect(msg(beyond.body)).toBe(
      "Vous ne pouvez pas attribuer un poste qui donne des permissions que vous n'avez pas vous-même sur ce groupe.",
    );
    const before = await w.auditCount('member.add');
    const { status, body } = await w.call('admin', 'POST', `/sections/${w.section['Nord A']}/members`, {
      user_id: w.user.f1,
      roles: [w.role['section::tresorier-sectoriel']],
    });
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.message).toBe('Membre ajouté avec succès.');
    expect(body.data.roles.map((r: { code: string }) => r.code)).toEqual([
      'section::tresorier-sectoriel',
      'faithful',
    ]);
    expect(body.data.position).toBe('Trésorier sectoriel');
    expect(body.data.churches[0].id).toBe(w.church['Nord A1']);
    // the church of the faithful, with its section: where the leaders' spaces show their page
    expect(body.data.church).toEqual({
      id: w.church['Nord A1'],
      name: 'Église Nord A1',
      section_id: w.section['Nord A'],
    });
    expect(await w.auditCount('member.add')).toBe(before + 1);
    const audit = await queryOne<{
      user_id: number;
      entity_type: string;
      entity_id: number;
      data: { user_id: number };
    }>(
      w.t.db,
      sql`select user_id, entity_type, entity_id, data from audit_log where action = 'member.add' order by id desc limit 1`,
    );
    expect(audit).toMatchObject({
      user_id: w.user.admin,
      entity_type: 'section',
      entity_id: w.section['Nord A'],
    });
    expect(audit!.data.user_id).toBe(w.user.f1);

    const list = await w.call('region', 'GET', `/sections/${w.section['Nord A']}/members`);
    expect(list.status).toBe(200);
    const parsed = membersAnswerSchema.parse(list.body);
    expect(parsed.data.map((m) => m.id)).toEqual([w.user.section, w.user.f1]);
    // the position now shows as taken
    const roles = await w.call('region', 'GET', `/roles?group=sections&id=${w.section['Nord A']}`);
    const position = roles.body.data.find((p: { code: string }) => p.code === 'section::tresorier-sectoriel');
    expect(position.assigned).toBe(true);
  });

  it('accepts only faithful users (a user with a church)', async () => {
    for (const who of ['nochurch', 'comptable']) {
      const { status, body } = await w.call('region', 'POST', `/sections/${w.section['Nord B']}/members`, {
        user_id: w.user[who],
        roles: [w.role['section::secretaire-sectoriel']],
      });
      expect(status).toBe(400);
      expect(msg(body)).toBe('Seuls les fidèles peuvent devenir membres.');
    }
  });

  it('refuses a position already held, a role of another level, an unknown user, and validates input', async () => {
    const taken = await w.call('region', 'POST', `/sections/${w.section['Nord A']}/members`, {
      user_id: w.user.f2,
      roles: [w.role['section::representant']],
    });
    expect(taken.status).toBe(409);
    expect(msg(taken.body)).toBe('Ce poste est déjà occupé dans ce groupe.');
    const taken2 = await w.call('admin', 'POST', `/sections/${w.section['Nord A']}/members`, {
      user_id: w.user.f2,
      roles: [w.role['section::tresorier-sectoriel']],
    });
    expect(taken2.status).toBe(409);
    expect(msg(taken2.body)).toBe('Ce poste est déjà occupé dans ce groupe.');
    const wrong = await w.call('region', 'POST', `/sections/${w.section['Nord A']}/members`, {
      user_id: w.user.f2,
      roles: [w.role['church::conseiller']],
    });
    expect(wrong.status).toBe(400);
    expect(msg(wrong.body)).toBe("Ce poste n'appartient pas à ce groupe.");
    const unknown = await w.call('region', 'POST', `/sections/${w.section['Nord A']}/members`, {
      user_id: 999999,
      roles: [w.role['section::secretaire-sectoriel']],
    });
    expect(unknown.status).toBe(404);
    const empty = await w.call('region', 'POST', `/sections/${w.section['Nord A']}/members`, {
      user_id: w.user.f2,
      roles: [],
    });
    expect(empty.status).toBe(400);
    expect(msg(empty.body)).toContain('Veuillez sélectionner un poste.');
  });

  it('forbids escalation: no position of the same or a higher rank than one’s own', async () => {
    const president = await w.call('region', 'POST', `/regions/${w.region.Nord}/members`, {
      user_id: w.user.f2,
      roles: [w.role['region::president']],
    });
    expect(president.status).toBe(403);
    expect(msg(president.body)).toBe(
      'Vous ne pouvez pas attribuer un poste de niveau égal ou supérieur au vôtre.',
    );
    const national = await w.call('region', 'POST', `/national-offices/${w.office}/members`, {
      user_id: w.user.f2,
      roles: [w.role['national_office::secretaire-general']],
    });
    expect(national.status).toBe(403);
    // a section representative manages church positions, not section ones
    const section = await w.call('section', 'POST', `/sections/${w.section['Nord A']}/members`, {
      user_id: w.user.f2,
      roles: [w.role['section::secretaire-sectoriel']],
    });
    expect(section.status).toBe(403);
    expect(msg(section.body)).toBe("Vous n'avez pas le droit de gérer les postes de ce groupe.");
    const byPresident = await w.call('region', 'POST', `/regions/${w.region.Nord}/members`, {
      user_id: w.user.f2,
      roles: [w.role['region::tresorier']],
    });
    expect(byPresident.status).toBe(403);
    // issue 17: the treasurer's position is given by who holds its permissions (a super-admin)
    const treasurer = await w.call('admin', 'POST', `/regions/${w.region.Nord}/members`, {
      user_id: w.user.f2,
      roles: [w.role['region::tresorier']],
    });
    expect(treasurer.status).toBe(201);
  });

  it('keeps each office to the people allowed on it (entity isolation)', async () => {
    const other = await w.call('region', 'POST', `/sections/${w.section['Sud A']}/members`, {
      user_id: w.user.sud,
      roles: [w.role['section::secretaire-sectoriel']],
    });
    expect(other.status).toBe(403);
    // a faithful of another region is not the president's to place
    const foreign = await w.call('region', 'POST', `/sections/${w.section['Nord B']}/members`, {
      user_id: w.user.sud,
      roles: [w.role['section::secretaire-sectoriel']],
    });
    expect(foreign.status).toBe(403);
    expect(msg(foreign.body)).toBe("Vous n'avez pas accès à ce fidèle.");
    const treasurer = await w.call('tresorier', 'POST', `/churches/${w.church['Nord A1']}/members`, {
      user_id: w.user.f2,
      roles: [w.role['church::conseiller']],
    });
    expect(treasurer.status).toBe(403);
    const missing = await w.call('region', 'GET', `/churches/999999/members`);
    expect(missing.status).toBe(404);
    const faithful = await w.call('fidele', 'GET', `/churches/${w.church['Nord A1']}/members`);
    expect(faithful.status).toBe(403);
  });
});

describe('DELETE /{group}/{id}/members', () => {
  it('removes chosen roles or all of them with the server message, audited', async () => {
    const churchId = w.church['Nord A1'];
    const add = await w.call('pasteur', 'POST', `/churches/${churchId}/members`, {
      user_id: w.user.f2,
      roles: [w.role['church::conseiller'], w.role['church::charge-du-patrimoine']],
    });
    expect(add.status, JSON.stringify(add.body)).toBe(201);
    const none = await w.call('pasteur', 'DELETE', `/churches/${churchId}/members`, { user_id: w.user.f2 });
    expect(none.status).toBe(400);
    expect(msg(none.body)).toBe('Veuillez sélectionner au moins un rôle.');
    const before = await w.auditCount('member.remove');
    const one = await w.call('pasteur', 'DELETE', `/churches/${churchId}/members`, {
      user_id: w.user.f2,
      role_ids: [w.role['church::conseiller']],
    });
    expect(one.status).toBe(200);
    expect(one.body.message).toBe('Rôle retiré avec succès.');
    const again = await w.call('pasteur', 'DELETE', `/churches/${churchId}/members`, {
      user_id: w.user.f2,
      role_ids: [w.role['church::conseiller']],
    });
    expect(again.status).toBe(404);
    expect(msg(again.body)).toBe("Ce membre n'a pas ce rôle dans ce groupe.");
    const all = await w.call('pasteur', 'DELETE', `/churches/${churchId}/members`, {
      user_id: w.user.f2,
      remove_all_roles: true,
    });
    expect(all.status).toBe(200);
    expect(await w.auditCount('member.remove')).toBe(before + 2);
  });

  it('refuses to remove a role of the same or a higher rank, or without role:assign', async () => {
    const churchId = w.church['Nord A1'];
    const own = await w.call('pasteur', 'DELETE', `/churches/${churchId}/members`, {
      user_id: w.user.pasteur,
      remove_all_roles: true,
    });
    expect(own.status).toBe(403);
    expect(msg(own.body)).toBe('Vous ne pouvez pas retirer un rôle de niveau égal ou supérieur au vôtre.');
    const byTreasurer = await w.call('tresorier', 'DELETE', `/churches/${churchId}/members`, {
      user_id: w.user.pasteur,
      remove_all_roles: true,
    });
    expect(byTreasurer.status).toBe(403);
    expect(msg(byTreasurer.body)).toBe("Vous n'avez pas le droit de retirer des rôles dans ce groupe.");
    const still = await w.call('pasteur', 'GET', `/churches/${churchId}/members`);
    expect(still.body.data.some((m: { id: number }) => m.id === w.user.pasteur)).toBe(true);
  });
});

describe('GET /group-members and /group-members/stats', () => {
  it('lists the faithful and office holders of the region by name, with role tabs and search', async () => {
    const all = await w.call('region', 'GET', `/group-members?group=regions&id=${w.region.Nord}&limit=50`);
    expect(all.status).toBe(200);
    const parsed = groupMembersListSchema.parse(all.body);
    const ids = parsed.data.map((m) => m.id);
    for (const who of ['f1', 'f2', 'f3', 'fidele', 'region', 'section', 'pasteur'])
      expect(ids).toContain(w.user[who]);
    expect(ids).not.toContain(w.user.sud);
    const names = parsed.data.map((m) => m.lastname);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(parsed.meta.total).toBe(parsed.data.length);

    const presidents = await w.call(
      'region',
      'GET',
      `/group-members?group=regions&id=${w.region.Nord}&role=president`,
    );
    expect(presidents.body.data.map((m: { id: number }) => m.id)).toEqual([w.user.region]);
    const treasurers = await w.call(
      'region',
      'GET',
      `/group-members?group=regions&id=${w.region.Nord}&role=tresorier`,
    );
    const treasurerIds = treasurers.body.data.map((m: { id: number }) => m.id);
    expect(treasurerIds).toEqual(expect.arrayContaining([w.user.tresorier, w.user.f1, w.user.f2]));

    const search = await w.call(
      'region',
      'GET',
      `/group-members?group=regions&id=${w.region.Nord}&search=testf3`,
    );
    expect(search.body.data.map((m: { id: number }) => m.id)).toEqual([w.user.f3]);
    const paged = await w.call(
      'region',
      'GET',
      `/group-members?group=regions&id=${w.region.Nord}&limit=2&page=2`,
    );
    expect(paged.body.data).toHaveLength(2);
    expect(paged.body.meta).toMatchObject({ page: 2, limit: 2, total: parsed.meta.total });
    // without id: the user's own region
    const own = await w.call('region', 'GET', `/group-members?group=regions`);
    expect(own.body.meta.total).toBe(parsed.meta.total);

    const stats = await w.call('region', 'GET', `/group-members/stats?group=regions&id=${w.region.Nord}`);
    expect(stats.status).toBe(200);
    expect(stats.body.data).toMatchObject({
      total: parsed.meta.total,
      presidents: 1,
      treasurers: treasurerIds.length,
    });
  });

  it('refuses another region, a faithful, and invalid queries', async () => {
    expect((await w.call('region', 'GET', `/group-members?group=regions&id=${w.region.Sud}`)).status).toBe(
      403,
    );
    expect(
      (await w.call('fidele', 'GET', `/group-members?group=churches&id=${w.church['Nord A1']}`)).status,
    ).toBe(403);
    const bad = await w.call('region', 'GET', `/group-members?group=planets`);
    expect(bad.status).toBe(400);
    expect(msg(bad.body)).toContain('Groupe invalide.');
    const noGroup = await w.call('tresorier', 'GET', `/group-members?group=regions`);
    expect(noGroup.status).toBe(400);
    expect(msg(noGroup.body)).toBe('ID du groupe manquant');
  });
});

describe('external accountants', () => {
  it('lets the super-admin create one with churches and change them, audited', async () => {
    const created = await w.call('admin', 'POST', '/users/external-accountants', {
      firstname: 'Eric',
      lastname: 'Comptable',
      email: 'Eric.Comptable@Example.org',
      password: 'motdepasse1',
      church_ids: [w.church['Sud B1'], w.church['Nord B2']],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.message).toBe('Comptable externe créé avec succès.');
    expect(created.body.data.email).toBe('eric.comptable@example.org');
    expect(created.body.data.managedChurches.map((c: { id: number }) => c.id).sort()).toEqual(
      [w.church['Sud B1'], w.church['Nord B2']].sort(),
    );
    const login = await w.t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { login: 'eric.comptable@example.org', password: 'motdepasse1' },
    });
    expect(login.statusCode).toBe(200);
    const id = created.body.data.id;
    const edit = await w.call('admin', 'PUT', `/users/${id}/edit-managed-churches`, {
      church_ids: [w.church['Sud A2']],
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data.managedChurches).toEqual([{ id: w.church['Sud A2'], name: 'Église Sud A2' }]);
    expect(await w.auditCount('external_accountant.create')).toBe(1);
    expect(await w.auditCount('external_accountant.churches')).toBe(1);
    const list = await w.call('admin', 'GET', '/users/external-accountants?search=eric');
    expect(list.body.data.map((a: { id: number }) => a.id)).toEqual([id]);
  });

  it('refuses others, duplicates, non-accountants and invalid input in French', async () => {
    const body = { firstname: 'X', lastname: 'Y', email: 'x@example.org', password: 'motdepasse1' };
    expect((await w.call('region', 'POST', '/users/external-accountants', body)).status).toBe(403);
    const dup = await w.call('admin', 'POST', '/users/external-accountants', {
      ...body,
      email: 'fidele@example.org',
    });
    expect(dup.status).toBe(409);
    expect(msg(dup.body)).toBe('Un utilisateur utilise déjà cet e-mail.');
    const short = await w.call('admin', 'POST', '/users/external-accountants', {
      ...body,
      password: 'court',
    });
    expect(short.status).toBe(400);
    expect(msg(short.body)).toContain('Le mot de passe doit contenir au moins 8 caractères.');
    const email = await w.call('admin', 'POST', '/users/external-accountants', {
      ...body,
      email: 'pas-un-email',
    });
    expect(msg(email.body)).toContain('Format email invalide');
    const notAccountant = await w.call('admin', 'PUT', `/users/${w.user.fidele}/edit-managed-churches`, {
      church_ids: [],
    });
    expect(notAccountant.status).toBe(400);
    expect(msg(notAccountant.body)).toBe("Cet utilisateur n'est pas un comptable externe.");
    const church = await w.call('admin', 'PUT', `/users/${w.user.comptable}/edit-managed-churches`, {
      church_ids: [999999],
    });
    expect(church.status).toBe(404);
  });
});
