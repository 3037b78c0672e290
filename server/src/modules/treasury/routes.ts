import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../../contract/common';
import {
  accountJournalAnswerSchema,
  accountJournalQuerySchema,
  financialReportAnswerSchema,
  financialReportQuerySchema,
  generalJournalAnswerSchema,
  generalJournalQuerySchema,
  JOURNAL_MESSAGES,
  treasuryJournalAnswerSchema,
  treasuryJournalQuerySchema,
  treasuryTotalsAnswerSchema,
  treasuryTotalsQuerySchema,
} from '../../../../contract/journals';
import { authorize, authorizeWith } from '../../http/authorize';
import { requireUser } from '../../http/context';
import { httpError } from '../../http/errors';
import { financeEntityOf } from '../../permissions/entity';
import {
  accountJournal,
  financialReport,
  generalJournal,
  journalEntity,
  treasuryJournalAnswer,
  treasuryJournalSql,
  type TreasuryJournalSqlRow,
} from './journals';
import { treasuryTotals } from './totals';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/** Who may read the documents of an entity: they see it (404/403 otherwise) and hold
 * `contribution:view` or `expense:view` on it (the faithful see their church but not its money). */
const JOURNAL_READ_PERMISSIONS = ['contribution:view', 'expense:view'];

const ACCESS =
  "Réservé aux utilisateurs qui voient l'entité et y détiennent `contribution:view` ou `expense:view` " +
  '(403 sinon, 404 si elle n’existe pas). `entity_type` : CHURCH, SECTION, REGION, NATIONAL_OFFICE, ' +
  'ACTIVITY_GROUP / DEPARTMENT (ou en minuscules). Les dates sont des jours (AAAA-MM-JJ) du fuseau ' +
  'Africa/Abidjan (UTC+0), bornes incluses.';

/** Routes of the 'treasury' feature: the four accounting documents (pièces comptables). */
export const treasuryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  /**
   * 401, 400 for an unknown entity type, then authorize (404, 403); answers the entity's type. The
   * session, the entity and the permissions are read in one statement (authorize's first read).
   */
  async function authorizeRead(request: FastifyRequest, query: { entity_type: string; entity_id: number }) {
    const type = financeEntityOf(query.entity_type);
    if (!type) {
      await requireUser(request);
      throw httpError(400, JOURNAL_MESSAGES.entityType);
    }
    // an activity group is its department here, for the permission too
    await authorize(request, { type, id: query.entity_id }, JOURNAL_READ_PERMISSIONS, {
      forbidden: JOURNAL_MESSAGES.forbidden,
    });
    return type;
  }

  /** authorizeRead, then the entity, named. */
  async function authorizedEntity(
    request: FastifyRequest,
    query: { entity_type: string; entity_id: number },
  ) {
    const type = await authorizeRead(request, query);
    return journalEntity(db, type, query.entity_id);
  }

  app.get(
    '/treasury-journal',
    {
      schema: {
        tags: ['Journaux'],
        summary: 'Journal de trésorerie (caisse, banque ou électronique) d’une entité sur une période',
        description:
          'Les mouvements du journal dans l’ordre (date, id), avec le solde après chaque ligne calculé ' +
          'en SQL depuis le solde d’ouverture (tous les mouvements du journal avant `from_date`), les ' +
          'totaux et le solde de clôture de toute la période. Paginé par curseur : `limit` lignes (1 000 par ' +
          'défaut, 5 000 au plus), puis `after` = `meta.next_after` de la réponse précédente pour les ' +
          'suivantes (null à la fin de la période) ; chaque page coûte le même temps où qu’elle soit dans ' +
          'la période et le solde reste celui de la période entière. `page` reste accepté. ' +
          ACCESS,
        querystring: treasuryJournalQuerySchema,
        response: { 200: treasuryJournalAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const query = request.query;
      const type = financeEntityOf(query.entity_type);
      if (!type) throw httpError(400, JOURNAL_MESSAGES.entityType);
      // The journal's statement (the entity's name included) is read in the same statement as the
      // session, the entity and the permissions (authorizeWith, decision 0034: one round trip, issue 18);
      // its row is used only once every check has passed, and a refused caller gets the refusal.
      const { row } = await authorizeWith<TreasuryJournalSqlRow>(
        request,
        { type, id: query.entity_id },
        JOURNAL_READ_PERMISSIONS,
        treasuryJournalSql({ type, id: query.entity_id }, query),
        { forbidden: JOURNAL_MESSAGES.forbidden },
      );
      const journal = treasuryJournalAnswer(row, { type, id: query.entity_id }, query);
      // Thousands of rows for a month of a busy church: serialised once with JSON.stringify rather than
      // validated again against the schema (the tests check the answer against it).
      const body = JSON.stringify(journal);
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  app.get(
    '/general-journal',
    {
      schema: {
        tags: ['Journaux'],
        summary: 'Journal général (journaux) d’une entité sur une période',
        description:
          'Toutes les recettes et tous les paiements, tous comptes de trésorerie confondus (ou un seul ' +
          'journal avec `type`), avec compte de trésorerie, compte d’opération, référence et montants, ' +
          'dans l’ordre (date, id). Paginé ; les totaux portent sur toute la période. ' +
          ACCESS,
        querystring: generalJournalQuerySchema,
        response: { 200: generalJournalAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const entity = await authorizedEntity(request, query);
      return generalJournal(db, entity, query);
    },
  );

  app.get(
    '/account-journal',
    {
      schema: {
        tags: ['Journaux'],
        summary: 'Journal d’un compte d’opération sur une période',
        description:
          'Les mouvements d’un compte (compte de recette ou de dépense ; pour un compte de trésorerie, ' +
          'ceux qui y sont payés) avec un solde courant depuis le solde d’ouverture. ' +
          '`balance_direction` dit le sens du solde : recettes - dépenses pour les comptes de produits ' +
          'et de trésorerie, dépenses - recettes pour les comptes de charges et d’immobilisations. ' +
          ACCESS,
        querystring: accountJournalQuerySchema,
        response: { 200: accountJournalAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const entity = await authorizedEntity(request, query);
      return accountJournal(db, entity, query);
    },
  );

  app.get(
    '/treasury-totals',
    {
      schema: {
        tags: ['Journaux'],
        summary: 'Totaux des recettes et dépenses d’une section, d’une région ou d’un bureau national',
        description:
          'Les mouvements de la période du groupe lui-même puis de chaque entité directement en dessous ' +
          '(avec tout ce qui est sous elle). Le mouvement d’une église compte dans la section à laquelle ' +
          'elle appartenait le jour du mouvement : une église déplacée laisse son histoire là où elle a été ' +
          'faite (issue 20). ' +
          ACCESS,
        querystring: treasuryTotalsQuerySchema,
        response: { 200: treasuryTotalsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const entity = await authorizedEntity(request, query);
      return { data: await treasuryTotals(db, entity, query) };
    },
  );

  app.get(
    '/financial-report',
    {
      schema: {
        tags: ['Journaux'],
        summary: 'Rapport financier d’une entité sur une période',
        description:
          'Recettes et dépenses nettes (annulations déduites) par catégorie et par compte, totaux, ' +
          'résultat, reports à nouveau, position de trésorerie par journal au début et à la fin de la ' +
          'période, et recettes/dépenses de chaque mois. ' +
          ACCESS,
        querystring: financialReportQuerySchema,
        response: { 200: financialReportAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const entity = await authorizedEntity(request, query);
      return { data: await financialReport(db, entity, query) };
    },
  );
};
