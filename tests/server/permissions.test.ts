import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolesAnswerSchema } from '../../contract/roles';
import { seedReferenceData } from '../../server/src/db/reference-data';
import { queryOne, queryRows } from '../../server/src/db/query';
import {
  departments,
  permissions,
  rolePermissions,
  roles,
  userPermissions,
  users,
} from '../../server/src/db/schema/core';
import { grantingCodes, hasPermission, hasPermissions } from '../../server/src/permissions/check';
import { ROLE_DEFINITIONS } from '../../server/src/permissions/catalogue';
import {
  assertEntityVisible,
  loadVisibility,
  visibleEntityCondition,
} from '../../server/src/permissions/visibility';
import { createTestApp, type TestApp } from './helpers';

// The fixture (tests/server/fixtures.ts): a known hierarchy, so expectations can name entities.
let t: TestApp;
const church: Record<string, number> = {};
const section: Record<string, number> = {};
const region: Record<string, number> = {};
let officeId: number;
const userIds: Record<string, number> = {};
const departmentOf: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp({ template: 'fixture' });
  for (const row of await queryRows<{ id: number; name: string }>(t.db, sql`select id, name from churches`)) {
    church[row.name.replace('Église ', '')] = row.id;
  }
  for (const row of await queryRows<{ id: number; name: string }>(t.db, sql`select id, name from sections`)) {
    section[row.name.replace('Section ', '')] = row.id;
  }
  for (const row of await queryRows<{ id: number; name: string }>(t.db, sql`select id, name from regions`)) {
    region[row.name.replace('Région ', '')] = row.id;
  }
  officeId = (await queryOne<{ id: number }>(t.db, sql`select id from national_offices`))!.id;
  for (const row of await t.db.select().from(users)) userIds[row.email!.split('@')[0]] = row.id;
  for (const row of await t.db.select().from(departments)) departmentOf[row.name] = row.id;
});
afterAll(() => t.close());

const check = async (
  who: string,
  permission: string,
  entity_type?: string | null,
  entity_id?: number | string | null,
) => {
  const response = await t.as(`${who}@example.org`, {
    method: 'POST',
    url: '/api/permissions/check',
    payload: { permission, entity_type, entity_id },
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { hasPermission: boolean }).hasPermission;
};

async function grant(
  who: string,
  code: string,
  entityType: 'global' | 'national_office' | 'region' | 'section' | 'church' | 'department',
  entityId: number | null,
  extra: { expiresAt?: Date; revokedAt?: Date } = {},
) {
  const permission = await t.db.select().from(permissions).where(eq(permissions.code, code));
  const [row] = await t.db
    .insert(userPermissions)
    .values({
      userId: userIds[who],
      permissionId: permission[0].id,
      entityType,
      entityId,
      grantedBy: userIds.admin,
      ...extra,
    })
    .returning();
  return row.id;
}

describe('POST /api/permissions/check', () => {
  it('grants everything to a super-admin, even unknown codes', async () => {
    expect(await check('admin', 'expense:approve', 'CHURCH', church['Sud B2'])).toBe(true);
    expect(await check('admin', 'system:config')).toBe(true);
    expect(await check('admin', 'anything:whatever', 'REGION', region.Sud)).toBe(true);
  });

  it("applies a church role's permissions in its church and the church's departments only", async () => {
    expect(await check('pasteur', 'expense:approve', 'CHURCH', church['Nord A1'])).toBe(true);
    expect(await check('pasteur', 'expense:approve', 'church', church['Nord A1'])).toBe(true);
    expect(await check('pasteur', 'expense:approve', 'CHURCH', String(church['Nord A1']))).toBe(true);
    expect(await check('pasteur', 'expense:approve', 'CHURCH', church['Nord A2'])).toBe(false);
    expect(await check('pasteur', 'expense:approve', 'SECTION', section['Nord A'])).toBe(false);
    expect(
      await check('pasteur', 'expense:approve', 'DEPARTMENT', departmentOf['Chorale Église Nord A1']),
    ).toBe(true);
    expect(
      await check('pasteur', 'expense:approve', 'DEPARTMENT', departmentOf['Chorale Église Nord A2']),
    ).toBe(false);
    // A pastor approves, a treasurer validates and records contributions.
    expect(await check('pasteur', 'expense:validate', 'CHURCH', church['Nord A1'])).toBe(false);
    expect(await check('tresorier', 'expense:validate', 'CHURCH', church['Nord A1'])).toBe(true);
    expect(await check('tresorier', 'contribution:print_receipt', 'CHURCH', church['Nord A1'])).toBe(true);
    expect(await check('tresorier', 'expense:approve', 'CHURCH', church['Nord A1'])).toBe(false);
  });

  it('applies a region role to everything below the region, and not above or beside it', async () => {
    expect(await check('region', 'expense_request:approve', 'REGION', region.Nord)).toBe(true);
    expect(await check('region', 'expense_request:approve', 'SECTION', section['Nord B'])).toBe(true);
    expect(await check('region', 'expense_request:approve', 'CHURCH', church['Nord B2'])).toBe(true);
    expect(
      await check('region', 'expense_request:approve', 'DEPARTMENT', departmentOf['Jeunesse Région Nord']),
    ).toBe(true);
    expect(await check('region', 'expense_request:approve', 'CHURCH', church['Sud A1'])).toBe(false);
    expect(await check('region', 'expense_request:approve', 'REGION', region.Sud)).toBe(false);
    expect(await check('region', 'expense_request:approve', 'NATIONAL_OFFICE', officeId)).toBe(false);
    expect(await check('region', 'permission:delegate', 'CHURCH', church['Nord A2'])).toBe(true);
    expect(await check('region', 'role:manage_church', 'CHURCH', church['Nord A2'])).toBe(true);
  });

  it('applies a national-office role to every church of the office', async () => {
    expect(await check('national', 'expense:validate', 'CHURCH', church['Sud B2'])).toBe(true);
    expect(await check('national', 'expense:validate', 'NATIONAL_OFFICE', officeId)).toBe(true);
    expect(await check('national', 'expense:approve', 'CHURCH', church['Sud B2'])).toBe(false);
  });

  it("applies an external accountant's role to the churches they manage", async () => {
    expect(await check('comptable', 'contribution:create', 'CHURCH', church['Sud A1'])).toBe(true);
    expect(await check('comptable', 'contribution:create', 'CHURCH', church['Sud A2'])).toBe(false);
  });

  it('gives nothing to a faithful member', async () => {
    expect(await check('fidele', 'church:view', 'CHURCH', church['Nord A1'])).toBe(false);
    expect(await check('fidele', 'church:view')).toBe(false);
  });

  it('answers "anywhere" without an entity, and maps ACTIVITY_GROUP to that global scope', async () => {
    expect(await check('pasteur', 'expense:approve')).toBe(true);
    expect(await check('pasteur', 'expense:approve', null, null)).toBe(true);
    expect(await check('pasteur', 'expense:approve', 'ACTIVITY_GROUP', 123)).toBe(true);
    expect(await check('pasteur', 'expense:validate', 'ACTIVITY_GROUP', 123)).toBe(false);
    expect(await check('comptable', 'contribution:create', 'GLOBAL')).toBe(true);
  });

  it('lets resource:manage imply the other actions, and expense_request:manage the three expense actions', async () => {
    await grant('fidele', 'contribution:manage', 'church', church['Nord A1']);
    expect(await check('fidele', 'contribution:create', 'CHURCH', church['Nord A1'])).toBe(true);
    expect(await check('fidele', 'contribution:print_receipt', 'CHURCH', church['Nord A1'])).toBe(true);
    expect(await check('fidele', 'contribution:create', 'CHURCH', church['Nord A2'])).toBe(false);

    await grant('fidele', 'expense_request:manage', 'church', church['Nord A1']);
    for (const code of [
      'expense:approve',
      'expense:validate',
      'expense:cancel',
      'expense_request:approve',
      'expense_request:view',
    ]) {
      expect(await check('fidele', code, 'CHURCH', church['Nord A1']), code).toBe(true);
    }
    expect(await check('fidele', 'expense:create', 'CHURCH', church['Nord A1'])).toBe(false);
    expect(grantingCodes('expense:approve')).toEqual([
      'expense:approve',
      'expense:manage',
      'expense_request:manage',
    ]);
    expect(grantingCodes('budget:manage')).toEqual(['budget:manage']);
  });

  it('honours the expiry and the revocation of direct grants at once', async () => {
    const target = ['CHURCH', church['Sud B1']] as const;
    await grant('section', 'budget:approve', 'church', church['Sud B1'], {
      expiresAt: new Date(Date.now() - 1000),
    });
    expect(await check('section', 'budget:approve', ...target)).toBe(false);

    const id = await grant('section', 'budget:approve', 'church', church['Sud B1'], {
      expiresAt: new Date(Date.now() + 3600_000),
    });
    expect(await check('section', 'budget:approve', ...target)).toBe(true);
    await t.db.update(userPermissions).set({ revokedAt: new Date() }).where(eq(userPermissions.id, id));
    expect(await check('section', 'budget:approve', ...target)).toBe(false);

    const expiring = await grant('section', 'budget:approve', 'church', church['Sud B1']);
    expect(await check('section', 'budget:approve', ...target)).toBe(true);
    await t.db
      .update(userPermissions)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(userPermissions.id, expiring));
    expect(await check('section', 'budget:approve', ...target)).toBe(false);
  });

  it('applies a global grant everywhere, and a grant of a level without entity to that whole level', async () => {
    await grant('impaye', 'report:view', 'global', null);
    expect(await check('impaye', 'report:view', 'CHURCH', church['Sud B2'])).toBe(true);
    expect(await check('impaye', 'report:view', 'REGION', region.Sud)).toBe(true);

    await grant('impaye', 'budget:finalize', 'section', null);
    expect(await check('impaye', 'budget:finalize', 'SECTION', section['Sud A'])).toBe(true);
    expect(await check('impaye', 'budget:finalize', 'CHURCH', church['Sud A1'])).toBe(true);
    expect(await check('impaye', 'budget:finalize', 'REGION', region.Sud)).toBe(false);

    await grant('impaye', 'activity:delete', 'department', departmentOf['Jeunesse Région Sud']);
    expect(await check('impaye', 'activity:delete', 'DEPARTMENT', departmentOf['Jeunesse Région Sud'])).toBe(
      true,
    );
    expect(await check('impaye', 'activity:delete', 'REGION', region.Sud)).toBe(false);
  });

  it('answers 400 to an unknown entity type and 401 to a guest', async () => {
    const bad = await t.as('pasteur@example.org', {
      method: 'POST',
      url: '/api/permissions/check',
      payload: { permission: 'expense:approve', entity_type: 'PLANET', entity_id: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Type d'entité non supporté/);
    const guest = await t.app.inject({
      method: 'POST',
      url: '/api/permissions/check',
      payload: { permission: 'x:y' },
    });
    expect(guest.statusCode).toBe(401);
  });
});

describe('POST /api/permissions/check-multiple', () => {
  it('answers each result, hasAny and hasAll', async () => {
    const ask = async (who: string, list: string[]) =>
      (
        await t.as(`${who}@example.org`, {
          method: 'POST',
          url: '/api/permissions/check-multiple',
          payload: { permissions: list, entity_type: 'CHURCH', entity_id: church['Nord A1'] },
        })
      ).json();
    expect(await ask('tresorier', ['expense:validate', 'expense:approve', 'contribution:create'])).toEqual({
      hasAny: true,
      hasAll: false,
      results: { 'expense:validate': true, 'expense:approve': false, 'contribution:create': true },
    });
    expect(await ask('pasteur', ['expense:approve', 'expense_request:approve'])).toMatchObject({
      hasAny: true,
      hasAll: true,
    });
    expect(await ask('impaye', ['expense:approve', 'expense:cancel'])).toMatchObject({
      hasAny: false,
      hasAll: false,
    });
    const empty = await t.as('pasteur@example.org', {
      method: 'POST',
      url: '/api/permissions/check-multiple',
      payload: { permissions: [] },
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('hasPermission / hasPermissions (the module later features use)', () => {
  it('agree with the endpoint and short-circuit for a super-admin', async () => {
    const pastor = { userId: userIds.pasteur, isSuperAdmin: false };
    expect(await hasPermission(t.db, pastor, 'expense:approve', 'CHURCH', church['Nord A1'])).toBe(true);
    expect(await hasPermission(t.db, pastor, 'expense:approve', 'churches', church['Nord B1'])).toBe(false);
    expect(
      await hasPermissions(t.db, pastor, ['member:view', 'system:logs'], 'church', church['Nord A1']),
    ).toEqual({ 'member:view': true, 'system:logs': false });
    expect(await hasPermission(t.db, { userId: 0, isSuperAdmin: true }, 'system:logs', 'CHURCH', 1)).toBe(
      true,
    );
  });
});

describe('visibility module (the one later features reuse)', () => {
  it('checks one entity: nothing for a visible one, 403 for a hidden one, 404 for a missing one', async () => {
    const visibility = await loadVisibility(t.db, { userId: userIds.pasteur, isSuperAdmin: false });
    expect(visibility).toEqual({
      all: false,
      nationalOfficeIds: [],
      regionIds: [],
      sectionIds: [],
      churchIds: [church['Nord A1']],
    });
    await expect(assertEntityVisible(t.db, visibility, 'CHURCH', church['Nord A1'])).resolves.toBeUndefined();
    await expect(assertEntityVisible(t.db, visibility, 'church', church['Nord A2'])).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(assertEntityVisible(t.db, visibility, 'CHURCH', 999999)).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      assertEntityVisible(t.db, visibility, 'ACTIVITY_GROUP', departmentOf['Chorale Église Nord A1']),
    ).resolves.toBeUndefined();
    await expect(
      assertEntityVisible(t.db, visibility, 'DEPARTMENT', departmentOf['Chorale Église Nord A2']),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(assertEntityVisible(t.db, visibility, 'PLANET', 1)).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('filters rows naming an entity by type and id', async () => {
    const rows = sql.raw(
      `(values ('church', ${church['Nord A1']}), ('church', ${church['Nord A2']}), ` +
        `('department', ${departmentOf['Chorale Église Nord A1']}), ('department', ${departmentOf['Jeunesse Région Nord']}), ` +
        `('region', ${region.Nord}), ('section', ${section['Nord A']}), ('national_office', ${officeId})) as v(t, i)`,
    );
    const visibleFor = async (who: string) => {
      const visibility = await loadVisibility(t.db, { userId: userIds[who], isSuperAdmin: who === 'admin' });
      return (
        await queryRows<{ t: string; i: number }>(
          t.db,
          sql`select t, i from ${rows} where ${visibleEntityCondition(visibility, sql`v.t`, sql`v.i`)} order by t, i`,
        )
      ).map((row) => `${row.t}:${row.i}`);
    };
    expect(await visibleFor('pasteur')).toEqual([
      `church:${church['Nord A1']}`,
      `department:${departmentOf['Chorale Église Nord A1']}`,
    ]);
    expect(await visibleFor('region')).toHaveLength(6);
    expect(await visibleFor('national')).toHaveLength(7);
    expect(await visibleFor('admin')).toHaveLength(7);
    expect(await visibleFor('fidele')).toEqual([
      `church:${church['Nord A1']}`,
      `department:${departmentOf['Chorale Église Nord A1']}`,
    ]);
  });
});

describe('GET /api/roles', () => {
  it('lists the positions of a group, with assigned when someone holds one there', async () => {
    const response = await t.as('admin@example.org', {
      url: `/api/roles?group=churches&id=${church['Nord A1']}`,
    });
    expect(response.statusCode).toBe(200);
    const { data } = rolesAnswerSchema.parse(response.json());
    expect(data).toHaveLength(15);
    expect(data.every((role) => role.code.startsWith('church::'))).toBe(true);
    const byCode = Object.fromEntries(data.map((role) => [role.code, role]));
    expect(byCode['church::pasteur-titulaire']).toMatchObject({ name: 'Pasteur titulaire', assigned: true });
    expect(byCode['church::tresorier-general'].assigned).toBe(true);
    expect(byCode['church::conseiller'].assigned).toBe(false);
    expect(data[0].code).toBe('church::pasteur-titulaire');
  });

  it('knows the positions of each level', async () => {
    const codes = async (group: string) =>
      rolesAnswerSchema
        .parse((await t.as('admin@example.org', { url: `/api/roles?group=${group}` })).json())
        .data.map((r) => r.code);
    expect(await codes('regions')).toEqual(['region::president', 'region::tresorier', 'region::secretaire']);
    expect(await codes('sections')).toEqual([
      'section::representant',
      'section::tresorier-sectoriel',
      'section::secretaire-sectoriel',
    ]);
    expect(await codes('national_offices')).toEqual([
      'national_office::president',
      'national_office::tresorier-general',
      'national_office::secretaire-general',
    ]);
    const noId = rolesAnswerSchema.parse(
      (await t.as('admin@example.org', { url: '/api/roles?group=regions' })).json(),
    );
    expect(noId.data.every((role) => role.assigned === false)).toBe(true);
  });

  it('answers 403 for a group the user cannot see and 404 for one that does not exist', async () => {
    expect(
      (await t.as('pasteur@example.org', { url: `/api/roles?group=churches&id=${church['Sud A1']}` }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.as('pasteur@example.org', { url: '/api/roles?group=churches&id=999999' })).statusCode,
    ).toBe(404);
    expect(
      (await t.as('region@example.org', { url: `/api/roles?group=regions&id=${region.Nord}` })).statusCode,
    ).toBe(200);
  });
});

describe('reference data', () => {
  it('holds every role of SPEC.md section 6 with a French name', async () => {
    const rows = await t.db.select().from(roles);
    const codes = rows.map((role) => role.code);
    for (const code of [
      'admin',
      'external-accountant',
      'faithful',
      'church::secretaire-comptable',
      'section::tresorier-sectoriel',
    ]) {
      expect(codes).toContain(code);
    }
    expect(rows.filter((role) => role.scope === 'church')).toHaveLength(15);
    expect(rows.find((role) => role.code === 'national_office::tresorier-general')?.name).toBe(
      'Trésorier général',
    );
  });

  it('is idempotent and does not bring back a default mapping an administrator removed', async () => {
    const counts = async () =>
      queryOne<{ r: number; p: number; rp: number }>(
        t.db,
        sql`select (select count(*)::int from roles) r, (select count(*)::int from permissions) p,
                   (select count(*)::int from role_permissions) rp`,
      );
    const before = await counts();
    expect(before!.r).toBe(ROLE_DEFINITIONS.length + 0);
    const [pastor] = await t.db.select().from(roles).where(eq(roles.code, 'church::pasteur-titulaire'));
    const [approve] = await t.db.select().from(permissions).where(eq(permissions.code, 'expense:approve'));
    await t.db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, pastor.id), eq(rolePermissions.permissionId, approve.id)));
    await seedReferenceData(t.db);
    await seedReferenceData(t.db);
    const after = await counts();
    expect(after).toEqual({ ...before, rp: before!.rp - 1 });
    expect(await check('pasteur', 'expense:approve', 'CHURCH', church['Nord A1'])).toBe(false);
  });
});
