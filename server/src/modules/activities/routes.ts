import { createReadStream } from 'node:fs';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVITY_MESSAGES as M,
  activityAnswerSchema,
  activityCreateBodySchema,
  activityListQuerySchema,
  activityListSchema,
  activityReportAnswerSchema,
  activityReportCreateBodySchema,
  activityReportListQuerySchema,
  activityReportListSchema,
  activityReportReturnBodySchema,
  activityReportUpdateBodySchema,
  activityTypeAnswerSchema,
  activityTypeBodySchema,
  activityTypeListSchema,
  activityTypeQuerySchema,
  activityUpdateBodySchema,
  createdAnswerSchema,
  departmentCreateBodySchema,
  departmentCreatedSchema,
  departmentMemberAnswerSchema,
  departmentMemberBodySchema,
  departmentMemberParamsSchema,
  departmentMembersSchema,
  departmentSummaryAnswerSchema,
  departmentSummaryQuerySchema,
  messageAnswerSchema,
  REPORT_ATTACHMENT_MAX_FILES,
  reportAttachmentListSchema,
  reportAttachmentParamsSchema,
  type ActivityReportDetail,
} from '../../../../contract/activities';
import { ATTACHMENT_MAX_BYTES, EXPENSE_MESSAGES } from '../../../../contract/expenses';
import { todayInDenomination } from '../../../../contract/dates';
import { errorSchema, idParamSchema } from '../../../../contract/common';
import type { SessionUser } from '../../auth/sessions';
import { authorize } from '../../http/authorize';
import { requireUser } from '../../http/context';
import { httpError } from '../../http/errors';
import { hasPermissions } from '../../permissions/check';
import { contentDisposition, readUpload, removeStoredFiles, servedName, storedFile } from '../attachments';
import {
  attachReportFiles,
  findReportAttachment,
  listReportAttachments,
  removeReportAttachment,
} from './attachments';
import { departmentRole, ownerOf, parentOf, type Owner } from './entities';
import * as service from './service';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const writeErrors = { ...errors, 409: errorSchema };
const TAGS = ['Activités'];

type Access = { user: SessionUser; role: 'leader' | 'member' | null };

/**
 * Routes of the 'activities' feature (issue 14, docs/features/activities.md, contract/activities.ts):
 * activity types, department members and dashboard, planned activities, activity reports.
 *
 * Access: `activity:*` / `report:*` on the entity (authorize); on a department, its leader acts as a
 * holder of the department's activity and report codes, a member only reads (decision 0024).
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  async function access(request: FastifyRequest, owner: Owner, codes: string | string[]): Promise<Access> {
    if (owner.type === 'department') {
      const user = await requireUser(request);
      const role = await departmentRole(db, user.userId, owner.id);
      const wanted = typeof codes === 'string' ? [codes] : codes;
      const readOnly = wanted.every((code) => code.endsWith(':view'));
      if (role === 'leader' || (role === 'member' && readOnly)) return { user, role };
      return { user: await authorize(request, owner, codes), role };
    }
    return { user: await authorize(request, owner, codes), role: null };
  }
  const actor = (request: FastifyRequest, user: SessionUser) => ({ userId: user.userId, ip: request.ip });

  // ---------------------------------------------------------------- activity types

  app.get(
    '/activity-types',
    {
      schema: {
        tags: TAGS,
        summary: "Types d'activités d'une entité",
        description: "Les types communs à toutes les églises et ceux de l'entité (activity:view).",
        querystring: activityTypeQuerySchema,
        response: { 200: activityTypeListSchema, ...errors },
      },
    },
    async (request) => {
      const owner = ownerOf(request.query.entity_type, request.query.entity_id);
      await access(request, owner, 'activity:view');
      return { data: await service.listActivityTypes(db, owner) };
    },
  );

  app.post(
    '/activity-types',
    {
      schema: {
        tags: TAGS,
        summary: "Créer un type d'activité",
        description: 'activity:create sur l’entité ; 409 si le nom existe déjà pour elle.',
        body: activityTypeBodySchema,
        response: { 201: activityTypeAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request.body.entity_type, request.body.entity_id);
      const { user } = await access(request, owner, 'activity:create');
      const data = await service.createActivityType(db, owner, request.body.name, actor(request, user));
      reply.code(201);
      return { data };
    },
  );

  // ---------------------------------------------------------------- departments

  app.post(
    '/departments',
    {
      schema: {
        tags: TAGS,
        summary: 'Créer un département (groupe d’activités)',
        description:
          "activity:create sur l'entité ; le responsable (facultatif) est un fidèle de l'église, ou d'une église en dessous.",
        body: departmentCreateBodySchema,
        response: { 201: departmentCreatedSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request.body.entity_type, request.body.entity_id);
      const user = await authorize(request, owner, 'activity:create');
      const data = await service.createDepartment(db, owner, request.body, actor(request, user));
      reply.code(201);
      return { data };
    },
  );

  app.get(
    '/departments/:id/members',
    {
      schema: {
        tags: TAGS,
        summary: "Membres d'un département",
        description: 'Le responsable puis les membres ; member:view sur le département, ou en être membre.',
        params: idParamSchema,
        response: { 200: departmentMembersSchema, ...errors },
      },
    },
    async (request) => {
      const owner: Owner = { type: 'department', id: request.params.id };
      await access(request, owner, ['member:view', 'activity:view']);
      return { data: await service.listDepartmentMembers(db, request.params.id) };
    },
  );

  app.post(
    '/departments/:id/members',
    {
      schema: {
        tags: TAGS,
        summary: 'Ajouter un membre (ou changer son rôle)',
        description:
          'activity:update sur le département. Un nouveau responsable remplace l’ancien, qui reste membre.',
        params: idParamSchema,
        body: departmentMemberBodySchema,
        response: { 201: departmentMemberAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const user = await authorize(request, { type: 'department', id: request.params.id }, 'activity:update');
      const data = await service.addDepartmentMember(
        db,
        request.params.id,
        request.body.user_id,
        request.body.role,
        actor(request, user),
      );
      reply.code(201);
      return { data };
    },
  );

  app.delete(
    '/departments/:id/members/:userId',
    {
      schema: {
        tags: TAGS,
        summary: 'Retirer un membre',
        params: departmentMemberParamsSchema,
        response: { 200: messageAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const user = await authorize(request, { type: 'department', id: request.params.id }, 'activity:update');
      await service.removeDepartmentMember(
        db,
        request.params.id,
        request.params.userId,
        actor(request, user),
      );
      return { message: 'Membre retiré.' };
    },
  );

  app.get(
    '/departments/:id/summary',
    {
      schema: {
        tags: TAGS,
        summary: "Tableau de bord d'un département",
        description:
          'Membres, recettes et dépenses payées de la période (par mois), activités à venir, derniers rapports. ' +
          'Période par défaut : les six derniers mois.',
        params: idParamSchema,
        querystring: departmentSummaryQuerySchema,
        response: { 200: departmentSummaryAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { role } = await access(request, { type: 'department', id: request.params.id }, 'activity:view');
      const to = request.query.to ?? todayInDenomination();
      const start = new Date(`${to}T00:00:00Z`);
      start.setUTCMonth(start.getUTCMonth() - 5, 1);
      const from = request.query.from ?? start.toISOString().slice(0, 10);
      if (to < from) throw httpError(400, M.periodInvalid);
      return { data: await service.departmentSummary(db, request.params.id, { from, to }, role) };
    },
  );

  // ---------------------------------------------------------------- planned activities

  app.get(
    '/activities',
    {
      schema: {
        tags: TAGS,
        summary: "Activités planifiées d'une entité",
        description:
          'Par date ; `month=AAAA-MM` pour l’agenda du mois. Le coût réel est le payé des demandes de dépense liées.',
        querystring: activityListQuerySchema,
        response: { 200: activityListSchema, ...errors },
      },
    },
    async (request) => {
      const owner = ownerOf(request.query.entity_type, request.query.entity_id);
      await access(request, owner, 'activity:view');
      return service.listActivities(db, owner, request.query);
    },
  );

  app.post(
    '/activities',
    {
      schema: {
        tags: TAGS,
        summary: 'Planifier une activité',
        description: "activity:create sur l'entité ; type, département et ligne budgétaire de l'entité.",
        body: activityCreateBodySchema,
        response: { 201: createdAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request.body.entity_type, request.body.entity_id);
      const { user } = await access(request, owner, 'activity:create');
      const id = await service.createActivity(db, owner, request.body, actor(request, user));
      reply.code(201);
      return { data: { id } };
    },
  );

  app.get(
    '/activities/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Une activité planifiée',
        description: 'Avec les demandes de dépense qui lui sont liées.',
        params: idParamSchema,
        response: { 200: activityAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const owner = await service.loadActivityOwner(db, request.params.id);
      const { user, role } = await access(request, owner, 'activity:view');
      const edit =
        role === 'leader' ||
        (await hasPermissions(db, user, ['activity:update'], owner.type, owner.id))['activity:update'];
      return { data: await service.getActivity(db, request.params.id, edit) };
    },
  );

  app.put(
    '/activities/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Modifier une activité (et son statut : planifiée, réalisée, annulée)',
        params: idParamSchema,
        body: activityUpdateBodySchema,
        response: { 200: activityAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const owner = await service.loadActivityOwner(db, request.params.id);
      const { user } = await access(request, owner, 'activity:update');
      await service.updateActivity(db, request.params.id, owner, request.body, actor(request, user));
      return { data: await service.getActivity(db, request.params.id, true) };
    },
  );

  // ---------------------------------------------------------------- activity reports

  /** Whether the user reads `owner` from the level above (report:view there): drafts are not theirs. */
  async function fromAbove(user: SessionUser, owner: Owner): Promise<boolean> {
    const parent = await parentOf(db, owner);
    if (!parent) return false;
    return (await hasPermissions(db, user, ['report:view'], parent.type, parent.id))['report:view'];
  }

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
        response: { 200: activityReportListSchema, ...errors },
      },
    },
    async (request) => {
      const owner = ownerOf(request.query.entity_type, request.query.entity_id);
      const { user, role } = await access(request, owner, 'report:view');
      const above = role ? false : await fromAbove(user, owner);
      return service.listReports(db, owner, request.query, { userId: user.userId, fromAbove: above });
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
        response: { 201: createdAnswerSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const owner = ownerOf(request.body.entity_type, request.body.entity_id);
      const { user } = await access(request, owner, 'report:create');
      const id = await service.createReport(db, owner, request.body, actor(request, user));
      reply.code(201);
      return { data: { id } };
    },
  );

  /**
   * Reads a report: a draft only for its level (its author, the department's members, or a holder of
   * report:view on its entity who does not read it from the level above); the rest for report:view.
   */
  async function reportAccess(request: FastifyRequest, id: number) {
    const facts = await service.loadReportFacts(db, id);
    const { user, role } = await access(request, facts, 'report:view');
    const above = role ? false : await fromAbove(user, facts);
    const author = facts.createdBy === user.userId;
    if (facts.status === 'draft' && above && !author) throw httpError(404, M.reportNotFound);
    const parent = await parentOf(db, facts);
    const own = await hasPermissions(db, user, ['report:update'], facts.type, facts.id);
    const writer = role === 'leader' || (own['report:update'] && (!above || author));
    const editable = facts.status === 'draft' || facts.status === 'returned';
    const returner =
      parent !== null &&
      facts.status === 'submitted' &&
      (await hasPermissions(db, user, ['report:update'], parent.type, parent.id))['report:update'];
    const can: ActivityReportDetail['can'] = {
      edit: editable && writer,
      submit: editable && writer && parent !== null,
      return: returner,
    };
    return { facts, user, can, parent };
  }

  app.get(
    '/activity-reports/:id',
    {
      schema: {
        tags: TAGS,
        summary: "Un rapport d'activités",
        description:
          'Un brouillon ne se lit qu’à son niveau (404 ailleurs) ; `can` dit ce que le compte peut faire.',
        params: idParamSchema,
        response: { 200: activityReportAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { can } = await reportAccess(request, request.params.id);
      return { data: await service.getReport(db, request.params.id, can) };
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
        response: { 200: activityReportAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { facts, user, can } = await reportAccess(request, request.params.id);
      if (!can.edit) {
        if (facts.status === 'submitted') throw httpError(409, M.reportNotEditable);
        throw httpError(403, 'Vous ne pouvez pas modifier ce rapport.');
      }
      await service.updateReport(db, request.params.id, facts, request.body, actor(request, user));
      return {
        data: await service.getReport(
          db,
          request.params.id,
          (await reportAccess(request, request.params.id)).can,
        ),
      };
    },
  );

  app.post(
    '/activity-reports/:id/submit',
    {
      schema: {
        tags: TAGS,
        summary: 'Soumettre un rapport au niveau supérieur',
        params: idParamSchema,
        response: { 200: messageAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { facts, user, can, parent } = await reportAccess(request, request.params.id);
      if (!parent) throw httpError(409, M.reportNoLevelAbove);
      if (!can.submit) {
        if (facts.status === 'submitted') throw httpError(409, M.reportNotSubmittable);
        throw httpError(403, 'Vous ne pouvez pas soumettre ce rapport.');
      }
      await service.submitReport(db, request.params.id, facts, parent, actor(request, user));
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
        response: { 200: messageAnswerSchema, ...writeErrors },
      },
    },
    async (request) => {
      const { facts, user, can } = await reportAccess(request, request.params.id);
      if (!can.return) {
        if (facts.status !== 'submitted') throw httpError(409, M.reportNotReturnable);
        throw httpError(403, M.returnOnlyAbove);
      }
      await service.returnReport(db, request.params.id, facts, request.body.comment, actor(request, user));
      return { message: M.returned };
    },
  );

  // ---------------------------------------------------------------- report attachments (decision 0028)

  /** Refuses a change of the files unless the account may edit the report (409 once it is submitted). */
  async function attachmentWriter(request: FastifyRequest, id: number) {
    const access = await reportAccess(request, id);
    if (!access.can.edit) {
      if (access.facts.status === 'submitted') throw httpError(409, M.attachmentsLocked);
      throw httpError(403, M.attachmentsCannotEdit);
    }
    return access;
  }

  const attachmentPlugin: FastifyPluginAsyncZod = async (sub) => {
    await sub.register(fastifyMultipart, {
      limits: {
        fileSize: ATTACHMENT_MAX_BYTES,
        files: REPORT_ATTACHMENT_MAX_FILES,
        fields: 10,
        fieldSize: 1000,
        parts: REPORT_ATTACHMENT_MAX_FILES + 10,
      },
      throwFileSizeLimit: true,
    });

    sub.get(
      '/activity-reports/:id/attachments',
      {
        schema: {
          tags: TAGS,
          summary: "Photos et PDF d'un rapport d'activités",
          description: 'À qui peut lire le rapport (un brouillon ne se lit qu’à son niveau).',
          params: idParamSchema,
          response: { 200: reportAttachmentListSchema, ...errors },
        },
      },
      async (request) => {
        await reportAccess(request, request.params.id);
        return { data: await listReportAttachments(db, request.params.id) };
      },
    );

    sub.post(
      '/activity-reports/:id/attachments',
      {
        schema: {
          tags: TAGS,
          summary: "Joindre des photos ou des PDF à un rapport d'activités (multipart)",
          description:
            'Champ `files` (un ou plusieurs). JPEG, PNG, WebP ou PDF reconnus à leurs premiers octets (415 sinon), ' +
            '10 Mo par fichier et 10 fichiers par rapport (413). Qui peut modifier le rapport, tant qu’il est en ' +
            'brouillon ou renvoyé (409 une fois soumis).',
          consumes: ['multipart/form-data'],
          params: idParamSchema,
          response: {
            201: reportAttachmentListSchema,
            ...writeErrors,
            413: errorSchema,
            415: errorSchema,
          },
        },
      },
      async (request, reply) => {
        const { facts, user } = await attachmentWriter(request, request.params.id);
        if (!request.isMultipart()) throw httpError(415, EXPENSE_MESSAGES.notMultipart);
        const { saved } = await readUpload(request, config.dataDir);
        try {
          if (saved.length === 0) throw httpError(400, EXPENSE_MESSAGES.noFiles);
          const data = await attachReportFiles(db, request.params.id, facts, saved, actor(request, user));
          reply.code(201);
          return { data };
        } catch (error) {
          await removeStoredFiles(
            config.dataDir,
            saved.map((file) => file.storedName),
          );
          throw error;
        }
      },
    );

    sub.get(
      '/activity-reports/:id/attachments/:fileId',
      {
        schema: {
          tags: TAGS,
          summary: "Télécharger une pièce jointe d'un rapport",
          description:
            'Le fichier, avec `Content-Disposition: attachment` et `X-Content-Type-Options: nosniff` (une balise img l’affiche).',
          params: reportAttachmentParamsSchema,
          response: {
            200: z.unknown().describe('Le fichier (application/pdf, image/jpeg, image/png ou image/webp).'),
            ...errors,
          },
        },
      },
      async (request, reply) => {
        await reportAccess(request, request.params.id);
        const row = await findReportAttachment(db, request.params.id, request.params.fileId);
        const file = row ? await storedFile(config.dataDir, row.stored_name) : null;
        if (!row || !file) throw httpError(404, M.attachmentNotFound);
        reply
          .header('Content-Type', row.mime_type)
          .header('Content-Length', String(file.size))
          .header('Content-Disposition', contentDisposition(servedName(row.original_name, row.mime_type)))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store');
        return reply.send(createReadStream(file.path) as never);
      },
    );

    sub.delete(
      '/activity-reports/:id/attachments/:fileId',
      {
        schema: {
          tags: TAGS,
          summary: "Retirer une pièce jointe d'un rapport (brouillon ou renvoyé)",
          params: reportAttachmentParamsSchema,
          body: z.strictObject({}).nullish(),
          response: { 200: messageAnswerSchema, ...writeErrors },
        },
      },
      async (request) => {
        const { facts, user } = await attachmentWriter(request, request.params.id);
        const stored = await removeReportAttachment(
          db,
          request.params.id,
          request.params.fileId,
          facts,
          actor(request, user),
        );
        await removeStoredFiles(config.dataDir, [stored]);
        return { message: M.attachmentDeleted };
      },
    );
  };
  await app.register(attachmentPlugin);
};
