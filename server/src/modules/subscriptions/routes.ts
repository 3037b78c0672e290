import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../../../contract/common';
import {
  attemptAnswerSchema,
  attemptParamsSchema,
  createSubscriptionBodySchema,
  createSubscriptionTypeBodySchema,
  startPaymentAnswerSchema,
  startPaymentBodySchema,
  SUBSCRIPTION_MESSAGES,
  SUBSCRIPTION_PERMISSIONS,
  subscriptionDetailSchema,
  subscriptionListQuerySchema,
  subscriptionListSchema,
  subscriptionTypeAnswerSchema,
  subscriptionTypeListSchema,
  updateSubscriptionTypeBodySchema,
} from '../../../../contract/subscriptions';
import { errorAnswers, READ_ERRORS, WRITE_ERRORS } from '../../http/answers';
import { ANYWHERE, authorize, authorizeSignedIn, gateOf, type Gate } from '../../http/authorize';
import { httpError, HttpError } from '../../http/errors';
import {
  attemptOnReturn,
  handleNotification,
  recheckPendingAttempts,
  startPayment,
  type PaymentDeps,
} from './payments';
import { paysGroup } from './policy';
import {
  createSubscription,
  createSubscriptionType,
  groupOf,
  type Group,
  listSubscriptions,
  listSubscriptionTypes,
  subscriptionDetail,
  subscriptionGroup,
  updateSubscriptionType,
} from './service';
import {
  handleAfterAnswer,
  NotificationsInFlight,
  parseForm,
  providerSettings,
  publicBase,
  startRecheck,
  type SimulatorPurpose,
} from '../ligdicash';

/** A write's errors, and 422 (a subscription type that does not fit). */
const TYPED_WRITE_ERRORS = { ...WRITE_ERRORS, ...errorAnswers(422) };

/** Where the payer comes back to: the space of the group that pays. */
const DEFAULT_RETURN: Record<Group['type'], string> = {
  church: '/mon-eglise/souscriptions',
  section: '/ma-section',
  region: '/ma-region',
  national_office: '/mon-bureau-national/souscriptions',
};

const payBodySchema = startPaymentBodySchema.extend({
  /** the SPA's path of the subscription's detail page (a path of this site, nothing else) */
  return_path: z
    .string()
    .max(200, 'Chemin de retour invalide.')
    .regex(/^\/[A-Za-z0-9/_-]*$/, 'Chemin de retour invalide.')
    .refine((v) => !v.startsWith('//'), 'Chemin de retour invalide.')
    .optional(),
});

/**
 * Routes of the subscriptions (decisions 0019 and 0020, docs/features/subscriptions.md): a group's
 * subscriptions, their creation by whoever bills the group and their payment through LigdiCash by
 * whoever pays it (policy.ts), the subscription types (administrator), the provider's notification.
 */
export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const payments: PaymentDeps = { db, log: app.log, provider: () => providerSettings(app) };

  // Notifications are handled after the provider got its 200; kept so a stop (and a test) waits.
  const inFlight = NOTIFICATIONS.open(app, db);
  startRecheck(app, () => recheckPendingAttempts(payments));

  app.get(
    '/subscriptions',
    {
      schema: {
        tags: ['Souscriptions'],
        summary: "Souscriptions d'un groupe",
        description:
          'Un seul de `church_id`, `section_id`, `region_id`, `national_office_id` ; permission ' +
          '`subscription:view` sur le groupe. Les plus récentes d’abord (`order=asc` : les plus anciennes), ' +
          '`paid=false` : les non payées.',
        querystring: subscriptionListQuerySchema,
        response: { 200: subscriptionListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const group = groupOf(request.query);
      if (!group) throw httpError(400, SUBSCRIPTION_MESSAGES.groupRequired);
      await authorize(request, group, SUBSCRIPTION_PERMISSIONS.VIEW);
      return listSubscriptions(db, group, request.query);
    },
  );

  app.get(
    '/subscriptions/:id',
    {
      schema: {
        tags: ['Souscriptions'],
        summary: "Détails d'une souscription",
        description:
          'La souscription, son paiement, l’historique des tentatives de paiement et `can_pay` ' +
          '(permission `subscription:view` sur le groupe).',
        params: idParamSchema,
        response: { 200: subscriptionDetailSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const group = await subscriptionGroup(db, request.params.id);
      await authorize(request, group, SUBSCRIPTION_PERMISSIONS.VIEW);
      return { data: await subscriptionDetail(db, await gateOf(request), request.params.id, group) };
    },
  );

  app.post(
    '/subscriptions',
    {
      schema: {
        tags: ['Souscriptions'],
        summary: 'Créer une souscription',
        description:
          'Une période facturée, non payée, statut `active`. Dates au format JJ/MM/AAAA. Le super-administrateur ' +
          'pour un bureau national ; pour une région, une section ou une église, `subscription:create` sur son ' +
          'bureau national. Le type doit viser ce genre de groupe ; la période ne chevauche aucune autre du groupe.',
        body: createSubscriptionBodySchema,
        response: { 201: subscriptionDetailSchema, ...TYPED_WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const group = groupOf(request.body)!;
      const created = await createSubscription(db, await gateOf(request), group, request.body);
      reply.code(201);
      return { data: { ...created, attempts: [], can_pay: false } };
    },
  );

  app.get(
    '/subscription-types',
    {
      schema: {
        tags: ['Souscriptions'],
        summary: 'Types de souscription',
        description: 'Nom, niveau (`target`), période en mois, montant en F CFA. Toute personne connectée.',
        response: { 200: subscriptionTypeListSchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      await authorizeSignedIn(request);
      return { data: await listSubscriptionTypes(db) };
    },
  );

  app.post(
    '/subscription-types',
    {
      schema: {
        tags: ['Souscriptions'],
        summary: 'Créer un type de souscription (administrateur)',
        body: createSubscriptionTypeBodySchema,
        response: { 201: subscriptionTypeAnswerSchema, ...TYPED_WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const actor = await authorize(request, ANYWHERE, SUBSCRIPTION_PERMISSIONS.MANAGE);
      const type = await createSubscriptionType(db, actor, request.body);
      reply.code(201);
      return { data: type };
    },
  );

  app.patch(
    '/subscription-types/:id',
    {
      schema: {
        tags: ['Souscriptions'],
        summary: 'Modifier un type de souscription (administrateur)',
        description: 'Nom, période, montant, `active` (un type retiré n’est plus proposé).',
        params: idParamSchema,
        body: updateSubscriptionTypeBodySchema,
        response: { 200: subscriptionTypeAnswerSchema, ...TYPED_WRITE_ERRORS },
      },
    },
    async (request) => {
      const actor = await authorize(request, ANYWHERE, SUBSCRIPTION_PERMISSIONS.MANAGE);
      return { data: await updateSubscriptionType(db, actor, request.params.id, request.body) };
    },
  );

  app.post(
    '/subscriptions/:id/payments',
    {
      schema: {
        tags: ['Souscriptions'],
        summary: 'Payer une souscription (LigdiCash)',
        description:
          'Permission `subscription:pay` sur le groupe. Enregistre la tentative (en attente) et crée la facture ' +
          'LigdiCash (carte ou mobile money) ; répond l’adresse de la page de paiement. Une tentative encore en ' +
          'attente est réutilisée (200, `reused`) : une période n’est jamais facturée deux fois. Fournisseur ' +
          'injoignable ou réponse inattendue : 502, rien n’est enregistré comme payé.',
        params: idParamSchema,
        body: payBodySchema,
        response: {
          200: startPaymentAnswerSchema,
          201: startPaymentAnswerSchema,
          ...TYPED_WRITE_ERRORS,
          ...errorAnswers(502, 503),
        },
      },
    },
    async (request, reply) => {
      const group = await subscriptionGroup(db, request.params.id);
      const { return_path: returnPath, ...payer } = request.body;
      // Built from PUBLIC_URL or the server's own address, never from the request (decision 0043);
      // none: 503, once the payer is authorised
      const publicUrl = publicBase(app);
      const result = await startPayment(payments, await gateOf(request), {
        ...payer,
        subscriptionId: request.params.id,
        group,
        publicUrl,
        returnPath: returnPath ?? `${DEFAULT_RETURN[group.type]}/${request.params.id}`,
      });
      reply.code(result.reused ? 200 : 201);
      return { data: result };
    },
  );

  app.get(
    '/subscriptions/:id/payments/:attemptId',
    {
      schema: {
        tags: ['Souscriptions'],
        summary: "État d'une tentative de paiement",
        description:
          'Une tentative en attente est vérifiée auprès de LigdiCash (au retour du payeur) ; le paiement est ' +
          'enregistré s’il est confirmé. Permission `subscription:view` sur le groupe.',
        params: attemptParamsSchema,
        response: { 200: attemptAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { id, attemptId } = request.params;
      await authorize(request, await subscriptionGroup(db, id), SUBSCRIPTION_PERMISSIONS.VIEW);
      return { data: await attemptOnReturn(payments, id, attemptId, request.log) };
    },
  );

  // The provider's notification: no session; JSON or form-urlencoded; never trusted by itself.
  await app.register(async (notify) => {
    notify.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 65_536 },
      (_request, body, done) => done(null, parseForm(body as string)),
    );
    notify.post(
      '/subscriptions/payments/notify',
      {
        schema: {
          tags: ['Souscriptions'],
          summary: 'Notification de paiement LigdiCash (callback_url)',
          description:
            'Appelée par LigdiCash, en JSON et en application/x-www-form-urlencoded. Répond 200 aussitôt ; la ' +
            'notification ne fait que désigner une tentative (jeton, `transaction_id` dans `custom_data`) : le ' +
            'serveur interroge LigdiCash (confirm) avec le jeton qu’il a gardé, vérifie le statut `completed`, ' +
            'le montant et la devise, puis enregistre le paiement une seule fois.',
          security: [],
          response: { 200: z.object({ received: z.boolean() }) },
        },
      },
      async (request) => {
        handleAfterAnswer(
          inFlight,
          request,
          (body) => handleNotification(payments, body),
          'subscription payment notification not verified',
        );
        return { received: true };
      },
    );
  });
};

/** The notification route (callback_url), as the LigdiCash simulator calls it back. */
export const SUBSCRIPTION_NOTIFY_PATH = '/api/subscriptions/payments/notify';

/** The subscriptions' invoices on the simulator: notified at their route, paid by whoever pays the group. */
export const subscriptionSimulatorPurpose: SimulatorPurpose = {
  notifyPath: SUBSCRIPTION_NOTIFY_PATH,
  async mayPay(request, customData) {
    let gate: Gate;
    try {
      gate = await gateOf(request);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 401) return 'unauthenticated';
      throw error;
    }
    const id = Number(customData.subscription);
    if (!Number.isInteger(id) || id <= 0) return 'forbidden';
    const group = await subscriptionGroup(request.server.deps.db, id).catch(() => null);
    return group && (await paysGroup(gate, group)) ? 'ok' : 'forbidden';
  },
};

const NOTIFICATIONS = new NotificationsInFlight();

/** Resolves once the payment notifications received so far by the app on `db` are handled (tests). */
export const paymentNotificationsSettled = (db: object): Promise<void> => NOTIFICATIONS.settled(db);
