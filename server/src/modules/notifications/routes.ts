import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParamSchema } from '../../../../contract/common';
import {
  NOTIFICATION_MESSAGES,
  notificationListQuerySchema,
  notificationListSchema,
  unreadCountSchema,
} from '../../../../contract/notifications';
import { requireUser } from '../../http/context';
import { httpError } from '../../http/errors';
import { listNotifications, markAllRead, markRead, unreadCount } from './service';

const TAGS = ['Notifications'];
const errors = { 400: errorSchema, 401: errorSchema };

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
        response: { 200: notificationListSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return listNotifications(db, user.userId, request.query);
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        tags: TAGS,
        summary: 'Nombre de notifications non lues',
        description: 'La cloche de chaque espace le lit toutes les 60 secondes.',
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return { unread: await unreadCount(db, user.userId) };
    },
  );

  app.put(
    '/notifications/:id/read',
    {
      schema: {
        tags: TAGS,
        summary: 'Marquer une notification comme lue',
        params: idParamSchema,
        response: { 200: unreadCountSchema, 404: errorSchema, ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (!(await markRead(db, user.userId, request.params.id)))
        throw httpError(404, NOTIFICATION_MESSAGES.notFound);
      return { unread: await unreadCount(db, user.userId) };
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
        response: { 200: z.object({ marked: z.number().int(), unread: z.number().int() }), ...errors },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const marked = await markAllRead(db, user.userId);
      return { marked, unread: 0 };
    },
  );
};
