import { sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { SECURITY_MESSAGES } from '../../../contract/security';
import type { SessionUser } from '../auth/sessions';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';
import { grantingCodes, hasPermissions } from '../permissions/check';
import { authorizationTarget, financeEntityOf, type PermissionTarget } from '../permissions/entity';
import { permittedVisibility } from '../permissions/permitted';
import { checkEntityVisible, type Visibility } from '../permissions/visibility';
import { requireAccess, requireUser, requireVisibility } from './context';
import { httpError, MESSAGES } from './errors';

/**
 * The entity a call touches, as the API or the database names it: 'CHURCH', 'church',
 * 'ACTIVITY_GROUP', 'department'... and its id.
 */
export type EntityRef = { type: string; id: number };

/** No entity: the permission is asked anywhere (admin lists, the catalogue, the SPA's action hints). */
export const ANYWHERE = 'anywhere' as const;

/**
 * Who makes a call: the signed-in user (their session, id, whether a super-admin) and the address the
 * audit records. Every `authorize*` answers it; services take it as the author of a write.
 */
export type Actor = SessionUser & { ip: string };

function actorOf(request: FastifyRequest, user: SessionUser): Actor {
  return { ...user, ip: request.ip };
}

/**
 * A super-admin's reach: every entity, every permission. The one place a module asks it, in a named
 * rule of its `policy.ts` (decision 0038); `authorize` already lets a super-admin through.
 */
export function reachesEverything(actor: Pick<SessionUser, 'isSuperAdmin'>): boolean {
  return actor.isSuperAdmin;
}

type AuthorizeOptions = {
  /**
   * Inside a transaction, its handle: PGlite has one connection, and a query on the outer handle
   * would wait for the transaction forever. Default: the app's database.
   */
  db?: Db;
  /** The user passes without the permission when this holds (e.g. the creator of a request). */
  unless?: (user: SessionUser) => boolean;
  /** The 403 message when the permission is missing (default: the generic one). */
  forbidden?: string;
  /**
   * The call already checked, by a rule of its own, that the user may see what it touches (a person
   * seen through a role in a visible group, a transfer seen from either church): only the permission
   * on `entity` is asked, not whether the entity exists and is visible.
   */
  visibilityChecked?: boolean;
};

/**
 * The one way a call is authorised on an entity, used by every module:
 * - the user is signed in (401);
 * - the entity exists (404) and the user may see it (403), a department through the entity it hangs on;
 *   a super-admin sees everything but still gets the 404 of an unknown entity;
 * - the user holds at least one of `codes` on it (403). `resource:manage` grants its resource's actions.
 *   A super-admin holds every permission.
 * `ANYWHERE` asks for the permission without an entity.
 *
 * Call it before opening a transaction, or inside it with `{ db: tx }` (every lookup, the session
 * included, then uses the transaction: PGlite has one connection).
 *
 * The first check of a request reads the session, the user's visibility, the entity and the
 * permissions in one statement (decision 0015); a later one reads the entity and the permissions in one.
 */
export async function authorize(
  request: FastifyRequest,
  entity: EntityRef | typeof ANYWHERE,
  codes: string | readonly string[],
  options: AuthorizeOptions = {},
): Promise<Actor> {
  return actorOf(request, (await check(request, entity, codes, options)).user);
}

/**
 * authorize() and the call's data in one statement (decision 0034: the check folded into the data
 * query): `statement` (one row; its columns must not reuse the signed-in context's names) is read
 * with the session, the entity and the permissions, and only when the user is a super-admin or holds
 * one of `codes` on the entity's chain. Every check of authorize() runs on the context before the row
 * is answered: a refused caller gets the refusal, never the row. Its row when the checks pass.
 */
export async function authorizeWith<T>(
  request: FastifyRequest,
  entity: EntityRef,
  codes: string | readonly string[],
  statement: SQL,
  options: Omit<AuthorizeOptions, 'unless'> = {},
): Promise<{ user: Actor; row: T }> {
  const { user, alongside } = await check(request, entity, codes, options, statement);
  // Not read with the context (the gate is narrower than a check that passed: never expected): read
  // it now, after the checks.
  const row =
    alongside ?? (await queryOne<Record<string, unknown>>(options.db ?? request.server.deps.db, statement));
  return { user: actorOf(request, user), row: row as T };
}

async function check(
  request: FastifyRequest,
  entity: EntityRef | typeof ANYWHERE,
  codes: string | readonly string[],
  options: AuthorizeOptions,
  alongside?: SQL,
): Promise<{ user: SessionUser; alongside: Record<string, unknown> | null }> {
  const db = options.db ?? request.server.deps.db;
  const wanted = typeof codes === 'string' ? [codes] : [...codes];
  const candidates = [...new Set(wanted.flatMap(grantingCodes))];
  const holds = (held: Set<string>) => wanted.some((code) => grantingCodes(code).some((c) => held.has(c)));

  if (entity === ANYWHERE) {
    const { user, answer } = await requireAccess(request, db, (known) =>
      known && (known.isSuperAdmin || options.unless?.(known))
        ? null
        : { exists: null, target: { type: 'global' }, codes: candidates },
    );
    if (user.isSuperAdmin || options.unless?.(user)) return { user, alongside: null };
    if (!holds(answer.held)) throw httpError(403, options.forbidden ?? MESSAGES.forbidden);
    return { user, alongside: null };
  }

  // The entity's existence and the permission are read with the session, in one statement; an entity
  // type that names nothing is refused after the 401 and the `unless`, as before.
  const exists = options.visibilityChecked ? null : financeEntityOf(entity.type);
  const target = permissionTargetOrNull(entity);
  const { user, visibility, answer, ...read } = await requireAccess(
    request,
    db,
    (known) =>
      known && options.unless?.(known)
        ? null
        : {
            exists: exists && { type: exists, id: entity.id },
            target: target ?? { type: 'global' },
            codes: target === null || known?.isSuperAdmin ? [] : candidates,
          },
    alongside,
  );
  if (options.unless?.(user)) {
    await assertNotArchived(request, db, exists ?? financeEntityOf(entity.type), entity.id);
    await assertChurchWritable(request, db, user, exists ?? financeEntityOf(entity.type), entity.id);
    return { user, alongside: read.alongside };
  }
  if (!options.visibilityChecked) {
    if (exists === null) throw httpError(400, UNSUPPORTED_ENTITY_TYPE);
    checkEntityVisible(
      visibility,
      { type: exists, id: entity.id },
      { found: !!answer.found, owner: answer.owner },
    );
  }
  if (user.isSuperAdmin) {
    await assertNotArchived(request, db, exists, entity.id);
    return { user, alongside: read.alongside };
  }
  if (target === null) throw httpError(400, UNSUPPORTED_ENTITY_TYPE);
  if (!holds(answer.held)) throw httpError(403, options.forbidden ?? MESSAGES.forbidden);
  await assertNotArchived(request, db, exists ?? financeEntityOf(entity.type), entity.id);
  await assertChurchWritable(request, db, user, exists ?? financeEntityOf(entity.type), entity.id);
  return { user, alongside: read.alongside };
}

/**
 * The organisation's own writes on an entity (edit, archive, restore, move, positions), which have
 * their rules about archived entities in the org and members modules.
 */
const ORG_PATHS = /^\/api\/(national-offices|regions|sections|churches|activity-groups|departments)(\/|\?|$)/;

/**
 * A write on an archived entity, or on a department of one, is refused (409, decision 0027): no money
 * (contributions, payments, movements), no budget, no faithful, no subscription payment there until it
 * is restored; a super-admin included. The organisation's own writes (restore first) are not concerned.
 */
async function assertNotArchived(
  request: FastifyRequest,
  db: Db,
  type: string | null,
  id: number,
): Promise<void> {
  if (!WRITE_METHODS.has(request.method) || ORG_PATHS.test(request.url) || type === null) return;
  if (await isArchivedEntity(db, type, id)) throw httpError(409, SECURITY_MESSAGES.archivedEntity);
}

/**
 * Whether an entity of the finance tables (type in scope names: national_office, region, section,
 * church, department) is archived; a department is when the entity it hangs on is.
 */
export async function isArchivedEntity(db: Db, type: string, id: number): Promise<boolean> {
  const row = await queryOne<{ archived: boolean }>(
    db,
    sql`select coalesce((
          with target as (
            select coalesce(d.entity_type::text, ${type}::text) as type, coalesce(d.entity_id, ${id}::int) as id
            from (select 1) one
            left join departments d on ${type}::text = 'department' and d.id = ${id}::int
          )
          select case target.type
            when 'church' then (select c.archived_at is not null from churches c where c.id = target.id)
            when 'section' then (select s.archived_at is not null from sections s where s.id = target.id)
            when 'region' then (select r.archived_at is not null from regions r where r.id = target.id)
            when 'national_office' then
              (select n.archived_at is not null from national_offices n where n.id = target.id)
          end
          from target), false) as archived`,
  );
  return !!row?.archived;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * What a church with an unpaid subscription may still write: paying it (every path under
 * /api/subscriptions), signing in and out (decision 0014, section 2).
 */
const BILLING_PATHS = /^\/api\/(subscriptions|login|logout|me)(\/|\?|$)/;

/**
 * Writes whose authorisation never lands on a church or a department, so that the gate never answers
 * them 402: the billing paths above, and the writes of the admin and of the levels above a church
 * (national offices, regions, sections, a new church under its section, subscription types, budget
 * templates, external accountants, the permission checks that only read).
 */
const NO_CHURCH_WRITES =
  /^\/api\/(subscription-types|national-offices|regions|sections|budget-item-templates|permissions\/check|permissions\/check-multiple|users\/external-accountants|users\/:id\/edit-managed-churches|giving\/public|giving\/notify|giving\/installation-settings)(\/|$)/;

/**
 * Whether the billing gate may answer this route 402 (a write that authorises on a church or a
 * department): the OpenAPI document declares the 402 there (decision 0014, section 2).
 */
export function billingGateMayAnswer(method: string, url: string): boolean {
  if (!WRITE_METHODS.has(method.toUpperCase())) return false;
  if (!url.startsWith('/api/') || BILLING_PATHS.test(url) || NO_CHURCH_WRITES.test(url)) return false;
  // a new church is created under its section: no church to bill yet; a member's gift authorises on
  // the member, not on their church (decision 0043)
  return !(method.toUpperCase() === 'POST' && (url === '/api/churches' || url === '/api/giving/checkouts'));
}

/**
 * A write on a church whose subscription is unpaid, or on one of its departments, is refused (402), but
 * for paying the subscription; a super-admin writes. The rule of the SPA's billing screen, on the server.
 */
async function assertChurchWritable(
  request: FastifyRequest,
  db: Db,
  user: SessionUser,
  type: string | null,
  id: number,
): Promise<void> {
  if (user.isSuperAdmin || !WRITE_METHODS.has(request.method) || BILLING_PATHS.test(request.url)) return;
  if (type !== 'church' && type !== 'department') return;
  const row = await queryOne<{ unpaid: boolean }>(
    db,
    sql`select exists (
          select 1 from subscriptions s
          where s.paid_at is null and s.status <> 'cancelled'
            and s.church_id = ${
              type === 'church'
                ? sql`${id}::int`
                : sql`(select d.entity_id from departments d where d.id = ${id} and d.entity_type = 'church')`
            }) as unpaid`,
  );
  if (row?.unpaid) throw httpError(402, SECURITY_MESSAGES.unpaidSubscription);
}

const UNSUPPORTED_ENTITY_TYPE = "Type d'entité non supporté";

/**
 * The permission target of the entity (authorizationTarget: a department is checked on the entity that
 * owns it, never in the global scope), or null for a type that names nothing.
 */
function permissionTargetOrNull(entity: EntityRef): PermissionTarget | null {
  try {
    return authorizationTarget(entity.type, entity.id);
  } catch {
    return null;
  }
}

/**
 * A read that needs no permission but the entity's visibility (lists of the organisation, names):
 * 401 without a session, 404 for an unknown entity, 403 for one the user may not see. `notFound` and
 * `forbidden` replace the entity's own messages ('Église introuvable.'...) for a call that has its own.
 */
export async function authorizeVisible(
  request: FastifyRequest,
  entity: EntityRef,
  options: Pick<AuthorizeOptions, 'db'> & { notFound?: string; forbidden?: string } = {},
): Promise<Actor> {
  const db = options.db ?? request.server.deps.db;
  const type = financeEntityOf(entity.type);
  const { user, visibility, answer } = await requireAccess(request, db, () => ({
    exists: type && { type, id: entity.id },
    target: { type: 'global' },
    codes: [],
  }));
  if (type === null) throw httpError(400, UNSUPPORTED_ENTITY_TYPE);
  const { notFound, forbidden } = options;
  checkEntityVisible(
    visibility,
    { type, id: entity.id },
    { found: !!answer.found, owner: answer.owner },
    { notFound, forbidden },
  );
  return actorOf(request, user);
}

/**
 * A call on the user's own records (their profile, notifications, sessions, their own requests): only
 * signed in (401). `db`: the open transaction's handle when it is the request's first look.
 */
export async function authorizeSignedIn(request: FastifyRequest, options: { db?: Db } = {}): Promise<Actor> {
  return actorOf(request, await requireUser(request, options.db));
}

/** A call only a super-admin makes (the installation's own settings): 401, then 403 with `forbidden`. */
export async function authorizeSuperAdmin(
  request: FastifyRequest,
  forbidden: string = MESSAGES.forbidden,
): Promise<Actor> {
  const actor = await authorizeSignedIn(request);
  if (!actor.isSuperAdmin) throw httpError(403, forbidden);
  return actor;
}

/**
 * An operation of the installation (a backup, the audit chain's check): a super-admin, or the
 * command line on this machine with the process's operations token (`X-Ops-Token`, written to
 * DATA_DIR/ops.json readable by the server's user only: `npm run backup` on PGlite, decision 0044).
 * Answers the actor, or null for the command line.
 */
export async function authorizeOperator(request: FastifyRequest): Promise<Actor | null> {
  const token = request.server.deps.config.opsToken;
  const given = request.headers['x-ops-token'];
  if (token && typeof given === 'string' && given.length === token.length) {
    const { timingSafeEqual } = await import('node:crypto');
    if (timingSafeEqual(Buffer.from(given), Buffer.from(token))) return null;
  }
  return authorizeSuperAdmin(request);
}

/**
 * A list without an entity filter: the signed-in user and what it may show. Without `codes`, every
 * entity the user sees; with them, only those where the user also holds one of `codes`
 * (permittedVisibility: a member of a church does not list its expenses). A super-admin sees all.
 */
export async function authorizeScope(
  request: FastifyRequest,
  codes?: string | readonly string[],
  options: { db?: Db } = {},
): Promise<{ actor: Actor; visibility: Visibility }> {
  const db = options.db ?? request.server.deps.db;
  const { user, visibility } = await requireVisibility(request, db);
  return {
    actor: actorOf(request, user),
    visibility: codes === undefined ? visibility : await permittedVisibility(db, user, visibility, codes),
  };
}

/**
 * Whether the signed-in user holds one of `codes` on `entity` (or ANYWHERE): a question, never a
 * refusal, for the rules that combine permissions (a report edited on its entity or the one above) and
 * for the actions an answer offers. A super-admin holds every code. 401 without a session.
 */
export async function holds(
  request: FastifyRequest,
  entity: EntityRef | typeof ANYWHERE,
  codes: string | readonly string[],
  options: { db?: Db } = {},
): Promise<boolean> {
  const db = options.db ?? request.server.deps.db;
  const user = await requireUser(request, db);
  const wanted = typeof codes === 'string' ? [codes] : [...codes];
  const held =
    entity === ANYWHERE
      ? await hasPermissions(db, user, wanted)
      : await hasPermissions(db, user, wanted, entity.type, entity.id);
  return wanted.some((code) => held[code]);
}

/**
 * What a service needs to authorise on the facts it reads inside its own transaction (a request locked
 * `for update`, then the permission on its entity): the actor and the checks, bound to the request. The
 * route makes it (`await gateOf(request)`: 401 without a session, the user's visibility read before
 * any transaction, as PGlite has one connection) and passes it to the service, which calls
 * `gate.authorize(entity, codes, { db: tx })` right after its locking read and before any rule.
 */
export type Gate = {
  readonly actor: Actor;
  authorize(
    entity: EntityRef | typeof ANYWHERE,
    codes: string | readonly string[],
    options?: AuthorizeOptions,
  ): Promise<Actor>;
  authorizeVisible(entity: EntityRef, options?: Pick<AuthorizeOptions, 'db'>): Promise<Actor>;
  holds(
    entity: EntityRef | typeof ANYWHERE,
    codes: string | readonly string[],
    options?: { db?: Db },
  ): Promise<boolean>;
};

export async function gateOf(request: FastifyRequest): Promise<Gate> {
  const { actor } = await authorizeScope(request);
  return {
    actor,
    authorize: (entity, codes, options) => authorize(request, entity, codes, options),
    authorizeVisible: (entity, options) => authorizeVisible(request, entity, options),
    holds: (entity, codes, options) => holds(request, entity, codes, options),
  };
}
