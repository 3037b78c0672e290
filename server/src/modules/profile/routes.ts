import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROFILE_MESSAGES,
  passwordChangeBodySchema,
  profileAnswerSchema,
  profileUpdateBodySchema,
  sessionIdParamSchema,
  sessionListSchema,
} from '../../../../contract/profile';
import { DEVICE_COOKIE, readDeviceCookie } from '../../auth/device-cookie';
import { DEFAULT_LOGIN_LIMITS, type LoginLimits } from '../../auth/login-throttle';
import { SESSION_COOKIE } from '../../auth/sessions';
import { authorizeSignedIn } from '../../http/authorize';
import { errorAnswers, OWN_ERRORS } from '../../http/answers';
import { sessionCookieOptions } from '../auth';
import {
  changePassword,
  endOtherSessions,
  endSession,
  getProfile,
  listSessions,
  updateContact,
} from './service';

const TAGS = ['Mon profil'];

/** /mon-profil: the signed-in user's own record, password and sessions; nobody else's. */
export const profileRoutes: FastifyPluginAsyncZod<{ limits?: LoginLimits }> = async (app, options) => {
  const { db, config } = app.deps;
  const limits = options.limits ?? DEFAULT_LOGIN_LIMITS;

  app.get(
    '/profile',
    {
      schema: {
        tags: TAGS,
        summary: 'Mon profil',
        description:
          'Le dossier de l’utilisateur connecté : nom, matricule, téléphone, email, rôles et leurs entités.',
        response: { 200: profileAnswerSchema, ...OWN_ERRORS },
      },
    },
    async (request) => {
      const actor = await authorizeSignedIn(request);
      return { data: await getProfile(db, actor.userId) };
    },
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: TAGS,
        summary: 'Modifier mon téléphone et mon email',
        body: profileUpdateBodySchema,
        response: {
          200: profileAnswerSchema.extend({ message: z.string() }),
          ...errorAnswers(400, 401, 409),
        },
      },
    },
    async (request) => {
      const data = await updateContact(db, await authorizeSignedIn(request), request.body);
      return { message: PROFILE_MESSAGES.updated, data };
    },
  );

  app.put(
    '/profile/password',
    {
      schema: {
        tags: TAGS,
        summary: 'Changer mon mot de passe',
        description:
          'Le mot de passe actuel est requis ; le nouveau a au moins 10 caractères. Les autres sessions de ' +
          'l’utilisateur sont terminées, celle-ci reste ouverte. Le mot de passe actuel est limité comme à ' +
          'la connexion : après 5 erreurs, 429 avec Retry-After, avant toute vérification.',
        body: passwordChangeBodySchema,
        response: { 200: z.object({ message: z.string() }), ...OWN_ERRORS, ...errorAnswers(429) },
      },
    },
    async (request) => {
      await changePassword(db, await authorizeSignedIn(request), request.body, {
        production: config.production,
        limits,
        device: readDeviceCookie(config.sessionSecret, request.cookies[DEVICE_COOKIE]),
      });
      return { message: PROFILE_MESSAGES.passwordChanged };
    },
  );

  app.get(
    '/profile/sessions',
    {
      schema: {
        tags: TAGS,
        summary: 'Mes sessions actives',
        description: 'Appareil (navigateur), adresse, ouverture et dernière activité ; `current` : celle-ci.',
        response: { 200: sessionListSchema, ...OWN_ERRORS },
      },
    },
    async (request) => {
      return { data: await listSessions(db, await authorizeSignedIn(request)) };
    },
  );

  app.delete(
    '/profile/sessions/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Déconnecter une session',
        params: sessionIdParamSchema,
        response: { 200: z.object({ current: z.boolean() }), ...errorAnswers(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const current = await endSession(db, await authorizeSignedIn(request), request.params.id);
      if (current) reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(request.protocol === 'https'));
      return { current };
    },
  );

  app.delete(
    '/profile/sessions',
    {
      schema: {
        tags: TAGS,
        summary: 'Déconnecter les autres sessions',
        // no body; anything else sent is refused (400), as on every write
        body: z.strictObject({}).nullish(),
        response: { 200: z.object({ ended: z.number().int() }), ...OWN_ERRORS },
      },
    },
    async (request) => {
      return { ended: await endOtherSessions(db, await authorizeSignedIn(request)) };
    },
  );
};
