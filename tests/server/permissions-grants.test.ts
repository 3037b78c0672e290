import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userGrantListSchema } from '../../contract/permissions';
import { queryOne } from '../../server/src/db/query';
import { membersWorld, type MembersWorld } from './members-setup';

let w: MembersWorld;
beforeAll(async () => {
  w = await membersWorld();
});
afterAll(() => w.t.close());

const msg = (body: { message: string }) => body.message.replace('E_HTTP_EXCEPTION: ', '');
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('POST /permissions/grant and /permissions/revoke', () => {
  it('grants expense:approve on one church for a week: it applies there only, audited, then revoked at once', async () => {
    const a1 = w.church['Nord A1'];
    expect(await w.check('fidele', 'expense:approve', 'CHURCH', a1)).toBe(false);
    const before = await w.auditCount('permission.grant');
    const granted = await w.call('region', 'POST', '/permissions/grant', {
      user_id: w.user.fidele,
      permission: 'expense:approve',
      entity_type: 'CHURCH',
      entity_id: a1,
      expires_at: inDays(7),
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    expect(granted.body.message).toBe('Permission accordée avec succès');
    expect(granted.body.data).toMatchObject({
      permission: 'expense:approve',
      entity_type: 'church',
      entity_id: a1,
      entity_name: 'Église Nord A1',
      expired: false,
      grantor: { id: w.user.region, firstname: 'Rachel', lastname: 'Yao' },
    });
    expect(await w.auditCount('permission.grant')).toBe(before + 1);

    expect(await w.check('fidele', 'expense:approve', 'CHURCH', a1)).toBe(true);
    expect(await w.check('fidele', 'expense:approve', 'CHURCH', w.church['Nord A2'])).toBe(false);
    expect(await w.check('fidele', 'expense:approve', 'CHURCH', w.church['Sud A1'])).toBe(false);
    expect(await w.check('fidele', 'expense:approve', 'SECTION', w.section['Nord A'])).toBe(false);

    const duplicate = await w.call('region', 'POST', '/permissions/grant', {
      user_id: w.user.fidele,
      permission: 'expense:approve',
      entity_type: 'church',
      entity_id: a1,
    });
    expect(duplicate.status).toBe(409);

    const mine = await w.call('fidele', 'GET', '/permissions/user');
    expect(userGrantListSchema.parse(mine.body).data.map((g) => g.permission)).toEqual(['expense:approve']);

    const revoked = await w.call('region', 'POST', '/permissions/revoke', {
      user_id: w.user.fidele,
      permission: 'expense:approve',
      entity_type: 'CHURCH',
      entity_id: a1,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.message).toBe('Permission révoquée avec succès');
    expect(await w.check('fidele', 'expense:approve', 'CHURCH', a1)).toBe(false);
    expect(await w.auditCount('permission.revoke')).toBe(1);
    const again = await w.call('region', 'POST', '/permissions/revoke', {
      user_id: w.user.fidele,
      permission: 'expense:approve',
      entity_type: 'CHURCH',
      entity_id: a1,
    });
    expect(again.status).toBe(404);
    expect((await w.call('fidele', 'GET', '/permissions/user')).body.data).toEqual([]);
  });

  it('refuses an expiry in the past, a wrong scope, an unknown permission and invalid input', async () => {
    const base = {
      user_id: w.user.f1,
      permission: 'expense:approve',
      entity_type: 'CHURCH',
      entity_id: w.church['Nord A1'],
    };
    const past = await w.call('region', 'POST', '/permissions/grant', { ...base, expires_at: inDays(-1) });
    expect(past.status).toBe(400);
    expect(msg(past.body)).toBe("La date d'expiration ne peut pas être dans le passé.");
    const scope = await w.call('region', 'POST', '/permissions/grant', {
      ...base,
      permission: 'region:create',
    });
    expect(scope.status).toBe(400);
    expect(msg(scope.body)).toBe('Cette permission ne peut pas être accordée dans ce scope.');
    const unknown = await w.call('region', 'POST', '/permissions/grant', {
      ...base,
      permission: 'nope:nope',
    });
    expect(unknown.status).toBe(404);
    const noPermission = await w.call('region', 'POST', '/permissions/grant', { ...base, permission: '' });
    expect(noPermission.status).toBe(400);
    expect(msg(noPermission.body)).toContain('Veuillez sélectionner une permission');
    const noScope = await w.call('region', 'POST', '/permissions/grant', { ...base, entity_type: undefined });
    expect(noScope.status).toBe(400);
    expect(msg(noScope.body)).toContain('Veuillez sélectionner un scope');
    const badDate = await w.call('region', 'POST', '/permissions/grant', { ...base, expires_at: 'demain' });
    expect(badDate.status).toBe(400);
  });

  it('forbids escalation: no grant of what one does not hold there, nor without permission:delegate', async () => {
    const a1 = w.church['Nord A1'];
    const grantsBefore = await w.auditCount('permission.grant');
    // the region president does not hold operation_account:forbid
    const notHeld = await w.call('region', 'POST', '/permissions/grant', {
      user_id: w.user.f1,
      permission: 'operation_account:forbid',
      entity_type: 'CHURCH',
      entity_id: a1,
    });
    expect(notHeld.status).toBe(403);
    expect(msg(notHeld.body)).toBe(
      'Vous ne pouvez pas accorder une permission que vous ne détenez pas vous-même sur cette entité.',
    );
    // a treasurer cannot delegate at all
    const treasurer = await w.call('tresorier', 'POST', '/permissions/grant', {
      user_id: w.user.f1,
      permission: 'expense:validate',
      entity_type: 'CHURCH',
      entity_id: a1,
    });
    expect(treasurer.status).toBe(403);
    expect(msg(treasurer.body)).toBe(
      "Vous n'avez pas le droit de déléguer des permissions sur cette entité.",
    );
    // another region's church
    const other = await w.call('region', 'POST', '/permissions/grant', {
      user_id: w.user.f1,
      permission: 'expense:approve',
      entity_type: 'CHURCH',
      entity_id: w.church['Sud A1'],
    });
    expect(other.status).toBe(403);
    // a higher-ranked user (the national treasurer) is not the region president's to manage
    const higher = await w.call('region', 'POST', '/permissions/grant', {
      user_id: w.user.national,
      permission: 'expense:approve',
      entity_type: 'REGION',
      entity_id: w.region.Nord,
    });
    expect(higher.status).toBe(403);
    expect(msg(higher.body)).toBe("Vous n'êtes pas autorisé à gérer les permissions de cet utilisateur.");
    // oneself
    const self = await w.call('region', 'POST', '/permissions/grant', {
      user_id: w.user.region,
      permission: 'expense:approve',
      entity_type: 'REGION',
      entity_id: w.region.Nord,
    });
    expect(self.status).toBe(403);
    // everywhere at once: super-admin only
    const global = await w.call('region', 'POST', '/permissions/grant', {
      user_id: w.user.f1,
      permission: 'expense:approve',
      entity_type: 'church',
      entity_id: null,
    });
    expect(global.status).toBe(403);
    expect(msg(global.body)).toBe(
      'Seul un super-administrateur peut accorder ou révoquer une permission sans entité.',
    );
    // nothing refused was written
    expect(await w.auditCount('permission.grant')).toBe(grantsBefore);
  });

  it('lets a delegate grant onward only what they hold, on their entity, to users below them', async () => {
    const a1 = w.church['Nord A1'];
    for (const permission of ['permission:delegate', 'expense:approve']) {
      const r = await w.call('region', 'POST', '/permissions/grant', {
        user_id: w.user.fidele,
        permission,
        entity_type: 'CHURCH',
        entity_id: a1,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const onward = await w.call('fidele', 'POST', '/permissions/grant', {
      user_id: w.user.f2,
      permission: 'expense:approve',
      entity_type: 'CHURCH',
      entity_id: a1,
    });
    expect(onward.status, JSON.stringify(onward.body)).toBe(201);
    const more = await w.call('fidele', 'POST', '/permissions/grant', {
      user_id: w.user.f2,
      permission: 'expense:validate',
      entity_type: 'CHURCH',
      entity_id: a1,
    });
    expect(more.status).toBe(403);
    const elsewhere = await w.call('fidele', 'POST', '/permissions/grant', {
      user_id: w.user.f2,
      permission: 'expense:approve',
      entity_type: 'CHURCH',
      entity_id: w.church['Nord A2'],
    });
    expect(elsewhere.status).toBe(403);
    const upward = await w.call('fidele', 'POST', '/permissions/grant', {
      user_id: w.user.tresorier,
      permission: 'expense:approve',
      entity_type: 'CHURCH',
      entity_id: a1,
    });
    expect(upward.status).toBe(403);
    // the super-admin grants anything, anywhere, even without entity
    const admin = await w.call('admin', 'POST', '/permissions/grant', {
      user_id: w.user.f3,
      permission: 'expense:approve',
      entity_type: 'global',
    });
    expect(admin.status).toBe(201);
    expect(admin.body.data).toMatchObject({ entity_type: 'global', entity_id: null });
  });

  it('stops an expired grant at once and flags it EXPIRÉ', async () => {
    const permission = await queryOne<{ id: number }>(
      w.t.db,
      sql`select id from permissions where code = 'expense:cancel'`,
    );
    await w.t.db.execute(
      sql`insert into user_permissions (user_id, permission_id, entity_type, entity_id, expires_at, granted_by)
          values (${w.user.fidele}, ${permission!.id}, 'church', ${w.church['Nord A1']}, now() - interval '1 minute', ${w.user.region})`,
    );
    expect(await w.check('fidele', 'expense:cancel', 'CHURCH', w.church['Nord A1'])).toBe(false);
    const grants = await w.call('region', 'GET', `/permissions/user/${w.user.fidele}`);
    expect(grants.status).toBe(200);
    const expired = grants.body.data.find((g: { permission: string }) => g.permission === 'expense:cancel');
    expect(expired.expired).toBe(true);
    // a grant expiring in a second works, then stops
    const soon = await w.call('region', 'POST', '/permissions/grant', {
      user_id: w.user.f1,
      permission: 'expense:cancel',
      entity_type: 'CHURCH',
      entity_id: w.church['Nord A1'],
      expires_at: new Date(Date.now() + 1500).toISOString(),
    });
    expect(soon.status).toBe(201);
    const row = await queryOne<{ ok: boolean }>(
      w.t.db,
      sql`select exists (select 1 from app_held_permissions(${w.user.f1}, '{expense:cancel}'::text[], false, null, ${w.church['Nord A1']}, null, null, null)) as ok`,
    );
    expect(row!.ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const after = await queryOne<{ ok: boolean }>(
      w.t.db,
      sql`select exists (select 1 from app_held_permissions(${w.user.f1}, '{expense:cancel}'::text[], false, null, ${w.church['Nord A1']}, null, null, null)) as ok`,
    );
    expect(after!.ok).toBe(false);
  });

  it('keeps the grants of a user to them, their managers and the super-admin', async () => {
    expect((await w.call('tresorier', 'GET', `/permissions/user/${w.user.fidele}`)).status).toBe(403);
    expect((await w.call('fidele', 'GET', `/permissions/user/${w.user.fidele}`)).status).toBe(200);
    expect((await w.call('admin', 'GET', `/permissions/user/${w.user.fidele}`)).status).toBe(200);
    expect((await w.call('admin', 'GET', `/permissions/user/999999`)).status).toBe(404);
  });
});

describe('catalogue, manageable scopes and users', () => {
  it('searches the catalogue by scope, limited to 20 by default', async () => {
    const all = await w.call('fidele', 'GET', '/permissions');
    expect(all.body.data).toHaveLength(20);
    const approve = await w.call('region', 'GET', '/permissions?scope=church&search=approuver');
    const codes = approve.body.data.map((p: { code: string }) => p.code);
    expect(codes).toEqual(
      expect.arrayContaining(['expense:approve', 'expense_request:approve', 'budget:approve']),
    );
    const global = await w.call('region', 'GET', '/permissions?scope=global&search=system');
    expect(global.body.data.map((p: { code: string }) => p.code)).toEqual(['system:config', 'system:logs']);
    const church = await w.call('region', 'GET', '/permissions?scope=church&search=region:create');
    expect(church.body.data).toEqual([]);
  });

  it('answers the scopes each user may grant in', async () => {
    const scopes = async (who: string) =>
      (await w.call(who, 'GET', '/permissions/manageable-scopes')).body.data.map(
        (s: { scope: string }) => s.scope,
      );
    expect(await scopes('admin')).toEqual([
      'global',
      'national_office',
      'region',
      'section',
      'church',
      'department',
    ]);
    expect(await scopes('region')).toEqual(['region', 'section', 'church', 'department']);
    expect(await scopes('tresorier')).toEqual([]);
    const labels = (await w.call('region', 'GET', '/permissions/manageable-scopes')).body.data;
    expect(labels[0]).toEqual({ scope: 'region', label: 'Région' });
  });

  it('answers who each user may manage', async () => {
    const ids = [w.user.fidele, w.user.national, w.user.tresorier, w.user.sud, w.user.region].join(',');
    const region = await w.call('region', 'GET', `/permissions/manageable-users?ids=${ids}`);
    expect(region.status).toBe(200);
    expect(region.body.canManageAnyone).toBe(true);
    expect(region.body.data.map((u: { id: number }) => u.id).sort()).toEqual(
      [w.user.fidele, w.user.tresorier].sort(),
    );
    expect(region.body.data[0].roleActions).toEqual({
      canManage: true,
      canViewDetails: true,
      canAssignPermissions: true,
      canRemoveRole: true,
    });
    const treasurer = await w.call('tresorier', 'GET', `/permissions/manageable-users?ids=${ids}`);
    expect(treasurer.body).toMatchObject({ data: [], canManageAnyone: false });
    const page = await w.call('region', 'GET', '/permissions/manageable-users?limit=1');
    expect(page.body.data).toHaveLength(1);
    expect(page.body.meta.total).toBeGreaterThan(3);
    const can = await w.call('region', 'GET', `/permissions/can-manage-user/${w.user.tresorier}`);
    expect(can.body.canManage).toBe(true);
    const cannot = await w.call('region', 'GET', `/permissions/can-manage-user/${w.user.national}`);
    expect(cannot.body.canManage).toBe(false);
    const bad = await w.call('region', 'GET', '/permissions/manageable-users?ids=a,b');
    expect(bad.status).toBe(400);
  });
});
