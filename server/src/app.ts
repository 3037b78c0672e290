import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { installDbFunctions } from './db/functions';
import { errorSchema } from '../../contract/common';
import { billingGateMayAnswer } from './http/authorize';
import { registerCompression } from './http/compression';
import type { AppDeps } from './http/context';
import { registerDocs } from './http/docs';
import { registerErrorHandling } from './http/errors';
import { registerSecurity } from './http/security';
import { registerSpaAndNotFound, type Drawer } from './http/spa';
import './http/zod-locale';
import { accountAdminRoutes, accountsRoutes } from './modules/accounts';
import { closingRoutes } from './modules/closings';
import { payrollRoutes } from './modules/payroll';
import { journalRoutes } from './modules/journals';
import { authRoutes, type LoginLimits } from './modules/auth';
import { activityRoutes } from './modules/activities';
import { budgetRoutes } from './modules/budgets';
import { backupRoutes, backupService, type BackupService } from './modules/backups';
import { auditRoutes } from './modules/audit';
import { contributionRoutes } from './modules/contributions';
import { expenseRoutes } from './modules/expenses';
import { fixedAssetRoutes } from './modules/fixed-assets';
import { faithfulRoutes } from './modules/faithful';
import { memberRoutes } from './modules/members';
import { notificationRoutes } from './modules/notifications';
import { dashboardRoutes } from './modules/dashboard';
import { profileRoutes } from './modules/profile';
import { orgRoutes } from './modules/org';
import { permissionRoutes } from './modules/permissions';
import { rolesRoutes } from './modules/roles';
import { givingRoutes, givingSimulatorPurpose } from './modules/giving';
import { simulatorEnabled, simulatorRoutes } from './modules/ligdicash';
import { subscriptionRoutes, subscriptionSimulatorPurpose } from './modules/subscriptions';
import { systemRoutes } from './modules/system';

/** The 402 of the billing gate, as the OpenAPI document shows it. */
const unpaidSubscriptionSchema = errorSchema.describe(
  "Abonnement impayé : l'église (ou l'église du département) a une souscription non payée ; seul le " +
    'paiement de la souscription reste possible (message en français).',
);

/**
 * Fastify's `trustProxy` for TRUST_PROXY (decision 0041): the listed addresses as they are; a hop count
 * as the rule 'the N nearest addresses are proxies' (Fastify 5 trusts nothing for a bare number); never
 * `true`, which would believe any X-Forwarded-For a client sends.
 */
export function trustedProxies(
  setting: Config['trustProxy'],
): false | string | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

export type BuildAppOptions = {
  database: Database;
  config: Config;
  /** sign-in rate limits (tests lower them) */
  loginLimits?: LoginLimits;
  /** How a member's first screens are drawn (tests); by default the SPA's build/prerender/ module. */
  drawer?: Drawer | null;
  /** the backups of BACKUP_DIR (index.ts shares its own with the daily backup); one is made otherwise */
  backups?: BackupService;
};

/** The API (and the built SPA when config.staticDir holds one), ready for inject() or listen(). */
export async function buildApp({
  database,
  config,
  loginLimits,
  drawer,
  backups = backupService(database, config.backupDir, config.backupKeep),
}: BuildAppOptions): Promise<FastifyInstance> {
  await installDbFunctions(database.db);
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: config.bodyLimit,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const deps: AppDeps = { db: database.db, config };
  app.decorate('deps', deps);
  app.decorateRequest('contextMemo', null);

  registerErrorHandling(app);
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  registerSecurity(app, config.corsOrigins);

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Ekklesia Gestion — API de référence',
        version: '1.0.0',
        description:
          'Contrat REST de l’application (SPEC.md section 7, docs/api.md). Réponses d’erreur : { message } en français.',
      },
      servers: [],
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'session' } },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });

  // The billing gate's 402 (authorize.ts) declared on every write it may answer (decision 0014, section 2).
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.schema?.response || !methods.some((m) => billingGateMayAnswer(m, route.url))) return;
    const response = route.schema.response as Record<string, unknown>;
    response[402] ??= unpaidSubscriptionSchema;
  });

  await app.register(
    async (api) => {
      await registerCompression(api);
      await api.register(systemRoutes, { databaseKind: database.kind });
      await api.register(authRoutes, { limits: loginLimits });
      await api.register(orgRoutes);
      await api.register(rolesRoutes);
      await api.register(permissionRoutes);
      await api.register(accountsRoutes);
      await api.register(accountAdminRoutes);
      await api.register(closingRoutes);
      await api.register(payrollRoutes);
      await api.register(journalRoutes);
      await api.register(expenseRoutes);
      await api.register(fixedAssetRoutes);
      await api.register(contributionRoutes);
      await api.register(faithfulRoutes);
      await api.register(memberRoutes);
      await api.register(subscriptionRoutes);
      await api.register(givingRoutes);
      await api.register(budgetRoutes);
      await api.register(activityRoutes);
      await api.register(notificationRoutes);
      await api.register(profileRoutes, { limits: loginLimits });
      await api.register(dashboardRoutes);
      await api.register(backupRoutes, { backups });
      await api.register(auditRoutes);
    },
    { prefix: '/api' },
  );
  // The LigdiCash simulator, when no provider is configured (never in production).
  if (simulatorEnabled(config))
    await app.register(simulatorRoutes, {
      purposes: [subscriptionSimulatorPurpose, givingSimulatorPurpose],
    });
  registerDocs(app);
  await registerSpaAndNotFound(app, config.staticDir, drawer);
  await app.ready();
  return app;
}
