import { randomBytes } from 'node:crypto';
import { mkdir, open, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { EXPENSE_MESSAGES, type AttachmentMimeType } from '../../../../contract/expenses';
import { httpError } from '../../http/errors';

/** Supporting documents live in DATA_DIR/attachments (PGlite or PostgreSQL alike), under generated names. */
export function attachmentsDir(dataDir: string): string {
  return path.join(dataDir, 'attachments');
}

export async function ensureAttachmentsDir(dataDir: string): Promise<string> {
  const dir = attachmentsDir(dataDir);
  await mkdir(dir, { recursive: true });
  return dir;
}

const EXTENSIONS: Record<AttachmentMimeType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** A new stored name: 32 random hex characters and the extension of the detected type. */
export function generatedName(mime: AttachmentMimeType): string {
  return `${randomBytes(16).toString('hex')}.${EXTENSIONS[mime]}`;
}

/** A stored name as generated (nothing else is ever joined to the folder). */
export const STORED_NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp|pdf)$/;

/** The type read from a file's first bytes (JPEG, PNG, WebP, PDF), or null for anything else. */
export function sniffType(head: Buffer): AttachmentMimeType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (
    head.length >= 12 &&
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

/** Removes stored files (best effort: a missing file is not an error). */
export async function removeStoredFiles(dataDir: string, names: string[]): Promise<void> {
  const dir = attachmentsDir(dataDir);
  await Promise.all(
    names
      .filter((name) => STORED_NAME_PATTERN.test(name))
      .map((name) => unlink(path.join(dir, name)).catch(() => undefined)),
  );
}

/**
 * An upload's file name as it may be stored and shown: without control characters (C0, DEL, C1: a NUL
 * byte answered 500 on PostgreSQL, which refuses 0x00 in text) nor the bidirectional overrides that
 * disguise an extension, spaces collapsed, 255 characters at most; 'document' when nothing is left.
 */
export function cleanFileName(name: string | undefined): string {
  const clean = (name ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 255);
  return clean || 'document';
}

/** A file read to DATA_DIR/attachments, not yet recorded. */
export type SavedFile = { storedName: string; originalName: string; mime: AttachmentMimeType; size: number };

/**
 * Reads one file part to DATA_DIR/attachments under a generated name, refusing by its first bytes
 * anything but JPEG, PNG, WebP and PDF (415), and beyond 10 MB (413: the part's stream fails).
 */
export async function saveFile(
  dir: string,
  part: { filename: string; file: AsyncIterable<Buffer> & { truncated?: boolean } },
): Promise<SavedFile> {
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
        if (!mime) throw httpError(415, EXPENSE_MESSAGES.fileTypeRefused);
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
      if (!mime || head.length === 0) throw httpError(415, EXPENSE_MESSAGES.fileTypeRefused);
      storedName = generatedName(mime);
      handle = await open(path.join(dir, storedName), 'wx');
      await handle.write(head);
    }
    await handle.close();
    handle = null;
    return { storedName, originalName: cleanFileName(part.filename), mime: mime!, size };
  } catch (error) {
    if (handle) await handle.close().catch(() => undefined);
    if (storedName) await removeStoredFiles(path.dirname(dir), [storedName]);
    throw error;
  }
}

/** The path and size of a stored file, or null when its name is not one we generate or it is gone. */
export async function storedFile(
  dataDir: string,
  name: string,
): Promise<{ path: string; size: number } | null> {
  if (!STORED_NAME_PATTERN.test(name)) return null;
  const file = path.join(attachmentsDir(dataDir), name);
  const info = await stat(file).catch(() => null);
  return info ? { path: file, size: info.size } : null;
}
