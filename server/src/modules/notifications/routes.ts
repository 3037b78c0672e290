import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../../../contract/common';
import {
  NOTIFICATION_MESSAGES,
  notificationListQuerySchema,
  notificationListSchema,
  unreadCountSchema,
} from '../../../../contract/notifications';
import { errorAnswers, OWN_ERRORS } from '../../http/answers';
import { authorizeSignedIn } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { listNotifications, markAllRead, markRead, unreadCount } from './service';

const TAGS = ['Notifications'];

/** The signed-in user's own notifications: nobody reads or marks another's. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/notifications',
    {
      schema: {
        tags: TAGS,
        summary: 'Mes notifications',
        description:
          "Les notifications de l'utilisateur connecté, les plus récentes d'abord, paginées ; `unread=true` " +
          'ne garde que les non lues. `unread` de la réponse : le nombre de non lues.',
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema, ...OWN_ERRORS },
      },
    },
    async (request) => {
      const actor = await authorizeSignedIn(request);
      return listNotifications(db, actor.userId, request.query);
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags: TAGS,
        summary: 'Nombre de notifications non lues',
        description: 'La cloche de chaque espace le lit toutes les 60 secondes.',
        response: { 200: unreadCountSchema, ...OWN_ERRORS },
      },
    },
    async (request) => {
      const actor = await authorizeSignedIn(request);
      return { unread: await unreadCount(db, actor.userId) };
    },
  );

  app.put(
    '/notifications/:id/read',
    {
      schema: {
        tags: TAGS,
        summary: 'Marquer une notification comme lue',
        params: idParamSchema,
        response: { 200: unreadCountSchema, ...OWN_ERRORS, ...errorAnswers(404) },
      },
    },
    async (request) => {
      const actor = await authorizeSignedIn(request);
      if (!(await markRead(db, actor.userId, request.params.id)))
        throw httpError(404, NOTIFICATION_MESSAGES.notFound);
      return { unread: await unreadCount(db, actor.userId) };
    },
  );

  app.put(
    '/notifications/read-all',
    {
      schema: {
        tags: TAGS,
        summary: 'Tout marquer comme lu',
        // no body; anything else sent is refused (400), as on every write
        body: z.strictObject({}).nullish(),
        response: { 200: z.object({ marked: z.number().int(), unread: z.number().int() }), ...OWN_ERRORS },
      },
    },
    async (request) => {
      const actor = await authorizeSignedIn(request);
      const marked = await markAllRead(db, actor.userId);
      return { marked, unread: 0 };
    },
  );
};
