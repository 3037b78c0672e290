import { eq, sql, type SQL } from 'drizzle-orm';
import type { Account } from '../../../contract/auth';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';
import { sessions } from '../db/schema/core';
import { textArray } from '../permissions/check';
import type { Level, PermissionTarget } from '../permissions/entity';
import type { Visibility } from '../permissions/visibility';
import { REFRESH_AFTER_MS, type SessionUser } from './sessions';

/**
 * What a check asks about the entity a call touches, answered in the same statement as the session:
 * whether it exists (`exists`, in scope names), and which of `codes` the user holds on `target`.
 */
export type AccessQuestion = {
  exists: { type: Level | 'department'; id: number } | null;
  target: PermissionTarget;
  /** the codes that grant what is asked (grantingCodes already applied); empty: no permission asked */
  codes: string[];
};

export type AccessAnswer = {
  /** null when not asked */
  found: boolean | null;
  /** the entity a department hangs on */
  owner: { type: Level; id: number } | null;
  held: Set<string>;
};

export type RequestContext = {
  user: SessionUser;
  /** null when it was not read with the session (GET /me) */
  visibility: Visibility | null;
};

type ContextRow = {
  user_id: number;
  is_super_admin: boolean;
  last_seen_at: Date | string;
  n: number[] | null;
  r: number[] | null;
  s: number[] | null;
  c: number[] | null;
  account: Account | null;
  entity_found: boolean | null;
  owner_type: Level | null;
  owner_id: number | null;
  codes: string[] | null;
};

const NO_QUESTION: AccessQuestion = { exists: null, target: { type: 'global' }, codes: [] };

/** app_entity_access's arguments after the user's: the entity, the codes and the permission target. */
function accessArguments(question: AccessQuestion) {
  const { target } = question;
  const at = (type: string) => (target.type === type && target.type !== 'global' ? target.id : null);
  return sql`${question.exists?.type ?? null}::text, ${question.exists?.id ?? null}::int,
    ${textArray(question.codes)}::text[], ${target.type === 'global'},
    ${at('department')}::int, ${at('church')}::int, ${at('section')}::int, ${at('region')}::int,
    ${at('national_office')}::int`;
}

function answerOf(row: Pick<ContextRow, 'entity_found' | 'owner_type' | 'owner_id' | 'codes'>): AccessAnswer {
  return {
    found: row.entity_found,
    owner: row.owner_type && row.owner_id !== null ? { type: row.owner_type, id: row.owner_id } : null,
    held: new Set(row.codes ?? []),
  };
}

/** What one read of the signed-in context answers (readRequestContext, and the request's first read). */
export type RequestContextRead = {
  context: RequestContext;
  account: Account | null;
  answer: AccessAnswer;
  /** the row of `alongside` (null when the session is not live or no asked code is held) */
  alongside: Record<string, unknown> | null;
};

/**
 * The signed-in context of a request, read in ONE statement (app_request_context, decision 0015): the
 * session's user (null when the session is unknown, expired or its user disabled), what they see, their
 * Account when `account` is asked, and the answer to `question` about the entity the call touches.
 * Nothing is cached between requests: a revoked grant, role or session stops at once in every process.
 *
 * `alongside`: a one-row statement read in the same statement (the data of the page the call answers,
 * decision 0034), run only when the session is live and the user is a super-admin or holds one of the
 * question's codes; its columns must not reuse the context's names. The caller still runs every check
 * on the context before it uses the row.
 */
export async function readRequestContext(
  db: Db,
  sessionId: string,
  ttlMs: number,
  maxAgeMs: number,
  options: { visibility: boolean; account?: boolean; question?: AccessQuestion; alongside?: SQL },
): Promise<RequestContextRead | null> {
  const question = options.question ?? NO_QUESTION;
  const context = sql`app_request_context(${sessionId}, ${options.visibility}, ${options.account ?? false},
          ${accessArguments(question)})`;
  const row = await queryOne<ContextRow & Record<string, unknown>>(
    db,
    options.alongside
      ? sql`select ctx.user_id, ctx.is_super_admin, ctx.last_seen_at, ctx.n, ctx.r, ctx.s, ctx.c, ctx.account,
              ctx.entity_found, ctx.owner_type, ctx.owner_id, ctx.codes, a.*
            from ${context} ctx
            left join lateral (
              select true as alongside_read, a0.* from (${options.alongside}) a0
              where ctx.is_super_admin or cardinality(ctx.codes) > 0
              -- not pulled up into the join: the gate stays a one-time filter, so the statement is
              -- never executed for a user who holds none of the codes
              offset 0
            ) a on true`
      : sql`select user_id, is_super_admin, last_seen_at, n, r, s, c, account, entity_found, owner_type, owner_id,
          codes
        from ${context}`,
  );
  if (!row) return null;
  if (Date.now() - new Date(row.last_seen_at).getTime() > REFRESH_AFTER_MS) {
    // Sliding expiry, never beyond the absolute lifetime from the sign-in (decision 0014, section 6).
    await db
      .update(sessions)
      .set({
        lastSeenAt: new Date(),
        expiresAt: sql`least(${new Date(Date.now() + ttlMs)}::timestamptz,
          ${sessions.createdAt} + make_interval(secs => ${maxAgeMs / 1000}))`,
      })
      .where(eq(sessions.id, sessionId));
  }
  const user: SessionUser = { sessionId, userId: row.user_id, isSuperAdmin: row.is_super_admin };
  const visibility: Visibility | null = row.is_super_admin
    ? { all: true }
    : options.visibility
      ? {
          all: false,
          nationalOfficeIds: row.n ?? [],
          regionIds: row.r ?? [],
          sectionIds: row.s ?? [],
          churchIds: row.c ?? [],
        }
      : null;
  return {
    context: { user, visibility },
    account: row.account,
    answer: answerOf(row),
    alongside: options.alongside && row.alongside_read ? row : null,
  };
}

/** The answer to `question` for a user whose session was already read in this request: one statement. */
export async function readAccess(db: Db, userId: number, question: AccessQuestion): Promise<AccessAnswer> {
  const row = await queryOne<Pick<ContextRow, 'entity_found' | 'owner_type' | 'owner_id' | 'codes'>>(
    db,
    sql`select entity_found, owner_type, owner_id, codes
        from app_entity_access(${userId}, ${accessArguments(question)})`,
  );
  return row ? answerOf(row) : { found: null, owner: null, held: new Set() };
}
