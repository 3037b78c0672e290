import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  PROFILE_MESSAGES,
  type passwordChangeBodySchema,
  type Profile,
  type profileUpdateBodySchema,
  type UserSession,
} from '../../../../contract/profile';
import { FAITHFUL_MESSAGES } from '../../../../contract/faithful';
import { audit } from '../../audit/audit';
import type { Device } from '../../auth/device-cookie';
import {
  clearFailures,
  isRefusal,
  keepFailure,
  reserveAttempt,
  tooManyAttempts,
  type LoginLimits,
} from '../../auth/login-throttle';
import { hashPassword, verifyPassword } from '../../auth/password';
import type { Db } from '../../db/client';
import { isoString, queryOne, queryRows } from '../../db/query';
import { DEMO_PASSWORD } from '../../demo-accounts';
import type { Actor } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { assertNewPassword, assertSignInKept } from './policy';

// The signed-in user's own record, password and sessions (/mon-profil, docs/features/profile.md): each
// function works on the rows of `actor.userId` only.

const M = PROFILE_MESSAGES;

export async function getProfile(db: Db, userId: number): Promise<Profile> {
  const row = await queryOne<Omit<Profile, 'roles'> & { roles: Profile['roles'] | null }>(
    db,
    sql`select u.id, u.firstname, u.lastname, u.registration_number, u.phone, u.email, c.name as church,
          (select json_agg(json_build_object('name', r.name, 'entity',
              case ra."group"
                when 'churches' then (select x.name from churches x where x.id = ra.group_id)
                when 'sections' then (select x.name from sections x where x.id = ra.group_id)
                when 'regions' then (select x.name from regions x where x.id = ra.group_id)
                when 'national_offices' then (select x.name from national_offices x where x.id = ra.group_id)
              end) order by r.name)
           from role_assignments ra join roles r on r.id = ra.role_id where ra.user_id = u.id) as roles
        from users u left join churches c on c.id = u.church_id
        where u.id = ${userId}`,
  );
  if (!row) throw httpError(404, 'Utilisateur introuvable.');
  return { ...row, id: Number(row.id), roles: row.roles ?? [] };
}

/** Phone and email, unique among users; one of them (or the matricule) stays to sign in. */
export async function updateContact(
  db: Db,
  actor: Actor,
  body: z.output<typeof profileUpdateBodySchema>,
): Promise<Profile> {
  await db.transaction(async (tx) => {
    const me = await queryOne<{ registration_number: string | null }>(
      tx,
      sql`select registration_number from users where id = ${actor.userId} for update`,
    );
    assertSignInKept(body, me?.registration_number ?? null);
    if (body.phone) {
      const taken = await queryOne(
        tx,
        sql`select 1 from users where phone = ${body.phone} and id <> ${actor.userId}`,
      );
      if (taken) throw httpError(409, FAITHFUL_MESSAGES.phoneTaken);
    }
    if (body.email) {
      const taken = await queryOne(
        tx,
        sql`select 1 from users where email = ${body.email} and id <> ${actor.userId}`,
      );
      if (taken) throw httpError(409, FAITHFUL_MESSAGES.emailTaken);
    }
    await tx.execute(
      sql`update users set phone = ${body.phone}, email = ${body.email}, updated_at = now() where id = ${actor.userId}`,
    );
    await audit(tx, {
      userId: actor.userId,
      action: 'profile.update',
      entityType: 'user',
      entityId: actor.userId,
      data: { phone: body.phone, email: body.email },
      ip: actor.ip,
    });
  });
  return getProfile(db, actor.userId);
}

/**
 * A new password: the current one checked, at least 10 characters, not the current one, never a demo
 * password in production. The user's other sessions end; this one stays. The current password is
 * limited as a sign-in is (decision 0041): the attempt takes its place on the account (or on the
 * device, when the request carries the user's device cookie) before the hash, and a 6th wrong one in
 * the window answers 429 with Retry-After, the right one included.
 */
export async function changePassword(
  db: Db,
  actor: Actor,
  body: z.output<typeof passwordChangeBodySchema>,
  options: { production: boolean; limits: LoginLimits; device: Device | null },
): Promise<void> {
  const device = options.device?.userId === actor.userId ? options.device : null;
  const accountKey = device ? device.key : `user:${actor.userId}`;
  const reservation = await reserveAttempt(
    db,
    // a signed-in user is no sprayer: only the account's (or the device's) count applies
    { accountKey, address: actor.ip, anonymous: false },
    options.limits,
  );
  if (isRefusal(reservation)) throw tooManyAttempts(reservation.retryAfter, 'avec un mot de passe incorrect');
  const row = await queryOne<{ password_hash: string | null }>(
    db,
    sql`select password_hash from users where id = ${actor.userId}`,
  );
  const currentValid =
    !!row?.password_hash && (await verifyPassword(body.current_password, row.password_hash));
  if (currentValid) await clearFailures(db, accountKey);
  else await keepFailure(db, reservation, options.limits);
  assertNewPassword({
    currentValid,
    current: body.current_password,
    next: body.new_password,
    production: options.production,
    demoPassword: DEMO_PASSWORD,
  });
  const hash = await hashPassword(body.new_password);
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`update users set password_hash = ${hash}, updated_at = now() where id = ${actor.userId}`,
    );
    await tx.execute(sql`delete from sessions where user_id = ${actor.userId} and id <> ${actor.sessionId}`);
    await audit(tx, {
      userId: actor.userId,
      action: 'profile.password',
      entityType: 'user',
      entityId: actor.userId,
      ip: actor.ip,
    });
  });
}

/** The opaque handle of a session shown to its user: not its stored id, never its cookie. */
const handleOf = (sessionId: string) => sessionId.slice(0, 16);

export async function listSessions(db: Db, actor: Actor): Promise<UserSession[]> {
  const rows = await queryRows<{
    id: string;
    user_agent: string | null;
    ip: string | null;
    created_at: string | Date;
    last_seen_at: string | Date;
  }>(
    db,
    sql`select id, user_agent, ip, created_at, last_seen_at from sessions
        where user_id = ${actor.userId} and expires_at > now() order by last_seen_at desc`,
  );
  return rows.map((row) => ({
    id: handleOf(row.id),
    user_agent: row.user_agent,
    ip: row.ip,
    created_at: isoString(row.created_at),
    last_seen_at: isoString(row.last_seen_at),
    current: row.id === actor.sessionId,
  }));
}

/** Ends one of the user's sessions (404 when it is not theirs); answers whether it was the current one. */
export async function endSession(db: Db, actor: Actor, handle: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from sessions where user_id = ${actor.userId} and left(id, 16) = ${handle} returning id`,
  );
  if (rows.length === 0) throw httpError(404, M.sessionNotFound);
  await audit(db, {
    userId: actor.userId,
    action: 'session.end',
    entityType: 'user',
    entityId: actor.userId,
    ip: actor.ip,
  });
  return rows.some((row) => row.id === actor.sessionId);
}

export async function endOtherSessions(db: Db, actor: Actor): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from sessions where user_id = ${actor.userId} and id <> ${actor.sessionId} returning id`,
  );
  await audit(db, {
    userId: actor.userId,
    action: 'session.end_others',
    entityType: 'user',
    entityId: actor.userId,
    data: { ended: rows.length },
    ip: actor.ip,
  });
  return rows.length;
}
