import type { FastifyRequest } from 'fastify';
import { EXPENSE_MESSAGES } from '../../../../contract/expenses';
import { httpError } from '../../http/errors';
import { uploadReadError } from '../../http/security';
import type { Db } from '../../db/client';
import { ATTACHMENT_EXTENSIONS, type AttachmentMimeType } from '../../../../contract/expenses';
import { removeStoredFiles, saveFile, type SavedFile } from './storage';

const M = EXPENSE_MESSAGES;

/**
 * The name a file is served under: the original name, its extension made to match the type detected at
 * upload (a PDF named `facture.html` is served as `facture.html.pdf`, decision 0014), so that no browser or
 * desktop opens it as something else.
 */
export function servedName(originalName: string, mimeType: string): string {
  const allowed = ATTACHMENT_EXTENSIONS[mimeType as AttachmentMimeType]?.map((e) => e.slice(1));
  if (!allowed) return originalName;
  const extension = /\.([A-Za-z0-9]{1,10})$/.exec(originalName)?.[1]?.toLowerCase();
  if (extension && allowed.includes(extension)) return originalName;
  return `${originalName || 'piece-jointe'}.${allowed[0]}`;
}

/** A file name safe for Content-Disposition: the original name's letters, ASCII fallback + RFC 5987. */
export function contentDisposition(name: string): string {
  const clean = name.replace(/[\r\n"\\/]/g, '_').slice(0, 200) || 'piece-jointe';
  const ascii = clean.normalize('NFD').replace(/[^\x20-\x7e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(clean)}`;
}

/** French 413 for the multipart limits (files count, file size), 415 / 400 for a malformed body. */
function multipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return httpError(413, M.fileTooLarge);
  if (code === 'FST_FILES_LIMIT') return httpError(413, M.tooManyFiles);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return httpError(413, M.tooManyFiles);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return httpError(415, M.notMultipart);
  // a truncated or malformed body: 400 in French, never a 500 (decision 0014)
  return uploadReadError(error);
}

/**
 * Reads the multipart body: its fields, and its files streamed into the database (all removed when
 * one fails).
 */
export async function readUpload(
  request: FastifyRequest,
  db: Db,
): Promise<{ fields: Record<string, string>; saved: SavedFile[] }> {
  const fields: Record<string, string> = {};
  const saved: SavedFile[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') saved.push(await saveFile(db, part));
      else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (error) {
    await removeStoredFiles(
      db,
      saved.map((s) => s.storedName),
    );
    throw multipartError(error);
  }
  return { fields, saved };
}
