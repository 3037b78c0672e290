import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSchema, loginBodySchema, logoutAnswerSchema } from '../../../../contract/auth';
import { errorSchema } from '../../../../contract/common';
import { SESSION_COOKIE } from '../../auth/sessions';
import { currentAccount, currentUser, sessionToken } from '../../http/context';
import { httpError, MESSAGES } from '../../http/errors';
import { DEFAULT_LOGIN_LIMITS, signIn, signOut, type LoginLimits } from './service';

export type { LoginLimits };

export const authRoutes: FastifyPluginAsyncZod<{ limits?: LoginLimits }> = async (app, options) => {
  const { db, config } = app.deps;
  const login = signIn(db, config.sessionTtlMs, options.limits ?? DEFAULT_LOGIN_LIMITS);

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
      const { account, token } = await login({
        login: request.body.login,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousToken: sessionToken(request),
      });
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
      const signedIn = await currentAccount(request);
      if (!signedIn?.account) throw httpError(401, MESSAGES.unauthenticated);
      return signedIn.account;
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
      await signOut(db, sessionToken(request), user?.userId ?? null, request.ip);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(request.protocol === 'https'));
      return reply.type('application/json').send(null);
    },
  );
};
