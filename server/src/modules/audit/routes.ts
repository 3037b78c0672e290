import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditFacetsSchema,
  auditListSchema,
  auditQuerySchema,
  auditVerificationSchema,
} from '../../../../contract/audit';
import { errorAnswers } from '../../http/answers';
import { authorizeOperator, authorizeScope } from '../../http/authorize';
import { AUDIT_PERMISSION, auditReach } from './policy';
import { auditFacets, listAuditRecords, verifyChain } from './service';

const TAGS = ['Journal d’audit'];

/** The audit log read by the admin and the national office's accountants (decision 0044). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  const reachOf = async (request: Parameters<typeof authorizeScope>[0]) => {
    const { actor, visibility } = await authorizeScope(request, AUDIT_PERMISSION);
    return auditReach(actor, visibility);
  };

  app.get(
    '/audit-log',
    {
      schema: {
        tags: TAGS,
        summary: 'Le journal d’audit : qui, quoi, sur quelle entité, quand, d’où',
        description:
          'Les enregistrements les plus récents d’abord, filtrés par utilisateur, action (ou son domaine), ' +
          'type et identifiant d’entité, période (dates UTC). Le super-administrateur lit tout ; un comptable ' +
          'du bureau national (`expense:validate` sur le bureau) lit les enregistrements des entités de son ' +
          'bureau et de leurs demandes de dépenses, recettes et immobilisations (403 sinon). `limit` ≤ 1000.',
        querystring: auditQuerySchema,
        response: { 200: auditListSchema, ...errorAnswers(400, 401, 403) },
      },
    },
    async (request) => listAuditRecords(db, await reachOf(request), request.query),
  );

  app.get(
    '/audit-log/facets',
    {
      schema: {
        tags: TAGS,
        summary: 'Les choix des filtres du journal d’audit',
        description:
          'Les actions, types d’entités et utilisateurs présents, dans ce que le lecteur peut lire.',
        response: { 200: auditFacetsSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => auditFacets(db, await reachOf(request)),
  );

  app.get(
    '/audit-log/verification',
    {
      schema: {
        tags: TAGS,
        summary: 'Vérifier la chaîne du journal d’audit',
        description:
          'Recalcule l’empreinte de chaque enregistrement dans l’ordre de la chaîne et nomme le premier ' +
          'enregistrement modifié ou supprimé (`npm run audit:verify`). Super-administrateur.',
        response: { 200: auditVerificationSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      await authorizeOperator(request);
      return verifyChain(db);
    },
  );
};
