import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import {
  ATTACHMENT_EXTENSIONS,
  EXPENSE_MESSAGES,
  type AttachmentMimeType,
} from '../../../../contract/expenses';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import { httpError } from '../../http/errors';

/**
 * The contents of the supporting documents live in the database (decision 0044): table
 * `attachment_chunks`, pieces of CHUNK_BYTES under the file's generated `stored_name`, written while the
 * upload streams in and read one at a time while the download streams out (memory stays flat). Several
 * servers on one PostgreSQL share them, and a backup carries them.
 */
export const CHUNK_BYTES = 256 * 1024;

/** A new stored name: 32 random hex characters and the extension of the detected type. */
export function generatedName(mime: AttachmentMimeType): string {
  return `${randomBytes(16).toString('hex')}${ATTACHMENT_EXTENSIONS[mime][0]}`;
}

/** A stored name as generated. */
export const STORED_NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp|gif|heic|heif|pdf)$/;

/** HEIF family brands of an ISO media file's `ftyp` box: an iPhone's photo (HEIC) and its kin. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs']);
const HEIF_BRANDS = new Set(['mif1', 'msf1', 'heif']);

/**
 * The type read from a file's first bytes (JPEG, PNG, WebP, GIF, HEIC/HEIF, PDF), or null for anything
 * else: the client's declared type is never trusted.
 */
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
  if (head.length >= 6 && /^GIF8[79]a$/.test(head.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') {
    const brand = head.subarray(8, 12).toString('latin1');
    if (HEIC_BRANDS.has(brand)) return 'image/heic';
    if (HEIF_BRANDS.has(brand)) return 'image/heif';
    return null;
  }
  if (head.length >= 5 && head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  return null;
}

/** Removes stored contents (in the caller's transaction when it has one; a missing one is no error). */
export async function removeStoredFiles(db: Db, names: string[]): Promise<void> {
  const kept = names.filter((name) => STORED_NAME_PATTERN.test(name));
  if (kept.length === 0) return;
  await db.execute(
    sql`delete from attachment_chunks where stored_name in (${sql.join(
      kept.map((name) => sql`${name}`),
      sql`, `,
    )})`,
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

/** A file stored in the database, not yet recorded as an attachment. */
export type SavedFile = { storedName: string; originalName: string; mime: AttachmentMimeType; size: number };

/**
 * A piece travels as base64 text, decoded by the database: PGlite's bytea parameters and answers are
 * converted byte by byte in JavaScript (1 MB/s measured), base64 natively on both sides (decision 0044).
 */
async function writeChunk(db: Db, storedName: string, seq: number, data: Buffer): Promise<void> {
  await db.execute(
    sql`insert into attachment_chunks (stored_name, seq, data)
        values (${storedName}, ${seq}, decode(${data.toString('base64')}, 'base64'))`,
  );
}

/**
 * Streams one file into the database under a generated name, a piece of CHUNK_BYTES at a time,
 * refusing by its first bytes anything but the accepted types (415), and beyond 10 MB (413: the part's
 * stream fails). Whatever was written is removed when it fails.
 */
export async function saveFile(
  db: Db,
  part: { filename: string; file: AsyncIterable<Buffer> },
): Promise<SavedFile> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let size = 0;
  let seq = 0;
  let mime: AttachmentMimeType | null = null;
  let storedName = '';
  const flush = async (all: boolean) => {
    let buffer = Buffer.concat(pending, pendingBytes);
    while (buffer.length >= CHUNK_BYTES || (all && buffer.length > 0)) {
      const piece = buffer.subarray(0, CHUNK_BYTES);
      await writeChunk(db, storedName, seq++, Buffer.from(piece));
      buffer = buffer.subarray(piece.length);
    }
    pending = buffer.length > 0 ? [buffer] : [];
    pendingBytes = buffer.length;
  };
  try {
    for await (const chunk of part.file) {
      size += chunk.length;
      pending.push(chunk);
      pendingBytes += chunk.length;
      if (!mime) {
        if (pendingBytes < 16) continue;
        mime = sniffType(Buffer.concat(pending, pendingBytes));
        if (!mime) throw httpError(415, EXPENSE_MESSAGES.fileTypeRefused);
        storedName = generatedName(mime);
      }
      if (pendingBytes >= CHUNK_BYTES) await flush(false);
    }
    if (!mime) {
      mime = size > 0 ? sniffType(Buffer.concat(pending, pendingBytes)) : null;
      if (!mime) throw httpError(415, EXPENSE_MESSAGES.fileTypeRefused);
      storedName = generatedName(mime);
    }
    await flush(true);
    return { storedName, originalName: cleanFileName(part.filename), mime, size };
  } catch (error) {
    if (storedName) await removeStoredFiles(db, [storedName]).catch(() => undefined);
    throw error;
  }
}

/**
 * A stored file's size and a stream of its contents read one piece at a time as the reader asks
 * (backpressure: the next piece is read once the previous one is sent), or null when it is gone.
 */
export async function storedFile(
  db: Db,
  name: string,
): Promise<{ size: number; stream: () => Readable } | null> {
  if (!STORED_NAME_PATTERN.test(name)) return null;
  const info = await queryOne<{ n: number | string; size: number | string | null }>(
    db,
    sql`select count(*) as n, sum(octet_length(data)) as size from attachment_chunks where stored_name = ${name}`,
  );
  const pieces = Number(info?.n ?? 0);
  if (pieces === 0) return null;
  async function* read() {
    for (let seq = 0; seq < pieces; seq++) {
      const row = await queryOne<{ data: string }>(
        db,
        sql`select encode(data, 'base64') as data from attachment_chunks where stored_name = ${name} and seq = ${seq}`,
      );
      if (!row) throw new Error(`Pièce ${seq} manquante du fichier ${name}`);
      yield Buffer.from(row.data, 'base64');
    }
  }
  return { size: Number(info?.size ?? 0), stream: () => Readable.from(read(), { objectMode: false }) };
}

/**
 * The start-up step after the migrations (decision 0044): the files of DATA_DIR/attachments, where they
 * were stored before, moved into the database. Each file is written in one transaction; once it is
 * committed, the file is renamed into DATA_DIR/attachments/moved (kept for the administrator to remove).
 * Idempotent: a file whose contents are already stored is only renamed. Then the pieces that no
 * attachment names, older than a day (an upload cut between its pieces and its record), are removed.
 */
export async function moveFilesIntoDatabase(
  db: Db,
  dataDir: string,
  log: (line: string) => void = () => {},
): Promise<{ moved: number; swept: number }> {
  const dir = path.join(dataDir, 'attachments');
  const names = await readdir(dir).catch(() => [] as string[]);
  let moved = 0;
  const known = new Set(
    (
      await queryRows<{ stored_name: string }>(
        db,
        sql`select stored_name from attachments where stored_name in (${sql.join(
          [...names.filter((name) => STORED_NAME_PATTERN.test(name)), ''].map((n) => sql`${n}`),
          sql`, `,
        )})`,
      )
    ).map((row) => row.stored_name),
  );
  for (const name of names) {
    if (!STORED_NAME_PATTERN.test(name) || !known.has(name)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    await db.transaction(async (tx) => {
      const already = await queryOne<{ n: number | string }>(
        tx,
        sql`select count(*) as n from attachment_chunks where stored_name = ${name}`,
      );
      if (Number(already?.n ?? 0) > 0) return;
      let seq = 0;
      for await (const piece of createReadStream(file, { highWaterMark: CHUNK_BYTES })) {
        await writeChunk(tx, name, seq++, piece as Buffer);
      }
    });
    const movedDir = path.join(dir, 'moved');
    await mkdir(movedDir, { recursive: true });
    await rename(file, path.join(movedDir, name));
    moved++;
  }
  if (moved > 0) log(`${moved} pièce(s) jointe(s) déplacée(s) de ${dir} dans la base`);
  const swept = await queryRows<{ stored_name: string }>(
    db,
    sql`delete from attachment_chunks c
        where c.created_at < now() - interval '1 day'
          and not exists (select 1 from attachments a where a.stored_name = c.stored_name)
        returning stored_name`,
  );
  return { moved, swept: new Set(swept.map((row) => row.stored_name)).size };
}
