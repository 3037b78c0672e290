import { z } from 'zod';
import { limitParam, listMetaSchema, pageParam } from './common';

/** What happened (the server's NOTIFICATION_KINDS): the SPA picks an icon from it. */
export const NOTIFICATION_KIND_VALUES = [
  'expense_request.to_approve',
  'expense_request.approved',
  'expense_request.rejected',
  'expense_request.paid',
  'permission.granted',
  'permission.expiring',
  'faithful_transfer.to_confirm',
  'subscription.due',
  'subscription.paid',
  'activity_report.submitted',
  'activity_report.returned',
  'online_gift.received',
  'online_gift.recorded',
] as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KIND_VALUES),
  title: z.string(),
  body: z.string(),
  /** the SPA path of the page the event concerns, null when there is none */
  link: z.string().nullable(),
  /** ISO date-time */
  created_at: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notifications: the user's own, newest first; `unread` only when asked. */
export const notificationListQuerySchema = z.object({
  page: pageParam,
  limit: limitParam(50, 20),
  unread: z.enum(['true', 'false'], { error: 'Filtre invalide.' }).optional(),
});

export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  meta: listMetaSchema,
  /** the user's unread count, whatever the page */
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification introuvable.',
} as const;
