import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Account } from '../../../contract/auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { queryOne } from '../db/query';
import {
  readAccess,
  readRequestContext,
  type AccessAnswer,
  type AccessQuestion,
  type RequestContext,
  type RequestContextRead,
} from '../auth/request-context';
import { SESSION_COOKIE, sessionIdOf, type SessionUser } from '../auth/sessions';
import { loadVisibility, type Visibility } from '../permissions/visibility';
import { httpError, MESSAGES } from './errors';

export type AppDeps = { db: Db; config: Config };

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** memo of the signed-in context (session, user, visibility), read once per request */
    contextMemo: Promise<RequestContext | null> | null;
  }
}

/** The raw session token of the request's cookie, when its signature is valid. */
export function sessionToken(request: FastifyRequest): string | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : null;
}

/**
 * Reads the signed-in context with the first check of the request, in one statement, and keeps it for
 * the rest of the request. Answers null without a valid session. `question`: what the first check asks
 * about an entity (answered in the same statement); `account`: the Account too (GET /me).
 */
async function firstRead(
  request: FastifyRequest,
  db: Db,
  options: { question?: AccessQuestion; account?: boolean; alongside?: SQL },
): Promise<RequestContextRead | null> {
  const token = sessionToken(request);
  const { config } = request.server.deps;
  const reading = token
    ? readRequestContext(db, sessionIdOf(token), config.sessionTtlMs, config.sessionMaxAgeMs, {
        visibility: !options.account,
        account: options.account,
        question: options.question,
        alongside: options.alongside,
      })
    : Promise.resolve(null);
  request.contextMemo = reading.then((read) => read?.context ?? null);
  // The caller awaits `reading` and sees its error; the memo's copy must not count as unhandled.
  request.contextMemo.catch(() => {});
  return reading;
}

/**
 * The signed-in user (looked up once per request), or null. `db`: the open transaction's handle when
 * the first lookup happens inside one (PGlite has one connection).
 */
export async function currentUser(
  request: FastifyRequest,
  db: Db = request.server.deps.db,
): Promise<SessionUser | null> {
  if (!request.contextMemo) await firstRead(request, db, {});
  return (await request.contextMemo)?.user ?? null;
}

/** The signed-in user, or a 401 answer. */
export async function requireUser(request: FastifyRequest, db?: Db): Promise<SessionUser> {
  const user = await currentUser(request, db);
  if (!user) throw httpError(401, MESSAGES.unauthenticated);
  return user;
}

/** What the signed-in user may see of the organisation (read with the session, once per request). */
export async function requireVisibility(
  request: FastifyRequest,
  db: Db = request.server.deps.db,
): Promise<{ user: SessionUser; visibility: Visibility }> {
  const user = await requireUser(request, db);
  const context = (await request.contextMemo)!;
  // Read apart only after GET /me's statement, which does not read it.
  context.visibility ??= await loadVisibility(db, user);
  return { user, visibility: context.visibility };
}

/**
 * The signed-in user and what they see, with the answer to the question `ask` returns (authorize): one
 * statement when it is the request's first look at the session (`ask(null)`: the user is not known
 * yet), otherwise `ask(user)` and one statement for the question alone, none when it answers null or
 * asks nothing.
 *
 * `alongside`: the one-row statement of the call's data, read in the same statement on the first look
 * (readRequestContext), beside the question's otherwise; its row is answered as `alongside` (null when
 * the first look's gate kept it from running). The caller uses it only once its checks have passed.
 */
export async function requireAccess(
  request: FastifyRequest,
  db: Db,
  ask: (user: SessionUser | null) => AccessQuestion | null,
  alongside?: SQL,
): Promise<{
  user: SessionUser;
  visibility: Visibility;
  answer: AccessAnswer;
  alongside: Record<string, unknown> | null;
}> {
  if (!request.contextMemo) {
    const read = await firstRead(request, db, { question: ask(null) ?? undefined, alongside });
    if (!read) throw httpError(401, MESSAGES.unauthenticated);
    const { user, visibility } = read.context;
    return { user, visibility: visibility!, answer: read.answer, alongside: read.alongside };
  }
  const { user, visibility } = await requireVisibility(request, db);
  const question = ask(user);
  const [answer, row] = await Promise.all([
    question && (question.exists !== null || question.codes.length > 0)
      ? readAccess(db, user.userId, question)
      : { found: null, owner: null, held: new Set<string>() },
    alongside ? queryOne<Record<string, unknown>>(db, alongside) : undefined,
  ]);
  return { user, visibility, answer, alongside: row ?? null };
}

/** GET /me: the signed-in user and their Account, in one statement; null without a valid session. */
export async function currentAccount(
  request: FastifyRequest,
  db: Db = request.server.deps.db,
): Promise<{ user: SessionUser; account: Account | null } | null> {
  const read = await firstRead(request, db, { account: true });
  return read ? { user: read.context.user, account: read.account } : null;
}
