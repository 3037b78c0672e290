import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTransferAnswerSchema,
  faithfulTransferAnswerSchema,
  faithfulTransferListSchema,
  transferDestinationListSchema,
  userAnswerSchema,
} from '../../contract/faithful';
import { queryOne, queryRows } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let church1: number;
/** impaye@'s church: same section, another pastor */
let church2: number;
/** a church outside the region */
let farChurch: number;
let faithful: number[];

beforeAll(async () => {
  t = await createTestApp();
  const churchOf = async (email: string) =>
    (await queryOne<{ id: number }>(
      t.db,
      sql`select ra.group_id as id from users u join role_assignments ra on ra.user_id = u.id
          and ra."group" = 'churches' where u.email = ${email} limit 1`,
    ))!.id;
  church1 = await churchOf('pasteur@example.org');
  church2 = await churchOf('impaye@example.org');
  // Issue 17: a church with an unpaid subscription writes nothing but its payment; this one has paid.
  await t.db.execute(sql`update subscriptions set paid_at = now() where church_id = ${church2}`);
  farChurch = (await queryOne<{ id: number }>(
    t.db,
    sql`select c.id from churches c join sections s on s.id = c.section_id
        where s.region_id <> (select s2.region_id from churches c2 join sections s2 on s2.id = c2.section_id
          where c2.id = ${church1}) order by c.id limit 1`,
  ))!.id;
  faithful = (
    await queryRows<{ id: number }>(
      t.db,
      sql`select u.id from users u where u.church_id = ${church1} and u.password_hash is null
          and exists (select 1 from contributions k where k.user_id = u.id)
          order by u.id limit 4`,
    )
  ).map((row) => row.id);
});
afterAll(() => t.close());

const get = (who: string, url: string) => t.as(`${who}@example.org`, { url });
const post = (who: string, url: string, payload?: unknown) =>
  t.as(`${who}@example.org`, { method: 'POST', url, ...(payload ? { payload: payload as object } : {}) });

async function contributionsOf(userId: number): Promise<{ n: number; churches: string[] }> {
  const row = await queryOne<{ n: number; churches: string[] }>(
    t.db,
    sql`select count(*)::int as n, coalesce(array_agg(distinct entity_type || ':' || entity_id), '{}') as churches
        from contributions where user_id = ${userId}`,
  );
  return row!;
}

describe('faithful transfers', () => {
  it('validates the request in French', async () => {
    const cases: [unknown, number, string][] = [
      [{ user_ids: [], to_church_id: church2 }, 400, 'Sélectionnez au moins un fidèle.'],
      [{ user_ids: [faithful[0]] }, 400, "L'église de destination est requise."],
      [
        { user_ids: [faithful[0]], to_church_id: church1 },
        400,
        "L'église de destination doit être différente",
      ],
      [{ user_ids: [faithful[0]], to_church_id: 99999999 }, 404, 'Église de destination introuvable.'],
      [{ user_ids: [99999999], to_church_id: church2 }, 404, 'Fidèle introuvable.'],
      [
        { user_ids: [faithful[0]], to_church_id: church2, reason: 'x'.repeat(501) },
        400,
        'Le motif ne doit pas dépasser',
      ],
    ];
    for (const [payload, status, message] of cases) {
      const response = await post('pasteur', '/api/faithful-transfers', payload);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toContain(message);
    }
  });

  it('is requested by the sending church only', async () => {
    expect(
      (await post('tresorier', '/api/faithful-transfers', { user_ids: [faithful[0]], to_church_id: church2 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('impaye', '/api/faithful-transfers', { user_ids: [faithful[0]], to_church_id: church2 }))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('fidele', '/api/faithful-transfers', { user_ids: [faithful[0]], to_church_id: church2 }))
        .statusCode,
    ).toBe(403);
  });

  it('moves the faithful only when the receiving church accepts, keeping contributions and history', async () => {
    const history = await contributionsOf(faithful[0]);
    expect(history.n).toBeGreaterThan(0);

    const created = await post('pasteur', '/api/faithful-transfers', {
      user_ids: [faithful[0], faithful[1]],
      to_church_id: church2,
      reason: 'Déménagement à Angré',
    });
    expect(created.statusCode).toBe(201);
    const [first, second] = createTransferAnswerSchema.parse(created.json()).data;
    expect(first).toMatchObject({
      status: 'pending',
      reason: 'Déménagement à Angré',
      from_church: { id: church1 },
      to_church: { id: church2 },
      user: { id: faithful[0] },
      decided_by: null,
    });

    // still in the sending church while pending; a second request for them is refused
    const pendingUser = userAnswerSchema.parse(
      (await get('pasteur', `/api/users/${faithful[0]}`)).json(),
    ).data;
    expect(pendingUser.church?.id).toBe(church1);
    expect(pendingUser.pending_transfer).toMatchObject({ id: first.id, to_church: { id: church2 } });
    const twice = await post('pasteur', '/api/faithful-transfers', {
      user_ids: [faithful[0]],
      to_church_id: farChurch,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('Un transfert est déjà en attente pour');

    // lists: outgoing for the sender, incoming for the receiver, neither for a stranger church
    const outgoing = faithfulTransferListSchema.parse(
      (await get('pasteur', '/api/faithful-transfers?direction=outgoing')).json(),
    );
    expect(outgoing.data.map((x) => x.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    const incoming = faithfulTransferListSchema.parse(
      (await get('impaye', '/api/faithful-transfers?direction=incoming')).json(),
    );
    expect(incoming.data.map((x) => x.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    const notMine = faithfulTransferListSchema.parse(
      (await get('pasteur', '/api/faithful-transfers?direction=incoming')).json(),
    );
    expect(notMine.data.map((x) => x.id)).not.toContain(first.id);
    expect((await get('pasteur', '/api/faithful-transfers?direction=sideways')).statusCode).toBe(400);

    // the sending church may not accept its own request; the treasurer of the receiving church neither
    expect((await post('pasteur', `/api/faithful-transfers/${first.id}/accept`)).statusCode).toBe(403);
    expect((await post('comptable', `/api/faithful-transfers/${first.id}/accept`)).statusCode).toBe(403);

    const accepted = await post('impaye', `/api/faithful-transfers/${first.id}/accept`);
    expect(accepted.statusCode).toBe(200);
    expect(faithfulTransferAnswerSchema.parse(accepted.json()).data).toMatchObject({
      status: 'accepted',
      decided_by: { fullname: expect.any(String) },
    });
    const moved = await queryOne<{ church_id: number }>(
      t.db,
      sql`select church_id from users where id = ${faithful[0]}`,
    );
    expect(moved!.church_id).toBe(church2);
    expect(await contributionsOf(faithful[0])).toEqual(history);
    // decided once only
    const again = await post('impaye', `/api/faithful-transfers/${first.id}/reject`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('E_HTTP_EXCEPTION: Ce transfert a déjà été traité.');

    const rejected = await post('impaye', `/api/faithful-transfers/${second.id}/reject`);
    expect(rejected.statusCode).toBe(200);
    const stayed = await queryOne<{ church_id: number }>(
      t.db,
      sql`select church_id from users where id = ${faithful[1]}`,
    );
    expect(stayed!.church_id).toBe(church1);

    // history kept on the faithful and audited
    const detail = userAnswerSchema.parse((await get('impaye', `/api/users/${faithful[0]}`)).json()).data;
    expect(detail.transfers.map((x) => [x.id, x.status])).toEqual([[first.id, 'accepted']]);
    expect(detail.pending_transfer).toBeNull();
    const audits = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity_type = 'faithful_transfer'
          and entity_id in (${first.id}, ${second.id}) order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual([
      'faithful_transfer.request',
      'faithful_transfer.request',
      'faithful_transfer.accept',
      'faithful_transfer.reject',
    ]);
    // the former church no longer sees the moved faithful
    expect((await get('pasteur', `/api/users/${faithful[0]}`)).statusCode).toBe(403);
  });

  it('can be cancelled by the sender, not by the receiver; unknown ids are 404', async () => {
    const created = createTransferAnswerSchema.parse(
      (
        await post('pasteur', '/api/faithful-transfers', { user_ids: [faithful[2]], to_church_id: farChurch })
      ).json(),
    ).data[0];
    expect((await post('impaye', `/api/faithful-transfers/${created.id}/cancel`)).statusCode).toBe(404);
    const cancelled = await post('pasteur', `/api/faithful-transfers/${created.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(faithfulTransferAnswerSchema.parse(cancelled.json()).data.status).toBe('cancelled');
    expect((await post('admin', '/api/faithful-transfers/99999999/accept')).statusCode).toBe(404);
    // the super-admin may decide anywhere
    const byAdmin = createTransferAnswerSchema.parse(
      (
        await post('pasteur', '/api/faithful-transfers', { user_ids: [faithful[3]], to_church_id: farChurch })
      ).json(),
    ).data[0];
    expect((await post('admin', `/api/faithful-transfers/${byAdmin.id}/accept`)).statusCode).toBe(200);
  });

  it('offers every church as a destination, searched', async () => {
    const response = await get('pasteur', '/api/faithful-transfers/destinations?search=&limit=100');
    expect(response.statusCode).toBe(200);
    const list = transferDestinationListSchema.parse(response.json());
    expect(list.data.map((c) => c.id)).toEqual(expect.arrayContaining([church2, farChurch]));
    expect((await get('tresorier', '/api/faithful-transfers/destinations')).statusCode).toBe(403);
  });
});
