import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_MESSAGES } from '../../contract/security';
import { queryOne } from '../../server/src/db/query';
import type { TestApp } from './helpers';
import {
  createRequest,
  detail,
  expenseTestApp,
  message,
  requestBody,
  type ExpenseIds,
} from './expenses-setup';

/**
 * Finding 2 of issue 17: nobody gives themselves a position, a position gives only what its assigner
 * holds, the creator of an expense request does not approve it (four eyes), and a church whose
 * subscription is unpaid writes nothing but the payment of its subscription.
 */
let t: TestApp;
let ids: ExpenseIds;
let dataDir: string;
let pastorId: number;
let faithful: number;
let unpaidChurch: number;
const role: Record<string, number> = {};

async function idOf(query: ReturnType<typeof sql>): Promise<number> {
  const row = await queryOne<{ id: number }>(t.db, query);
  if (!row) throw new Error('fixture row missing');
  return Number(row.id);
}

beforeAll(async () => {
  ({ t, ids, dataDir } = await expenseTestApp());
  pastorId = await idOf(sql`select id from users where email = 'pasteur@example.org'`);
  faithful = await idOf(
    sql`select u.id from users u where u.church_id = ${ids.church1} and u.active
          and not exists (select 1 from role_assignments ra where ra.user_id = u.id and ra.group_id is not null)
        order by u.id limit 1`,
  );
  unpaidChurch = await idOf(sql`select church_id as id from users where email = 'impaye@example.org'`);
  for (const code of ['church::comptable', 'church::conseiller', 'church::tresorier-general-adjoint'])
    role[code] = await idOf(sql`select id from roles where code = ${code}`);
});
afterAll(async () => {
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = (login: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.as(login, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('positions (issue 17, finding 2)', () => {
  it('refuses a pastor who gives himself a position of his own church, and he holds nothing more', async () => {
    const self = await call('pasteur@example.org', 'POST', `/api/churches/${ids.church1}/members`, {
      user_id: pastorId,
      roles: [role['church::comptable']],
    });
    expect(self.statusCode, self.body).toBe(403);
    expect(message(self)).toBe(SECURITY_MESSAGES.selfAssignment);
    const held = await call('pasteur@example.org', 'POST', '/api/permissions/check', {
      permission: 'expense:validate',
      entity_type: 'CHURCH',
      entity_id: ids.church1,
    });
    expect(held.json()).toEqual({ hasPermission: false });
  });

  it('refuses a super-admin who gives himself a position', async () => {
    const adminId = await idOf(sql`select id from users where email = 'admin@example.org'`);
    await t.db.execute(sql`update users set church_id = ${ids.church1} where id = ${adminId}`);
    const self = await call('admin@example.org', 'POST', `/api/churches/${ids.church1}/members`, {
      user_id: adminId,
      roles: [role['church::conseiller']],
    });
    expect(self.statusCode, self.body).toBe(403);
    expect(message(self)).toBe(SECURITY_MESSAGES.selfAssignment);
  });

  it('refuses a position that gives permissions the assigner does not hold; allows one within them', async () => {
    const beyond = await call('pasteur@example.org', 'POST', `/api/churches/${ids.church1}/members`, {
      user_id: faithful,
      roles: [role['church::comptable']],
    });
    expect(beyond.statusCode, beyond.body).toBe(403);
    expect(message(beyond)).toBe(SECURITY_MESSAGES.positionBeyondGrant);
    const within = await call('pasteur@example.org', 'POST', `/api/churches/${ids.church1}/members`, {
      user_id: faithful,
      roles: [role['church::conseiller']],
    });
    expect(within.statusCode, within.body).toBe(201);
    // a super-admin gives any position
    const byAdmin = await call('admin@example.org', 'POST', `/api/churches/${ids.church1}/members`, {
      user_id: faithful,
      roles: [role['church::tresorier-general-adjoint']],
    });
    expect([201, 409], byAdmin.body).toContain(byAdmin.statusCode);
  });
});

describe('four eyes on expense requests (issue 17, finding 2)', () => {
  it('refuses the creator the approval (and the validation that approves), in French', async () => {
    // the treasurer gets expense:approve on his church: still not on his own request
    await t.db.execute(
      sql`insert into user_permissions (user_id, permission_id, entity_type, entity_id)
          select u.id, p.id, 'church', ${ids.church1} from users u, permissions p
          where u.email = 'tresorier@example.org' and p.code = 'expense:approve'`,
    );
    const id = await createRequest(t, ids);
    for (const action of ['approved', 'validated']) {
      const own = await call('tresorier@example.org', 'PUT', `/api/expense-requests/${id}/${action}`, {});
      expect(own.statusCode, `${action}: ${own.body}`).toBe(403);
      expect(message(own)).toBe(SECURITY_MESSAGES.ownRequestApproval);
    }
    expect((await detail(t, id)).status).toBe('approval_pending');
    expect(
      (await call('pasteur@example.org', 'PUT', `/api/expense-requests/${id}/approved`, {})).statusCode,
    ).toBe(200);
    // once approved by another, its creator may pay and validate it
    const validated = await call('tresorier@example.org', 'PUT', `/api/expense-requests/${id}/validated`, {});
    expect(validated.statusCode, validated.body).toBe(200);
  });

  it('lets a super-admin approve a request they created', async () => {
    const id = await createRequest(t, ids, 'admin@example.org');
    const own = await call('admin@example.org', 'PUT', `/api/expense-requests/${id}/approved`, {});
    expect(own.statusCode, own.body).toBe(200);
  });
});

describe('unpaid subscription (issue 17, finding 2)', () => {
  it("refuses the writes of an unpaid church's leaders with 402 in French, not their reads", async () => {
    const write = await call(
      'impaye@example.org',
      'POST',
      '/api/expense-requests',
      requestBody(ids, { entity_id: unpaidChurch }),
    );
    expect(write.statusCode, write.body).toBe(402);
    expect(message(write)).toBe(SECURITY_MESSAGES.unpaidSubscription);
    const department = await idOf(
      sql`select id from departments where entity_type = 'church' and entity_id = ${unpaidChurch} order by id limit 1`,
    );
    const onDepartment = await call(
      'impaye@example.org',
      'POST',
      '/api/expense-requests',
      requestBody(ids, { entity_type: 'ACTIVITY_GROUP', entity_id: department }),
    );
    expect(onDepartment.statusCode, onDepartment.body).toBe(402);
    const read = await call(
      'impaye@example.org',
      'GET',
      `/api/expense-requests?entity_type=CHURCH&entity_id=${unpaidChurch}`,
    );
    expect(read.statusCode, read.body).toBe(200);
    // signing out stays possible
    expect((await call('impaye@example.org', 'GET', '/api/me')).statusCode).toBe(200);
  });

  it('lets the church write again once the subscription is paid, and a super-admin meanwhile', async () => {
    const byAdmin = await call(
      'admin@example.org',
      'POST',
      '/api/expense-requests',
      requestBody(ids, { entity_id: unpaidChurch }),
    );
    expect(byAdmin.statusCode, byAdmin.body).not.toBe(402);
    await t.db.execute(sql`update subscriptions set paid_at = now() where church_id = ${unpaidChurch}`);
    const write = await call(
      'impaye@example.org',
      'POST',
      '/api/expense-requests',
      requestBody(ids, { entity_id: unpaidChurch }),
    );
    expect(write.statusCode, write.body).not.toBe(402);
  });
});
