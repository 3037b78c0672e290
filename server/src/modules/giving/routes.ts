import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../../../contract/common';
import {
  checkoutAnswerSchema,
  checkoutListQuerySchema,
  checkoutListSchema,
  givingCodeParamSchema,
  givingOptionsSchema,
  GIVING_PERMISSIONS,
  givingSettingsSchema,
  guestCheckoutBodySchema,
  installationSettingsSchema,
  memberCheckoutBodySchema,
  publicCheckoutAnswerSchema,
  publicGivingPageSchema,
  publicIdParamSchema,
  reconciliationBodySchema,
  reconciliationSchema,
  settingsQuerySchema,
  startCheckoutAnswerSchema,
  startGuestCheckoutAnswerSchema,
  updateInstallationBodySchema,
  updateSettingsBodySchema,
} from '../../../../contract/giving';
import { errorAnswers, READ_ERRORS, WRITE_ERRORS } from '../../http/answers';
import { authorize, authorizeSignedIn, gateOf } from '../../http/authorize';
import {
  handleAfterAnswer,
  NotificationsInFlight,
  parseForm,
  providerSettings,
  publicBase,
  simulatorEnabled,
  startRecheck,
} from '../ligdicash';
import { handleNotification, recheckOpenCheckouts, type GivingDeps } from './checkouts';
import { bindGuestCheckout } from './guest';
import { assertInstallationManager, authorizeSettingsManager, isGiver, managesSettings } from './policy';
import { listCheckouts } from './queries';
import { reconcile } from './reconciliation';
import {
  checkoutOwner,
  followCheckout,
  followPublicCheckout,
  memberOptions,
  publicPage,
  startGuestGift,
  startMemberGift,
  verifyByTreasurer,
} from './service';
import { installationView, settingsView, updateChurchSettings, updateInstallation } from './settings';

const TAGS = ['Don en ligne'];
const church = (id: number) => ({ type: 'church', id });
const PAYMENT_ERRORS = { ...WRITE_ERRORS, ...errorAnswers(429, 502, 503) };

/**
 * Online giving (decision 0043, docs/features/online-giving.md): a member's gift, a guest's gift
 * through a church's public page, the provider's notification, a church's checkouts and their
 * reconciliation with the provider's statement, the church's settings and the denomination's merchant
 * account.
 */
export const givingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const deps: GivingDeps = {
    db,
    log: app.log,
    key: config.paymentSecretsKey,
    simulator: simulatorEnabled(config),
    provider: (merchant) => providerSettings(app, merchant),
    publicBase: () => publicBase(app),
  };

  // Notifications are handled after the provider got its 200; kept so a stop (and a test) waits.
  const inFlight = NOTIFICATIONS.open(app, db);
  startRecheck(app, () => recheckOpenCheckouts(deps));

  // ---------------------------------------------------------------- the member

  app.get(
    '/giving/me',
    {
      schema: {
        tags: TAGS,
        summary: 'Puis-je donner en ligne ?',
        description:
          'Pour le membre connecté : son église et les départements dont il est membre, si le don en ligne y ' +
          'est ouvert (sinon `available: false` et la raison en français).',
        response: { 200: givingOptionsSchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const actor = await authorizeSignedIn(request);
      return { data: await memberOptions(db, actor.userId) };
    },
  );

  app.post(
    '/giving/checkouts',
    {
      schema: {
        tags: TAGS,
        summary: 'Donner en ligne (membre)',
        description:
          'À son église ou à un département dont il est membre : le paiement est enregistré « démarré », la ' +
          'facture LigdiCash créée ; répond l’adresse de la page de paiement (mobile money ou carte). La ' +
          'contribution n’est enregistrée qu’une fois le paiement confirmé par LigdiCash.',
        body: memberCheckoutBodySchema,
        response: { 201: startCheckoutAnswerSchema, ...PAYMENT_ERRORS },
      },
    },
    async (request, reply) => {
      const actor = await authorizeSignedIn(request);
      const result = await startMemberGift(
        deps,
        actor,
        request.body,
        (id) => `/mes-contributions/donner/${id}`,
      );
      reply.code(201);
      return { data: result };
    },
  );

  app.get(
    '/giving/checkouts/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Un paiement en ligne',
        description:
          'Son donateur, ou `contribution:view` sur l’église. Un paiement encore ouvert est d’abord vérifié ' +
          'auprès de LigdiCash (au retour du donateur) : le don est enregistré s’il est confirmé.',
        params: idParamSchema,
        response: { 200: checkoutAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      await authorizeSignedIn(request);
      const owner = await checkoutOwner(db, request.params.id);
      await authorize(request, church(owner.churchId), GIVING_PERMISSIONS.VIEW, { unless: isGiver(owner) });
      return { data: await followCheckout(deps, request.params.id) };
    },
  );

  // ---------------------------------------------------------------- the church's treasurers

  app.get(
    '/giving/checkouts',
    {
      schema: {
        tags: TAGS,
        summary: 'Paiements en ligne d’une église',
        description:
          'Chaque paiement (démarré, en attente, payé, échoué, expiré) et la contribution qu’il est devenu, ' +
          'les plus récents d’abord, et les totaux par statut (`contribution:view` sur l’église).',
        querystring: checkoutListQuerySchema,
        response: { 200: checkoutListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { church_id: churchId, ...filters } = request.query;
      await authorize(request, church(churchId), GIVING_PERMISSIONS.VIEW);
      return listCheckouts(db, churchId, filters);
    },
  );

  app.post(
    '/giving/checkouts/:id/verify',
    {
      schema: {
        tags: TAGS,
        summary: 'Vérifier un paiement auprès de LigdiCash',
        description:
          'Un paiement démarré, en attente ou expiré est vérifié maintenant (`online_giving:manage`) : ' +
          'enregistré s’il est confirmé. 409 pour un paiement déjà réglé.',
        params: idParamSchema,
        response: { 200: checkoutAnswerSchema, ...WRITE_ERRORS, ...errorAnswers(502, 503) },
      },
    },
    async (request) => {
      const owner = await checkoutOwner(db, request.params.id);
      await authorize(request, church(owner.churchId), GIVING_PERMISSIONS.MANAGE);
      return { data: await verifyByTreasurer(deps, request.params.id) };
    },
  );

  app.post(
    '/giving/reconciliation',
    {
      schema: {
        tags: TAGS,
        summary: 'Rapprocher le relevé LigdiCash',
        description:
          'Le relevé de transactions du fournisseur (CSV : référence ou identifiant externe, montant, statut, ' +
          'date, frais) lu ligne à ligne contre les dons enregistrés : rapprochés, absents du produit, ' +
          'inconnus de LigdiCash, avec les totaux (`online_giving:manage`). Rien n’est écrit.',
        body: reconciliationBodySchema,
        response: { 200: reconciliationSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      await authorize(request, church(request.body.church_id), GIVING_PERMISSIONS.MANAGE);
      return { data: await reconcile(db, request.body.church_id, request.body.csv) };
    },
  );

  app.get(
    '/giving/settings',
    {
      schema: {
        tags: TAGS,
        summary: 'Paramètres du don en ligne d’une église',
        description:
          'Ouvert ou non, le compte de trésorerie (électronique) qui reçoit les dons, le compte marchand qui ' +
          'encaisse, le code de la page publique. La clé et le jeton ne sont jamais renvoyés ' +
          '(`contribution:view` sur l’église ; `can_manage` : `online_giving:manage`).',
        querystring: settingsQuerySchema,
        response: { 200: givingSettingsSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const churchId = request.query.church_id;
      await authorize(request, church(churchId), GIVING_PERMISSIONS.VIEW);
      const canManage = await managesSettings(await gateOf(request), churchId);
      return { data: await settingsView(db, churchId, { canManage, simulator: deps.simulator }) };
    },
  );

  app.put(
    '/giving/settings',
    {
      schema: {
        tags: TAGS,
        summary: 'Modifier les paramètres du don en ligne',
        description:
          '`online_giving:manage` sur l’église (ses trésoriers) : ouvrir ou fermer, le compte électronique, ' +
          'le compte marchand (celui de l’église ou de la dénomination), une nouvelle clé et son jeton ' +
          '(chiffrés, jamais renvoyés) ou leur effacement.',
        body: updateSettingsBodySchema,
        response: { 200: givingSettingsSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const body = request.body;
      const gate = await gateOf(request);
      const actor = await authorizeSettingsManager(gate, body.church_id);
      await updateChurchSettings(db, deps.key, actor, body);
      return {
        data: await settingsView(db, body.church_id, { canManage: true, simulator: deps.simulator }),
      };
    },
  );

  app.get(
    '/giving/installation-settings',
    {
      schema: {
        tags: TAGS,
        summary: 'Compte marchand de la dénomination (administrateur)',
        response: { 200: installationSettingsSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      assertInstallationManager(await authorizeSignedIn(request));
      return { data: await installationView(db, deps.simulator) };
    },
  );

  app.put(
    '/giving/installation-settings',
    {
      schema: {
        tags: TAGS,
        summary: 'Enregistrer le compte marchand de la dénomination (administrateur)',
        description:
          'La clé API et le jeton LigdiCash des églises qui encaissent par la dénomination (chiffrés, jamais ' +
          'renvoyés), ou leur effacement (`clear_keys`).',
        body: updateInstallationBodySchema,
        response: { 200: installationSettingsSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => {
      const actor = await authorizeSignedIn(request);
      assertInstallationManager(actor);
      await updateInstallation(db, deps.key, actor, request.body);
      return { data: await installationView(db, deps.simulator) };
    },
  );

  // ---------------------------------------------------------------- guests (no session)

  app.get(
    '/giving/public/:code',
    {
      schema: {
        tags: TAGS,
        summary: 'Page publique de don d’une église (sans session)',
        description:
          'Le nom de l’église, rien d’autre ; 404 si le code est inconnu ou le don en ligne fermé.',
        security: [],
        params: givingCodeParamSchema,
        response: { 200: publicGivingPageSchema, ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await publicPage(db, request.params.code) };
    },
  );

  app.post(
    '/giving/public/:code/checkouts',
    {
      schema: {
        tags: TAGS,
        summary: 'Donner sans compte (visiteur)',
        description:
          'Nom et téléphone (ou « anonyme »), type et montant : le paiement est enregistré et la facture ' +
          'LigdiCash créée ; un cookie signé lie ce paiement à ce navigateur (seul lui peut le régler sur la ' +
          'page du simulateur). Limité par adresse et par téléphone dans la base (429 avec Retry-After).',
        security: [],
        params: givingCodeParamSchema,
        body: guestCheckoutBodySchema,
        response: { 201: startGuestCheckoutAnswerSchema, ...errorAnswers(400, 404, 409, 429, 502, 503) },
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      const result = await startGuestGift(
        deps,
        request.ip,
        code,
        request.body,
        (publicId) => `/donner/${code}/merci/${publicId}`,
      );
      bindGuestCheckout(request, reply, result.checkout.public_id);
      reply.code(201);
      return { data: result };
    },
  );

  app.get(
    '/giving/public/checkouts/:publicId',
    {
      schema: {
        tags: TAGS,
        summary: 'Suivre un don de visiteur (sans session)',
        description:
          'Par son identifiant public (imprévisible) : le statut, l’église, le montant et, une fois payé, le ' +
          'reçu (vérifiable publiquement). Vérifié auprès de LigdiCash tant qu’il est ouvert.',
        security: [],
        params: publicIdParamSchema,
        response: { 200: publicCheckoutAnswerSchema, ...errorAnswers(404) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { data: await followPublicCheckout(deps, request.params.publicId) };
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
      '/giving/notify',
      {
        schema: {
          tags: TAGS,
          summary: 'Notification de paiement LigdiCash des dons (callback_url)',
          description:
            'Appelée par LigdiCash, en JSON et en application/x-www-form-urlencoded. Répond 200 aussitôt ; la ' +
            'notification ne fait que désigner un paiement : le serveur interroge LigdiCash (confirm), vérifie ' +
            '`completed`, le montant et la devise, puis enregistre la contribution une seule fois.',
          security: [],
          response: { 200: z.object({ received: z.boolean() }) },
        },
      },
      async (request) => {
        handleAfterAnswer(
          inFlight,
          request,
          (body) => handleNotification(deps, body),
          'online gift notification not verified',
        );
        return { received: true };
      },
    );
  });
};

const NOTIFICATIONS = new NotificationsInFlight();

/** Resolves once the gift notifications received so far by the app on `db` are handled (tests). */
export const givingNotificationsSettled = (db: object): Promise<void> => NOTIFICATIONS.settled(db);
