import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDashboardAnswerSchema,
  dashboardAnswerSchema,
  dashboardQuerySchema,
  personalDashboardAnswerSchema,
  DASHBOARD_MESSAGES,
} from '../../../../contract/dashboard';
import { errorAnswers, READ_ERRORS } from '../../http/answers';
import { authorize, authorizeSignedIn, authorizeSuperAdmin } from '../../http/authorize';
import { adminDashboard } from './admin';
import { entityDashboard, personalDashboard } from './service';

const TAGS = ['Tableaux de bord'];
/** Who sees an entity's dashboard: whoever sees its money or its requests there. */
const VIEW = ['contribution:view', 'expense_request:view', 'expense:view'];

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  // The figures are the user's own and move with every write: like every /api answer they say
  // `Cache-Control: no-store` (http/security.ts, decision 0041); the SPA keeps them a minute itself
  // (decision 0031).

  app.get(
    '/dashboard',
    {
      schema: {
        tags: TAGS,
        summary: "Tableau de bord d'une entité",
        description:
          'Recettes et dépenses du mois et de l’année (contre l’an dernier à la même date), soldes de trésorerie ' +
          'par compte, demandes à approuver et à payer, membres et fidèles, série des 12 derniers mois, et les ' +
          'entités juste en dessous classées par recettes de l’année. Tout est calculé en SQL, en un appel.',
        querystring: dashboardQuerySchema,
        response: { 200: dashboardAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { entity_type: type, entity_id: id } = request.query;
      await authorize(request, { type, id }, VIEW);
      return { data: await entityDashboard(db, request.query) };
    },
  );

  app.get(
    '/dashboard/admin',
    {
      schema: {
        tags: TAGS,
        summary: "Tableau de bord de l'administration",
        description:
          'Administrateurs seulement. Entités en service (bureaux nationaux, régions, sections, églises, ' +
          'départements), comptes actifs, fidèles, comptables externes, sessions ouvertes, utilisateurs vus ' +
          'depuis 24 h, échecs de connexion depuis 24 h, souscriptions impayées, transferts en attente et ' +
          'les dernières écritures du journal d’audit. Une seule requête SQL.',
        response: { 200: adminDashboardAnswerSchema, ...errorAnswers(401, 403) },
      },
    },
    async (request) => {
      await authorizeSuperAdmin(request, DASHBOARD_MESSAGES.adminOnly);
      return { data: await adminDashboard(db) };
    },
  );

  app.get(
    '/dashboard/me',
    {
      schema: {
        tags: TAGS,
        summary: 'Mon tableau de bord',
        description:
          'Les dons de l’utilisateur connecté : l’année, l’an dernier à la même date, le mois, le dernier.',
        response: { 200: personalDashboardAnswerSchema, ...errorAnswers(401) },
      },
    },
    async (request) => {
      const actor = await authorizeSignedIn(request);
      return { data: await personalDashboard(db, actor.userId) };
    },
  );
};
