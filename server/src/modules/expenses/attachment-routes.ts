import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamSchema } from '../../../../contract/common';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  attachmentListAnswerSchema,
  EXPENSE_MESSAGES,
} from '../../../../contract/expenses';
import { errorAnswers } from '../../http/answers';
import { authorize, authorizeSignedIn, gateOf } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { departmentLeaderRule } from '../activities';
import { attachFiles, findAttachment } from './attachments';
import { loadRequestFacts, requestEntity } from './facts';
import { readsRequest, REQUEST_READ_PERMISSION } from './policy';
import {
  contentDisposition,
  readUpload,
  removeStoredFiles,
  servedName,
  storedFile,
  type SavedFile,
} from '../attachments';

const M = EXPENSE_MESSAGES;

/** The request the files are for (400 unless `attachable_type` is 'expense_request' with an id), and files. */
function uploadTarget(fields: Record<string, string>, saved: SavedFile[]): number {
  if ((fields.attachable_type ?? '') !== 'expense_request') throw httpError(400, M.attachableTypeInvalid);
  const requestId = Number(fields.attachable_id);
  if (!Number.isInteger(requestId) || requestId <= 0 || requestId > 2_147_483_647)
    throw httpError(400, M.attachableIdInvalid);
  if (saved.length === 0) throw httpError(400, M.noFiles);
  return requestId;
}

/** The supporting documents of the expense requests (multipart upload, download). */
export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: ATTACHMENT_MAX_BYTES,
      files: ATTACHMENT_MAX_FILES,
      fields: 10,
      fieldSize: 1000,
      parts: ATTACHMENT_MAX_FILES + 10,
    },
    throwFileSizeLimit: true,
  });

  app.post(
    '/attachments',
    {
      schema: {
        tags: ['Dépenses'],
        summary: 'Joindre des pièces justificatives à une demande (multipart)',
        description:
          "Champs `attachable_type` ('expense_request'), `attachable_id`, puis `files` (un ou plusieurs). " +
          '10 Mo par fichier et 10 fichiers au plus (413), JPEG, PNG, WebP, GIF, HEIC/HEIF ou PDF reconnus à leurs premiers octets ' +
          "(415 sinon). Le créateur de la demande, ou `expense_request:update` sur l'entité ; jamais après vérification.",
        consumes: ['multipart/form-data'],
        response: { 201: attachmentListAnswerSchema, ...errorAnswers(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      // signed in (401) before the upload is read; the request's entity is checked on its locked row
      const gate = await gateOf(request);
      if (!request.isMultipart()) throw httpError(415, M.notMultipart);
      const { fields, saved } = await readUpload(request, db);
      try {
        const data = await attachFiles(db, gate, uploadTarget(fields, saved), saved);
        reply.code(201);
        return { data };
      } catch (error) {
        await removeStoredFiles(
          db,
          saved.map((s) => s.storedName),
        );
        throw error;
      }
    },
  );

  app.get(
    '/attachments/:id',
    {
      schema: {
        tags: ['Dépenses'],
        summary: 'Télécharger une pièce jointe',
        description:
          'Le fichier, avec `Content-Disposition: attachment` et `X-Content-Type-Options: nosniff`, à qui peut voir la demande.',
        params: idParamSchema,
        response: {
          200: z.unknown().describe('Le fichier (PDF, JPEG, PNG, WebP, GIF, HEIC ou HEIF).'),
          ...errorAnswers(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const attachment = await findAttachment(db, request.params.id);
      if (!attachment) {
        await authorizeSignedIn(request);
        throw httpError(404, M.attachmentNotFound);
      }
      const facts = await loadRequestFacts(db, attachment.attachableId);
      await authorize(request, requestEntity(facts), REQUEST_READ_PERMISSION, {
        unless: await readsRequest(facts, (entity) => departmentLeaderRule(db, entity)),
      });
      const file = await storedFile(db, attachment.storedName);
      if (!file) throw httpError(404, M.attachmentNotFound);
      reply
        .header('Content-Type', attachment.mimeType)
        .header('Content-Length', String(file.size))
        .header(
          'Content-Disposition',
          contentDisposition(servedName(attachment.originalName, attachment.mimeType)),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      return reply.send(file.stream());
    },
  );
};
