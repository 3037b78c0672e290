import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountSchema,
  LOGIN_FAILED_MESSAGE,
  loginBodySchema,
  logoutAnswerSchema,
} from '../../../../contract/auth';
import { errorSchema } from '../../../../contract/common';
import { audit } from '../../audit/audit';
import { buildAccount, findLoginCandidate, normalizePhone } from '../../auth/account';
import { verifyPassword } from '../../auth/password';
import { FailureLimiter } from '../../auth/rate-limit';
import { createSession, deleteSession, SESSION_COOKIE, sessionIdOf } from '../../auth/sessions';
import { currentUser, requireUser, sessionToken } from '../../http/context';
import { httpError, MESSAGES } from '../../http/errors';

export type LoginLimits = {
  perAccount: number;
  perAddress: number;
  windowMs: number;
};

/** Verified when the identifier is unknown, so that the answer takes as long as for a known one. The
 * password it hashes was random and thrown away: nothing matches it. */
const DUMMY_HASH = 'scrypt$32768$8$1$5dODJG2EwBrw/nytjJwySg==$mpx3fvvvCD6NtkotcYaRR0pjpe2zEgMJZcysZTcG+78=';

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 5, perAddress: 30, windowMs: 15 * 60 * 1000 };

function tooManyAttempts(retryAfter: number) {
  const minutes = Math.ceil(retryAfter / 60);
  return httpError(
    429,
    `Trop de tentatives de connexion. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
    { headers: { 'Retry-After': String(retryAfter) } },
  );
}

/** The key of an account identifier: the same person typed differently counts once. */
function accountKey(login: string): string {
  const value = login.trim().toLowerCase();
  return `account:${value.includes('@') ? value : (normalizePhone(value) ?? value)}`;
}

export const authRoutes: FastifyPluginAsyncZod<{ limits?: LoginLimits }> = async (app, options) => {
  const limits = options.limits ?? DEFAULT_LOGIN_LIMITS;
  const perAccount = new FailureLimiter(limits.perAccount, limits.windowMs);
  const perAddress = new FailureLimiter(limits.perAddress, limits.windowMs);
  const { db, config } = app.deps;

  const cookieOptions = (secure: boolean) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    signed: true,
  });

  app.post(
    '/login',
    {
      schema: {
        tags: ['Authentification'],
        summary: 'Se connecter',
        description:
          "`login` est l'email, le téléphone ou le matricule. Répond le compte et pose le cookie de session " +
          '(HttpOnly, SameSite=Lax). Identifiants incorrects ou compte désactivé : 400 avec un message unique. ' +
          'Trop de tentatives : 429 avec Retry-After.',
        body: loginBodySchema,
        response: { 200: accountSchema, 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const { login, password } = request.body;
      const keys = { account: accountKey(login), address: `address:${request.ip}` };
      const retryAfter = Math.max(perAccount.retryAfter(keys.account), perAddress.retryAfter(keys.address));
      if (retryAfter > 0) throw tooManyAttempts(retryAfter);

      const candidate = await findLoginCandidate(db, login);
      const valid = await verifyPassword(password, candidate?.password_hash ?? DUMMY_HASH);
      if (!candidate || !candidate.password_hash || !candidate.active || !valid) {
        perAccount.fail(keys.account);
        perAddress.fail(keys.address);
        await audit(db, {
          userId: candidate?.id ?? null,
          action: 'auth.login_failed',
          data: { reason: !candidate ? 'unknown' : !candidate.active ? 'disabled' : 'password' },
          ip: request.ip,
        });
        throw httpError(400, LOGIN_FAILED_MESSAGE);
      }
      perAccount.reset(keys.account);

      // A new session id at each sign-in; the one the browser had is ended.
      const previous = sessionToken(request);
      if (previous) await deleteSession(db, sessionIdOf(previous));
      const token = await createSession(db, {
        userId: candidate.id,
        ttlMs: config.sessionTtlMs,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      await audit(db, { userId: candidate.id, action: 'auth.login', ip: request.ip });
      const account = await buildAccount(db, candidate.id);
      if (!account) throw new Error('account vanished during sign-in');
      reply.setCookie(SESSION_COOKIE, token, {
        ...cookieOptions(request.protocol === 'https'),
        maxAge: Math.floor(config.sessionTtlMs / 1000),
      });
      return account;
    },
  );

  app.get(
    '/me',
    {
      schema: {
        tags: ['Authentification'],
        summary: 'Le compte connecté',
        description: 'Répond 401 sans session valide (inconnue, expirée, ou utilisateur désactivé).',
        response: { 200: accountSchema, 401: errorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const account = await buildAccount(db, user.userId);
      if (!account) throw httpError(401, MESSAGES.unauthenticated);
      return account;
    },
  );

  app.delete(
    '/logout',
    {
      schema: {
        tags: ['Authentification'],
        summary: 'Se déconnecter',
        description: 'Supprime la session côté serveur, efface le cookie et répond la valeur JSON `null`.',
        response: { 200: logoutAnswerSchema },
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      const token = sessionToken(request);
      if (token) await deleteSession(db, sessionIdOf(token));
      if (user) await audit(db, { userId: user.userId, action: 'auth.logout', ip: request.ip });
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request.protocol === 'https'));
      return reply.type('application/json').send(null);
    },
  );
};
