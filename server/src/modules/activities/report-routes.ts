import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACTIVITY_MESSAGES as M,
  activityReportAnswerSchema,
  activityReportCreateBodySchema,
  activityReportListQuerySchema,
  activityReportListSchema,
  activityReportReturnBodySchema,
  activityReportUpdateBodySchema,
  createdAnswerSchema,
  messageAnswerSchema,
} from '../../../../contract/activities';
import { idParamSchema } from '../../../../contract/common';
import { READ_ERRORS, WRITE_ERRORS } from '../../http/answers';
import { gateOf } from '../../http/authorize';
import { ownerOf } from './entities';
import {
  createReport,
  listReports,
  reportDetail,
  reportFacts,
  returnReport,
  submitReport,
  updateReport,
} from './reports';

const TAGS = ['Activités'];

/**
 * The activity reports: drafted at a level, submitted to the level above, sent back by it. Who reads,
 * edits, submits and sends back a report is the policy's (reportRights, decision 0024).
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/activity-reports',
    {
      schema: {
        tags: TAGS,
        summary: "Rapports d'activités d'un niveau",
        description:
          '`scope=own` : ceux du niveau (ses brouillons ne sont pas montrés au niveau supérieur) ; `below` : ceux ' +
          'soumis par les entités en dessous (jamais les brouillons) ; `all` : les deux. report:view.',
        querystring: activityReportListQuerySchema,
        response: { 200: activityReportListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const owner = ownerOf(request.query.entity_type, request.query.entity_id);
      return listReports(db, await gateOf(request), owner, request.query);
    },
  );

  app.post(
    '/activity-reports',
    {
      schema: {
        tags: TAGS,
        summary: "Rédiger un rapport d'activités (brouillon)",
        description: "report:create sur l'entité ; l'activité liée doit être la sienne.",
        body: activityReportCreateBodySchema,
        response: { 201: createdAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request.body.entity_type, request.body.entity_id);
      const id = await createReport(db, await gateOf(request), owner, request.body);
      reply.code(201);
      return { data: { id } };
    },
  );

  app.get(
    '/activity-reports/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Un rapport d'activités",
        description:
          'Un brouillon ne se lit qu’à son niveau (404 ailleurs) ; `can` dit ce que le compte peut faire.',
        params: idParamSchema,
        response: { 200: activityReportAnswerSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const report = await reportFacts(db, request.params.id);
      return { data: await reportDetail(db, await gateOf(request), report) };
    },
  );

  app.put(
    '/activity-reports/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Modifier un rapport d'activités (brouillon ou renvoyé)",
        params: idParamSchema,
        body: activityReportUpdateBodySchema,
        response: { 200: activityReportAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const report = await reportFacts(db, request.params.id);
      return { data: await updateReport(db, await gateOf(request), report, request.body) };
    },
  );

  app.post(
    '/activity-reports/:id/submit',
    {
      schema: {
        tags: TAGS,
        summary: 'Soumettre un rapport au niveau supérieur',
        params: idParamSchema,
        response: { 200: messageAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const report = await reportFacts(db, request.params.id);
      await submitReport(db, await gateOf(request), report);
      return { message: M.submitted };
    },
  );

  app.post(
    '/activity-reports/:id/return',
    {
      schema: {
        tags: TAGS,
        summary: 'Renvoyer un rapport soumis, avec un commentaire',
        description: 'report:update sur le niveau supérieur du rapport.',
        params: idParamSchema,
        body: activityReportReturnBodySchema,
        response: { 200: messageAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const report = await reportFacts(db, request.params.id);
      await returnReport(db, await gateOf(request), report, request.body.comment);
      return { message: M.returned };
    },
  );
};
