import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idParamSchema } from '../../../../contract/common';
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
import type { SessionUser } from '../../auth/sessions';
import { ANYWHERE, authorize, isArchivedEntity } from '../../http/authorize';
import { SECURITY_MESSAGES } from '../../../../contract/security';
import { requireUser } from '../../http/context';
import { httpError } from '../../http/errors';
import { ownOrigin } from '../../http/security';
import { ProviderError } from './ligdicash';
import {
  handleNotification,
  recheckPendingAttempts,
  startPayment,
  verifyAttempt,
  type PaymentDeps,
} from './payments';
import {
  createSubscription,
  createSubscriptionType,
  getAttempt,
  getSubscription,
  groupOf,
  type Group,
  listAttempts,
  listSubscriptions,
  listSubscriptionTypes,
  nationalOfficeOf,
  subscriptionGroup,
  updateSubscriptionType,
} from './service';
import { parseForm, providerSettings, simulatorEnabled } from './simulator';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const writeErrors = { ...errors, 409: errorSchema, 422: errorSchema };
const payErrors = { ...writeErrors, 502: errorSchema, 503: errorSchema };

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
 * Who may create a subscription for a group: the admin for a national office (a global grant);
 * for a region, section or church, `subscription:create` on its national office (the office bills its
 * own groups; a church does not bill itself).
 */
async function authorizeCreate(request: FastifyRequest, group: Group): Promise<SessionUser> {
  if (group.type === 'national_office') {
    return authorize(request, ANYWHERE, SUBSCRIPTION_PERMISSIONS.CREATE, {
      forbidden: SUBSCRIPTION_MESSAGES.createForbidden,
    });
  }
  const office = await nationalOfficeOf(request.server.deps.db, group);
  if (office === null) {
    // the group's own 404 ('Église introuvable.'...)
    await authorize(request, group, SUBSCRIPTION_PERMISSIONS.CREATE);
    throw httpError(404, SUBSCRIPTION_MESSAGES.notFound);
  }
  return authorize(request, { type: 'national_office', id: office }, SUBSCRIPTION_PERMISSIONS.CREATE, {
    forbidden: SUBSCRIPTION_MESSAGES.createForbidden,
  });
}

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const payments: PaymentDeps = { db, log: app.log, provider: () => providerSettings(app) };

  // Notifications are handled after the provider got its 200; kept so a stop (and a test) waits.
  const inFlight = new Set<Promise<unknown>>();
  IN_FLIGHT.set(db, inFlight);

  // Only where a provider can answer: LigdiCash configured, or the simulator.
  if (config.paymentRecheckMs > 0 && (config.ligdicash.apiUrl || simulatorEnabled(config))) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      recheckPendingAttempts(payments)
        .catch((error: unknown) => app.log.error(error))
        .finally(() => (running = false));
    }, config.paymentRecheckMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
  app.addHook('onClose', async () => {
    await Promise.allSettled([...inFlight]);
  });

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
        response: { 200: subscriptionListSchema, ...errors },
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
        response: { 200: subscriptionDetailSchema, ...errors },
      },
    },
    async (request) => {
      const group = await subscriptionGroup(db, request.params.id);
      await authorize(request, group, SUBSCRIPTION_PERMISSIONS.VIEW);
      const subscription = (await getSubscription(db, request.params.id))!;
      let canPay = false;
      if (!subscription.paid && subscription.status !== 'cancelled') {
        canPay = await authorize(request, group, SUBSCRIPTION_PERMISSIONS.PAY).then(
          () => true,
          () => false,
        );
      }
      return {
        data: { ...subscription, attempts: await listAttempts(db, subscription.id), can_pay: canPay },
      };
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
        response: { 201: subscriptionDetailSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const group = groupOf(request.body)!;
      const user = await authorizeCreate(request, group);
      // an archived group is not billed (issue 20)
      if (await isArchivedEntity(db, group.type, group.id))
        throw httpError(409, SECURITY_MESSAGES.archivedEntity);
      const created = await db.transaction((tx) => createSubscription(tx, user.userId, group, request.body));
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
        response: { 200: subscriptionTypeListSchema, 401: errorSchema },
      },
    },
    async (request) => {
      await requireUser(request);
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
        response: { 201: subscriptionTypeAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = await authorize(request, ANYWHERE, SUBSCRIPTION_PERMISSIONS.MANAGE);
      const type = await db.transaction((tx) => createSubscriptionType(tx, user.userId, request.body));
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
        response: { 200: subscriptionTypeAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const user = await authorize(request, ANYWHERE, SUBSCRIPTION_PERMISSIONS.MANAGE);
      const type = await db.transaction((tx) =>
        updateSubscriptionType(tx, user.userId, request.params.id, request.body),
      );
      return { data: type };
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
        response: { 200: startPaymentAnswerSchema, 201: startPaymentAnswerSchema, ...payErrors },
      },
    },
    async (request, reply) => {
      const group = await subscriptionGroup(db, request.params.id);
      const user = await authorize(request, group, SUBSCRIPTION_PERMISSIONS.PAY, {
        forbidden: SUBSCRIPTION_MESSAGES.payForbidden,
      });
      const { return_path: returnPath, ...payer } = request.body;
      const result = await startPayment(payments, {
        ...payer,
        subscriptionId: request.params.id,
        group,
        payerId: user.userId,
        publicUrl: config.publicUrl ?? ownOrigin(request) ?? `http://localhost:${config.port}`,
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
        response: { 200: attemptAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const group = await subscriptionGroup(db, request.params.id);
      await authorize(request, group, SUBSCRIPTION_PERMISSIONS.VIEW);
      let attempt = await getAttempt(db, request.params.attemptId);
      if (!attempt || attempt.subscription_id !== request.params.id)
        throw httpError(404, SUBSCRIPTION_MESSAGES.attemptNotFound);
      if (attempt.status === 'pending') {
        try {
          await verifyAttempt(payments, attempt.id, 'return');
        } catch (error) {
          // the provider is down: the attempt stays pending, checked again later
          if (!(error instanceof ProviderError)) throw error;
          request.log.warn({ err: error.message }, 'subscription payment re-check failed');
        }
        attempt = (await getAttempt(db, attempt.id))!;
      }
      const subscription = (await getSubscription(db, request.params.id))!;
      return { data: { attempt, subscription_paid: subscription.paid } };
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
        const body =
          request.body && typeof request.body === 'object' && !Array.isArray(request.body)
            ? (request.body as Record<string, unknown>)
            : {};
        const work = handleNotification(payments, body)
          .catch((error: unknown) =>
            request.log.warn(
              { err: (error as Error).message },
              'subscription payment notification not verified',
            ),
          )
          .finally(() => inFlight.delete(work));
        inFlight.add(work);
        return { received: true };
      },
    );
  });
};

const IN_FLIGHT = new WeakMap<object, Set<Promise<unknown>>>();

/** Resolves once the payment notifications received so far by the app on `db` are handled (tests). */
export async function paymentNotificationsSettled(db: object): Promise<void> {
  const inFlight = IN_FLIGHT.get(db);
  while (inFlight && inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
