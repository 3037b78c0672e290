import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema, idParamSchema } from '../../../../contract/common';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_FILES,
  attachmentListAnswerSchema,
  EXPENSE_MESSAGES,
  type AttachmentMimeType,
} from '../../../../contract/expenses';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import { requireUser, requireVisibility } from '../../http/context';
import { httpError } from '../../http/errors';
import { assertCanRead, assertCanWrite, assertNotVerified, loadRequestFacts } from './access';
import { toAttachment } from './queries';
import {
  attachmentsDir,
  ensureAttachmentsDir,
  generatedName,
  removeStoredFiles,
  sniffType,
  STORED_NAME_PATTERN,
} from './storage';

const M = EXPENSE_MESSAGES;

type Saved = { storedName: string; originalName: string; mime: AttachmentMimeType; size: number };

/** A file name safe for Content-Disposition: the original name's letters, ASCII fallback + RFC 5987. */
function contentDisposition(name: string): string {
  const clean = name.replace(/[\r\n"\\/]/g, '_').slice(0, 200) || 'piece-jointe';
  const ascii = clean.normalize('NFD').replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

/**
 * Reads one file part to DATA_DIR/attachments under a generated name, refusing by its first bytes
 * anything but JPEG, PNG, WebP and PDF (415), and beyond 10 MB (413: the part's stream fails).
 */
async function saveFile(
  dir: string,
  part: { filename: string; file: AsyncIterable<Buffer> & { truncated?: boolean } },
): Promise<Saved> {
  const chunks: Buffer[] = [];
  let size = 0;
  let mime: AttachmentMimeType | null = null;
  let handle: Awaited<ReturnType<typeof open>> | null = null;
  let storedName = '';
  try {
    for await (const chunk of part.file) {
      size += chunk.length;
      if (!handle) {
        chunks.push(chunk);
        const head = Buffer.concat(chunks);
        if (head.length < 16) continue;
        mime = sniffType(head);
        if (!mime) throw httpError(415, M.fileTypeRefused);
        storedName = generatedName(mime);
        handle = await open(path.join(dir, storedName), 'wx');
        await handle.write(head);
      } else {
        await handle.write(chunk);
      }
    }
    if (!handle) {
      const head = Buffer.concat(chunks);
      mime = sniffType(head);
      if (!mime || head.length === 0) throw httpError(415, M.fileTypeRefused);
      storedName = generatedName(mime);
      handle = await open(path.join(dir, storedName), 'wx');
      await handle.write(head);
    }
    await handle.close();
    handle = null;
    return { storedName, originalName: part.filename || 'document', mime: mime!, size };
  } catch (error) {
    if (handle) await handle.close().catch(() => undefined);
    if (storedName) await removeStoredFiles(path.dirname(dir), [storedName]);
    throw error;
  }
}

/** French 413 for the multipart limits (files count, file size), the error unchanged otherwise. */
function multipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return httpError(413, M.fileTooLarge);
  if (code === 'FST_FILES_LIMIT') return httpError(413, M.tooManyFiles);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return httpError(413, M.tooManyFiles);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return httpError(415, M.notMultipart);
  return error;
}

export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
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
          '10 Mo par fichier et 10 fichiers au plus (413), JPEG, PNG, WebP ou PDF reconnus à leurs premiers octets ' +
          "(415 sinon). Le créateur de la demande, ou `expense_request:update` sur l'entité ; jamais après vérification.",
        consumes: ['multipart/form-data'],
        response: {
          201: attachmentListAnswerSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
          413: errorSchema,
          415: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireVisibility(request);
      if (!request.isMultipart()) throw httpError(415, M.notMultipart);
      const dir = await ensureAttachmentsDir(config.dataDir);
      const fields: Record<string, string> = {};
      const saved: Saved[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') saved.push(await saveFile(dir, part));
          else fields[part.fieldname] = String(part.value ?? '');
        }
      } catch (error) {
        await removeStoredFiles(
          config.dataDir,
          saved.map((s) => s.storedName),
        );
        throw multipartError(error);
      }
      try {
        if ((fields.attachable_type ?? '') !== 'expense_request')
          throw httpError(400, M.attachableTypeInvalid);
        const requestId = Number(fields.attachable_id);
        if (!Number.isInteger(requestId) || requestId <= 0 || requestId > 2_147_483_647)
          throw httpError(400, M.attachableIdInvalid);
        if (saved.length === 0) throw httpError(400, M.noFiles);
        const rows = await db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const facts = await loadRequestFacts(tx, requestId, true);
          await assertCanWrite(request, facts, ['expense_request:update'], { creatorMay: true, db: tx });
          assertNotVerified(facts);
          const inserted = [];
          for (const file of saved) {
            const row = await queryOne<Record<string, unknown>>(
              tx,
              sql`insert into attachments (attachable_type, attachable_id, original_name, stored_name, mime_type, size, uploaded_by)
                  values ('expense_request', ${facts.id}, ${file.originalName.slice(0, 255)}, ${file.storedName},
                    ${file.mime}, ${file.size}, ${user.userId})
                  returning id, attachable_id, original_name, mime_type, size, created_at`,
            );
            inserted.push(row!);
          }
          await audit(tx, {
            userId: user.userId,
            action: 'expense_request.attach',
            entityType: 'expense_request',
            entityId: facts.id,
            data: { files: saved.map((s) => ({ name: s.originalName, size: s.size, type: s.mime })) },
            ip: request.ip,
          });
          return inserted;
        });
        reply.code(201);
        return { data: rows.map(toAttachment) };
      } catch (error) {
        await removeStoredFiles(
          config.dataDir,
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
          200: z.unknown().describe('Le fichier (application/pdf, image/jpeg, image/png ou image/webp).'),
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const row = await queryOne<{
        attachable_id: number;
        stored_name: string;
        original_name: string;
        mime_type: string;
      }>(
        db,
        sql`select attachable_id, stored_name, original_name, mime_type from attachments
            where id = ${request.params.id} and attachable_type = 'expense_request'`,
      );
      if (!row) {
        await requireUser(request);
        throw httpError(404, M.attachmentNotFound);
      }
      const facts = await loadRequestFacts(db, row.attachable_id);
      await assertCanRead(request, facts);
      if (!STORED_NAME_PATTERN.test(row.stored_name)) throw httpError(404, M.attachmentNotFound);
      const file = path.join(attachmentsDir(config.dataDir), row.stored_name);
      const info = await stat(file).catch(() => null);
      if (!info) throw httpError(404, M.attachmentNotFound);
      reply
        .header('Content-Type', row.mime_type)
        .header('Content-Length', String(info.size))
        .header('Content-Disposition', contentDisposition(row.original_name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store');
      return reply.send(createReadStream(file) as never);
    },
  );
};
