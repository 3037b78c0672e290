import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountJournalAnswerSchema,
  accountJournalQuerySchema,
  financialReportAnswerSchema,
  financialReportQuerySchema,
  financialStatementsAnswerSchema,
  generalJournalAnswerSchema,
  generalJournalQuerySchema,
  JOURNAL_MESSAGES,
  statementsQuerySchema,
  treasuryJournalAnswerSchema,
  treasuryJournalQuerySchema,
  treasuryTotalsAnswerSchema,
  treasuryTotalsQuerySchema,
} from '../../../../contract/journals';
import { READ_ERRORS } from '../../http/answers';
import { authorize, authorizeWith } from '../../http/authorize';
import { treasuryTotals } from '../treasury';
import { financialReport } from './financial-report';
import { accountJournal, generalJournal, journalEntity } from './journals';
import { financialStatements } from './statements';
import { treasuryJournalAnswer, treasuryJournalRead, type TreasuryJournalSqlRow } from './treasury-journal';

/**
 * Who may read the documents of an entity: they see it (404/403 otherwise) and hold
 * `contribution:view` or `expense:view` on it (the faithful see their church but not its money). A type
 * that names no entity is a 400 after the 401 (authorize); an activity group is its department.
 */
const JOURNAL_READERS = ['contribution:view', 'expense:view'];
const READ_OPTIONS = { forbidden: JOURNAL_MESSAGES.forbidden };

const entityOf = (query: { entity_type: string; entity_id: number }) => ({
  type: query.entity_type,
  id: query.entity_id,
});

const ACCESS =
  "Réservé aux utilisateurs qui voient l'entité et y détiennent `contribution:view` ou `expense:view` " +
  '(403 sinon, 404 si elle n’existe pas). `entity_type` : CHURCH, SECTION, REGION, NATIONAL_OFFICE, ' +
  'ACTIVITY_GROUP / DEPARTMENT (ou en minuscules). Les dates sont des jours (AAAA-MM-JJ) du fuseau ' +
  'Africa/Abidjan (UTC+0), bornes incluses.';

/**
 * Routes of the 'journals' feature (docs/features/journals.md): the accounting documents (pièces
 * comptables) of an entity, the treasury totals of a group and the financial statements of a year.
 */
export const journalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

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
        response: { 200: treasuryJournalAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request, reply) => {
      const query = request.query;
      // The journal's statement (the entity's name included) is read in the same statement as the
      // session, the entity and the permissions (authorizeWith, decision 0034: one round trip); its row
      // is used only once every check has passed, and a refused caller gets the refusal.
      const { entity, statement } = treasuryJournalRead(query);
      const { row } = await authorizeWith<TreasuryJournalSqlRow>(
        request,
        entity,
        JOURNAL_READERS,
        statement,
        {
          forbidden: JOURNAL_MESSAGES.forbidden,
        },
      );
      const journal = treasuryJournalAnswer(row, entity, query);
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
        response: { 200: generalJournalAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const query = request.query;
      await authorize(request, entityOf(query), JOURNAL_READERS, READ_OPTIONS);
      return generalJournal(db, await journalEntity(db, query), query);
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
        response: { 200: accountJournalAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const query = request.query;
      await authorize(request, entityOf(query), JOURNAL_READERS, READ_OPTIONS);
      return accountJournal(db, await journalEntity(db, query), query);
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
          'faite (décision 0027). ' +
          ACCESS,
        querystring: treasuryTotalsQuerySchema,
        response: { 200: treasuryTotalsAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const query = request.query;
      await authorize(request, entityOf(query), JOURNAL_READERS, READ_OPTIONS);
      return { data: await treasuryTotals(db, await journalEntity(db, query), query) };
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
        response: { 200: financialReportAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const query = request.query;
      await authorize(request, entityOf(query), JOURNAL_READERS, READ_OPTIONS);
      return { data: await financialReport(db, await journalEntity(db, query), query) };
    },
  );

  app.get(
    '/financial-statements',
    {
      schema: {
        tags: ['Journaux'],
        summary: "États financiers d'une entité pour un exercice (compte de résultat et bilan, SYCEBNL)",
        description:
          'Compte de résultat : produits (classe 7) et charges (classe 6) de l’exercice par compte, ' +
          'dotations aux amortissements, cessions d’immobilisations (HAO), résultat. Bilan au 31 décembre : ' +
          'immobilisations (brut, amortissements, net), trésorerie, fonds associatifs, report à nouveau, ' +
          'autres variations et résultat ; actif = passif. Réservé aux utilisateurs qui voient l’entité et y ' +
          'détiennent `contribution:view` ou `expense:view`.',
        querystring: statementsQuerySchema,
        response: { 200: financialStatementsAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const { entity_type, entity_id, year } = request.query;
      await authorize(request, { type: entity_type, id: entity_id }, JOURNAL_READERS, READ_OPTIONS);
      return { data: await financialStatements(db, entity_type, entity_id, year) };
    },
  );
};
