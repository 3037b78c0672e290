import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationListSchema, type Notification } from '../../contract/notifications';
import { queryOne, queryRows } from '../../server/src/db/query';
import { approve, createRequest, expenseTestApp, payment, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

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

const email = (who: string) => (who.includes('@') ? who : `${who}@example.org`);
const get = (who: string, url: string) => t.as(email(who), { url });
const put = (who: string, url: string, payload: object = {}) =>
  t.as(email(who), { method: 'PUT', url, payload });

async function mine(
  who: string,
  query = '',
): Promise<{ data: Notification[]; unread: number; total: number }> {
  const response = await get(who, `/api/notifications${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const list = notificationListSchema.parse(response.json());
  return { data: list.data, unread: list.unread, total: list.meta.total };
}

/** The notifications of a resource, by recipient email, straight from the table. */
async function recipientsOf(resourceType: string, resourceId: number, kind: string): Promise<string[]> {
  const rows = await queryRows<{ email: string }>(
    t.db,
    sql`select u.email from notifications n join users u on u.id = n.user_id
        where n.resource_type = ${resourceType} and n.resource_id = ${resourceId} and n.kind = ${kind}
        order by u.email`,
  );
  return rows.map((row) => row.email);
}

describe('who is notified of an expense request', () => {
  it('tells those who approve at the church of a new request, not its author nor the leaders above', async () => {
    const before = (await mine('pasteur')).unread;
    const id = await createRequest(t, ids);
    const to = await recipientsOf('expense_request', id, 'expense_request.to_approve');
    expect(to).toContain('pasteur@example.org');
    expect(to).not.toContain('tresorier@example.org');
    expect(to).not.toContain('region@example.org');
    expect(to).not.toContain('section@example.org');
    expect(to).not.toContain(ids.otherTreasurer);

    const list = await mine('pasteur');
    expect(list.unread).toBe(before + 1);
    expect(list.data[0]).toMatchObject({
      kind: 'expense_request.to_approve',
      title: 'Demande de dépense à approuver',
      link: `/mon-eglise/depenses/${id}`,
      read: false,
    });
    expect(list.data[0].body).toContain('attend votre approbation');
    const count = await get('pasteur', '/api/notifications/unread-count');
    expect(count.json()).toEqual({ unread: before + 1 });
  });

  it('tells the author and the payers of an approval, the author of a rejection with its reason', async () => {
    const approved = await createRequest(t, ids, 'pasteur@example.org');
    await approve(t, approved, 'region@example.org'); // the region's president approves below it
    const told = await recipientsOf('expense_request', approved, 'expense_request.approved');
    expect(told).toContain('pasteur@example.org'); // its author
    expect(told).toContain('tresorier@example.org'); // pays at the church
    expect(told).not.toContain('region@example.org'); // who approved it

    const rejected = await createRequest(t, ids);
    const response = await put('pasteur', `/api/expense-requests/${rejected}/rejected`, {
      reason: 'Montant trop élevé',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await recipientsOf('expense_request', rejected, 'expense_request.rejected')).toEqual([
      'tresorier@example.org',
    ]);
    const last = (await mine('tresorier')).data.find((n) => n.kind === 'expense_request.rejected')!;
    expect(last.body).toContain('Montant trop élevé');
    expect(last.link).toBe(`/mon-eglise/depenses/${rejected}`);
  });

  it('tells the author when a line is paid, in the payment’s transaction', async () => {
    const id = await createRequest(t, ids, 'pasteur@example.org');
    await approve(t, id, 'region@example.org');
    const detail = await get('tresorier', `/api/expense-requests/${id}`);
    const lineId = (detail.json() as { data: { expenses: Array<{ id: number }> } }).data.expenses[0].id;
    const paid = await t.as('tresorier@example.org', {
      method: 'PUT',
      url: `/api/expenses/${lineId}/validate`,
      payload: payment(ids, 10_000),
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await recipientsOf('expense_request', id, 'expense_request.paid')).toEqual([
      'pasteur@example.org',
    ]);

    // a refused payment (beyond what remains) writes no notification
    const refused = await t.as('tresorier@example.org', {
      method: 'PUT',
      url: `/api/expenses/${lineId}/validate`,
      payload: payment(ids, 99_999_999),
    });
    expect(refused.statusCode).toBe(400);
    expect(await recipientsOf('expense_request', id, 'expense_request.paid')).toHaveLength(1);
  });
});

describe('other events', () => {
  it('tells the grantee of a permission', async () => {
    const fidele = (await queryOne<{ id: number }>(
      t.db,
      sql`select id from users where email = 'fidele@example.org'`,
    ))!.id;
    const granted = await t.as('admin@example.org', {
      method: 'POST',
      url: '/api/permissions/grant',
      payload: {
        user_id: fidele,
        permission: 'contribution:view',
        entity_type: 'CHURCH',
        entity_id: ids.church1,
      },
    });
    expect(granted.statusCode, granted.body).toBe(201);
    const list = await mine('fidele');
    expect(list.data[0]).toMatchObject({ kind: 'permission.granted', link: '/mon-profil' });
    expect(list.data[0].body).toContain('contribution:view');
  });

  it('tells the receiving church of a faithful’s transfer to confirm', async () => {
    const faithful = (await queryOne<{ id: number }>(
      t.db,
      sql`select id from users where church_id = ${ids.church1} and password_hash is null order by id limit 1`,
    ))!.id;
    const created = await t.as('pasteur@example.org', {
      method: 'POST',
      url: '/api/faithful-transfers',
      payload: { user_ids: [faithful], to_church_id: ids.otherChurch },
    });
    expect(created.statusCode, created.body).toBe(201);
    const transferId = (created.json() as { data: Array<{ id: number }> }).data[0].id;
    const to = await queryRows<{ user_id: number }>(
      t.db,
      sql`select user_id from notifications where resource_type = 'faithful_transfer'
          and resource_id = ${transferId} and kind = 'faithful_transfer.to_confirm' order by user_id`,
    );
    expect(to.length).toBeGreaterThan(0);
    // the leaders of the receiving church who manage its members, and no one else
    const leaders = await queryRows<{ user_id: number }>(
      t.db,
      sql`select distinct ra.user_id from role_assignments ra join role_permissions rp on rp.role_id = ra.role_id
          join permissions p on p.id = rp.permission_id
          where ra."group" = 'churches' and ra.group_id = ${ids.otherChurch}
            and p.code in ('user:update', 'member:update', 'user:manage', 'member:manage')
          order by ra.user_id`,
    );
    expect(to.map((row) => Number(row.user_id))).toEqual(leaders.map((row) => Number(row.user_id)));
  });
});

describe('each user reads and marks only their own', () => {
  it('marks one read, refuses another’s, marks all read, paginates newest first', async () => {
    const pasteur = await mine('pasteur', '?limit=2');
    expect(pasteur.data.length).toBeLessThanOrEqual(2);
    const first = pasteur.data[0];
    const stranger = await put('tresorier', `/api/notifications/${first.id}/read`);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toContain('Notification introuvable.');

    const marked = await put('pasteur', `/api/notifications/${first.id}/read`);
    expect(marked.statusCode).toBe(200);
    expect(marked.json().unread).toBe(pasteur.unread - (first.read ? 0 : 1));

    const all = await put('pasteur', '/api/notifications/read-all');
    expect(all.statusCode).toBe(200);
    expect((await mine('pasteur')).unread).toBe(0);
    expect((await mine('pasteur', '?unread=true')).total).toBe(0);

    const tresorier = await mine('tresorier');
    expect(tresorier.unread).toBeGreaterThan(0);
    const dates = tresorier.data.map((n) => n.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('answers 401 without a session and 400 in French for a bad page', async () => {
    expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/notifications/unread-count' })).statusCode).toBe(401);
    const bad = await get('pasteur', '/api/notifications?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Page invalide.');
  });
});

describe('who is notified of an activity report', () => {
  it('tells the section above of a submission and the author of its return, with the page of each', async () => {
    const created = await t.as(ids.secretary, {
      method: 'POST',
      url: '/api/activity-reports',
      payload: {
        entity_type: 'CHURCH',
        entity_id: ids.church1,
        title: 'Veillée de louange',
        period_start: '2026-11-07',
        period_end: '2026-11-07',
        men: 4,
        women: 9,
        children: 2,
        summary: 'Une veillée.',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { data: { id: number } }).data.id;
    expect(await recipientsOf('activity_report', id, 'activity_report.submitted')).toEqual([]);

    const submitted = await t.as(ids.secretary, {
      method: 'POST',
      url: `/api/activity-reports/${id}/submit`,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const told = await recipientsOf('activity_report', id, 'activity_report.submitted');
    expect(told).toContain('section@example.org');
    expect(told).not.toContain(ids.secretary);
    expect(told).not.toContain('pasteur@example.org');
    const section = (await mine('section')).data.find((n) => n.kind === 'activity_report.submitted');
    expect(section).toMatchObject({
      title: 'Rapport d’activités soumis',
      body: 'Le rapport « Veillée de louange » vous a été soumis.',
      link: `/ma-section/rapport-activites/${id}`,
      read: false,
    });
    // a refused second submission writes nothing
    const again = await t.as(ids.secretary, { method: 'POST', url: `/api/activity-reports/${id}/submit` });
    expect(again.statusCode).toBe(409);
    expect(await recipientsOf('activity_report', id, 'activity_report.submitted')).toEqual(told);

    const back = await t.as('section@example.org', {
      method: 'POST',
      url: `/api/activity-reports/${id}/return`,
      payload: { comment: 'Ajoutez les résultats.' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await recipientsOf('activity_report', id, 'activity_report.returned')).toEqual([ids.secretary]);
    const author = (await mine(ids.secretary)).data.find((n) => n.kind === 'activity_report.returned');
    expect(author).toMatchObject({
      title: 'Rapport d’activités renvoyé',
      body: 'Le rapport « Veillée de louange » vous est renvoyé : Ajoutez les résultats.',
      link: `/mon-eglise/rapport-activites/${id}`,
    });
  });
});

describe('a permission about to expire', () => {
  it('is told once to its holder when they read, within 7 days of its end, not when revoked or later', async () => {
    const user = await queryOne<{ id: number }>(
      t.db,
      sql`select id from users where email = 'tresorier@example.org'`,
    );
    const permission = await queryOne<{ id: number; name: string }>(
      t.db,
      sql`select id, name from permissions where code = 'contribution:view'`,
    );
    const grant = async (expires: string, revoked = false) =>
      Number(
        (await queryOne<{ id: number }>(
          t.db,
          sql`insert into user_permissions (user_id, permission_id, entity_type, entity_id, expires_at, revoked_at)
              values (${user!.id}, ${permission!.id}, 'church', ${ids.church1}, now() + ${expires}::interval,
                      ${revoked ? sql`now()` : sql`null`})
              returning id`,
        ))!.id,
      );
    const soon = await grant('3 days');
    const later = await grant('30 days');
    const revoked = await grant('2 days', true);
    const past = await grant('-1 day');

    const before = await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from notifications where user_id = ${user!.id} and read_at is null`,
    );
    const count = await get('tresorier', '/api/notifications/unread-count');
    expect(count.statusCode).toBe(200);
    expect(count.json().unread).toBe(Number(before!.n) + 1);
    const told = await queryRows<{ resource_id: number }>(
      t.db,
      sql`select resource_id from notifications where kind = 'permission.expiring' and user_id = ${user!.id}`,
    );
    expect(told.map((r) => Number(r.resource_id))).toEqual([soon]);
    expect([later, revoked, past]).not.toContain(told[0].resource_id);

    // the next poll and the list do not repeat it
    expect((await get('tresorier', '/api/notifications/unread-count')).json().unread).toBe(
      Number(before!.n) + 1,
    );
    const list = await mine('tresorier');
    const notice = list.data.filter((n) => n.kind === 'permission.expiring');
    expect(notice).toHaveLength(1);
    const day = new Date(Date.now() + 3 * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .split('-')
      .reverse()
      .join('/');
    expect(notice[0]).toMatchObject({
      title: 'Permission bientôt expirée',
      body: `La permission « ${permission!.name} » expire le ${day}.`,
      link: '/mon-profil',
    });
    // another user's poll writes nothing for this one
    await get('pasteur', '/api/notifications/unread-count');
    expect(await recipientsOf('user_permission', soon, 'permission.expiring')).toEqual([
      'tresorier@example.org',
    ]);
  });
});
