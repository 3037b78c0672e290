import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../../contract/common';
import {
  PROFILE_MESSAGES,
  passwordChangeBodySchema,
  profileAnswerSchema,
  profileUpdateBodySchema,
  sessionIdParamSchema,
  sessionListSchema,
} from '../../../../contract/profile';
import { SESSION_COOKIE } from '../../auth/sessions';
import { requireUser } from '../../http/context';
import {
  changePassword,
  endOtherSessions,
  endSession,
  getProfile,
  listSessions,
  updateContact,
} from './service';

const TAGS = ['Mon profil'];
/** The session cookie's options (as /login sets it), to clear it when the current session ends. */
const cookieOptions = (secure: boolean) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure,
  signed: true,
});
const errors = { 400: errorSchema, 401: errorSchema };

/** /mon-profil: the signed-in user's own record, password and sessions; nobody else's. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    '/profile',
    {
      schema: {
        tags: TAGS,
        summary: 'Mon profil',
        description:
          'Le dossier de l’utilisateur connecté : nom, matricule, téléphone, email, rôles et leurs entités.',
        response: { 200: profileAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { data: await getProfile(db, user.userId) };
    },
  );

  app.put(
    '/profile',
    {
      schema: {
        tags: TAGS,
        summary: 'Modifier mon téléphone et mon email',
        body: profileUpdateBodySchema,
        response: { 200: profileAnswerSchema.extend({ message: z.string() }), 409: errorSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const data = await updateContact(db, { userId: user.userId, ip: request.ip }, request.body);
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
          'l’utilisateur sont terminées, celle-ci reste ouverte.',
        body: passwordChangeBodySchema,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      await changePassword(
        db,
        { userId: user.userId, ip: request.ip, sessionId: user.sessionId },
        request.body,
        config.production,
      );
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
        response: { 200: sessionListSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { data: await listSessions(db, user.userId, user.sessionId) };
    },
  );

  app.delete(
    '/profile/sessions/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Déconnecter une session',
        params: sessionIdParamSchema,
        response: { 200: z.object({ current: z.boolean() }), 404: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const current = await endSession(
        db,
        { userId: user.userId, ip: request.ip, sessionId: user.sessionId },
        request.params.id,
      );
      if (current) reply.clearCookie(SESSION_COOKIE, cookieOptions(request.protocol === 'https'));
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
        response: { 200: z.object({ ended: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return {
        ended: await endOtherSessions(db, { userId: user.userId, ip: request.ip, sessionId: user.sessionId }),
      };
    },
  );
};
