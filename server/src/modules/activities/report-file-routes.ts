import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACTIVITY_MESSAGES as M,
  messageAnswerSchema,
  REPORT_ATTACHMENT_MAX_FILES,
  reportAttachmentListSchema,
  reportAttachmentParamsSchema,
} from '../../../../contract/activities';
import { idParamSchema } from '../../../../contract/common';
import { ATTACHMENT_MAX_BYTES, EXPENSE_MESSAGES } from '../../../../contract/expenses';
import { errorAnswers, READ_ERRORS, WRITE_ERRORS } from '../../http/answers';
import { gateOf } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { contentDisposition, readUpload, removeStoredFiles, servedName } from '../attachments';
import {
  attachReportFiles,
  authorizeFilesChange,
  listReportFiles,
  removeReportFile,
  reportFile,
} from './report-files';
import { reportFacts } from './reports';

const TAGS = ['Activités'];

/**
 * The photos and PDF of an activity report (decision 0028): read by whoever reads the report, added and
 * removed by whoever edits it while it is a draft or sent back. Its own context: the multipart reader.
 */
export const reportFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  await app.register(fastifyMultipart, {
    limits: {
      fileSize: ATTACHMENT_MAX_BYTES,
      files: REPORT_ATTACHMENT_MAX_FILES,
      fields: 10,
      fieldSize: 1000,
      parts: REPORT_ATTACHMENT_MAX_FILES + 10,
    },
    throwFileSizeLimit: true,
  });

  app.get(
    '/activity-reports/:id/attachments',
    {
      schema: {
        tags: TAGS,
        summary: "Photos et PDF d'un rapport d'activités",
        description: 'À qui peut lire le rapport (un brouillon ne se lit qu’à son niveau).',
        params: idParamSchema,
        response: { 200: reportAttachmentListSchema, ...READ_ERRORS },
      },
    },
    async (request) => {
      const report = await reportFacts(db, request.params.id);
      return { data: await listReportFiles(db, await gateOf(request), report) };
    },
  );

  app.post(
    '/activity-reports/:id/attachments',
    {
      schema: {
        tags: TAGS,
        summary: "Joindre des photos ou des PDF à un rapport d'activités (multipart)",
        description:
          'Champ `files` (un ou plusieurs). JPEG, PNG, WebP, GIF, HEIC/HEIF ou PDF reconnus à leurs premiers octets (415 sinon), ' +
          '10 Mo par fichier et 10 fichiers par rapport (413). Qui peut modifier le rapport, tant qu’il est en ' +
          'brouillon ou renvoyé (409 une fois soumis).',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 201: reportAttachmentListSchema, ...WRITE_ERRORS, ...errorAnswers(413, 415) },
      },
    },
    async (request, reply) => {
      const report = await reportFacts(db, request.params.id);
      const gate = await gateOf(request);
      await authorizeFilesChange(db, gate, report);
      if (!request.isMultipart()) throw httpError(415, EXPENSE_MESSAGES.notMultipart);
      const { saved } = await readUpload(request, db);
      try {
        if (saved.length === 0) throw httpError(400, EXPENSE_MESSAGES.noFiles);
        const data = await attachReportFiles(db, gate.actor, report, saved);
        reply.code(201);
        return { data };
      } catch (error) {
        await removeStoredFiles(
          db,
          saved.map((file) => file.storedName),
        );
        throw error;
      }
    },
  );

  app.get(
    '/activity-reports/:id/attachments/:fileId',
    {
      schema: {
        tags: TAGS,
        summary: "Télécharger une pièce jointe d'un rapport",
        description:
          'Le fichier, avec `Content-Disposition: attachment` et `X-Content-Type-Options: nosniff` (une balise img l’affiche).',
        params: reportAttachmentParamsSchema,
        response: {
          200: z.unknown().describe('Le fichier (PDF, JPEG, PNG, WebP, GIF, HEIC ou HEIF).'),
          ...READ_ERRORS,
        },
      },
    },
    async (request, reply) => {
      const report = await reportFacts(db, request.params.id);
      const file = await reportFile(db, await gateOf(request), report, request.params.fileId);
      reply
        .header('Content-Type', file.mimeType)
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition(servedName(file.originalName, file.mimeType)))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      return reply.send(file.stream());
    },
  );

  app.delete(
    '/activity-reports/:id/attachments/:fileId',
    {
      schema: {
        tags: TAGS,
        summary: "Retirer une pièce jointe d'un rapport (brouillon ou renvoyé)",
        params: reportAttachmentParamsSchema,
        body: z.strictObject({}).nullish(),
        response: { 200: messageAnswerSchema, ...WRITE_ERRORS },
      },
    },
    async (request) => {
      const report = await reportFacts(db, request.params.id);
      await removeReportFile(db, await gateOf(request), report, request.params.fileId);
      return { message: M.attachmentDeleted };
    },
  );
};
