import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountSchema, loginBodySchema, logoutAnswerSchema } from '../../../../contract/auth';
import {
  DEVICE_COOKIE,
  deviceCookieOptions,
  issueDeviceCookie,
  readDeviceCookie,
} from '../../auth/device-cookie';
import { SESSION_COOKIE } from '../../auth/sessions';
import { currentAccount, currentUser, sessionToken } from '../../http/context';
import { errorAnswers } from '../../http/answers';
import { httpError, MESSAGES } from '../../http/errors';
import { sessionCookieOptions } from './cookie';
import { DEFAULT_LOGIN_LIMITS, signIn, signOut, type LoginLimits } from './service';

export type { LoginLimits };

export const authRoutes: FastifyPluginAsyncZod<{ limits?: LoginLimits }> = async (app, options) => {
  const { db, config } = app.deps;
  const login = signIn(db, config.sessionTtlMs, options.limits ?? DEFAULT_LOGIN_LIMITS);

  app.post(
    '/login',
    {
      schema: {
        tags: ['Authentification'],
        summary: 'Se connecter',
        description:
          "`login` est l'email, le téléphone ou le matricule. Répond le compte et pose le cookie de session " +
          '(HttpOnly, SameSite=Lax) et le cookie d’appareil `device` (signé, un an, HttpOnly, SameSite=Lax, ' +
          'Path=/api) : les tentatives faites avec lui sont comptées à part des tentatives anonymes. ' +
          'Identifiants incorrects ou compte désactivé : 400 avec un message unique. Trop de tentatives : 429 ' +
          'avec Retry-After, avant toute vérification du mot de passe.',
        body: loginBodySchema,
        response: { 200: accountSchema, ...errorAnswers(400, 429) },
      },
    },
    async (request, reply) => {
      const { account, token } = await login({
        login: request.body.login,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousToken: sessionToken(request),
        device: readDeviceCookie(config.sessionSecret, request.cookies[DEVICE_COOKIE]),
      });
      const secure = request.protocol === 'https';
      reply.setCookie(SESSION_COOKIE, token, {
        ...sessionCookieOptions(secure),
        maxAge: Math.floor(config.sessionTtlMs / 1000),
      });
      // a new device cookie at each successful sign-in (decision 0041)
      reply.setCookie(
        DEVICE_COOKIE,
        issueDeviceCookie(config.sessionSecret, account.id),
        deviceCookieOptions(secure),
      );
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
        response: { 200: accountSchema, ...errorAnswers(401) },
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
      reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request.protocol === 'https'));
      return reply.type('application/json').send(null);
    },
  );
};
