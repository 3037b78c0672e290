import { createInflateRaw } from 'node:zlib';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { IMPORT_LIMITS } from '../../../../contract/faithful';
import { HttpError, httpError } from '../../http/errors';
import { IMPORT_MESSAGES } from './messages';

/**
 * The first sheet of an .xlsx file, read as a stream (decision 0041): the zip's directory is read from
 * the uploaded buffer (5 MB at most), and only the parts the import needs (the workbook, its
 * relationships, the styles, the shared strings and the first sheet) are inflated, chunk by chunk, into
 * a streaming XML parser. The limits are checked while reading: at most `IMPORT_LIMITS.maxInflatedBytes`
 * inflated in all (400 `inflatedTooLarge`), at most `maxRows` non-empty rows after the header (400
 * `tooManyRows`), at most `MAX_COLUMNS` columns read. Nothing is ever inflated whole, no other entry is
 * inflated at all, and the event loop gets a turn between chunks: a zip bomb costs its limit, no more.
 */

/** Columns beyond this one are ignored (the import's columns are found by their header). */
export const MAX_COLUMNS = 100;

export type SheetRow = { line: number; cells: string[] };

const unreadable = () => httpError(400, IMPORT_MESSAGES.unreadable);

// ------------------------------------------------------------------ the zip's directory

type Entry = { name: string; method: number; compressedSize: number; offset: number };

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The entries of the zip's central directory, by lower-case name. */
function zipDirectory(zip: Buffer): Map<string, Entry> {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = zip.readUInt16LE(end + 10);
  const size = zip.readUInt32LE(end + 12);
  let at = zip.readUInt32LE(end + 16);
  if (at + size > end) throw unreadable();
  const entries = new Map<string, Entry>();
  for (let i = 0; i < count; i++) {
    if (at + 46 > end || zip.readUInt32LE(at) !== CENTRAL) throw unreadable();
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;
    // encrypted, or zip64 (never needed by a 5 MB file): not read
    if (flags & 1 || compressedSize === 0xffffffff || offset === 0xffffffff) continue;
    entries.set(name.replace(/^\/+/, '').toLowerCase(), { name, method, compressedSize, offset });
  }
  return entries;
}

/** The bytes of an entry as stored (deflated or not), checked against the buffer's bounds. */
function storedBytes(zip: Buffer, entry: Entry): Buffer {
  const at = entry.offset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL) throw unreadable();
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.compressedSize > zip.length) throw unreadable();
  return zip.subarray(start, start + entry.compressedSize);
}

/** What may still be inflated, shared by every entry the import reads. */
type Budget = { left: number };

const CHUNK = 16 * 1024;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** An entry's inflated bytes, chunk by chunk, within the budget. */
async function* inflated(zip: Buffer, entry: Entry, budget: Budget): AsyncGenerator<Buffer> {
  const take = (bytes: number) => {
    budget.left -= bytes;
    if (budget.left < 0) throw httpError(400, IMPORT_MESSAGES.inflatedTooLarge);
  };
  const stored = storedBytes(zip, entry);
  if (entry.method === 0) {
    for (let i = 0; i < stored.length; i += CHUNK) {
      const chunk = stored.subarray(i, i + CHUNK);
      take(chunk.length);
      yield chunk;
      await nextTurn();
    }
    return;
  }
  if (entry.method !== 8) throw unreadable();
  // the inflater works in the thread pool and stops while its output is not read: only a chunk or two
  // is ever held
  const inflater = createInflateRaw({ chunkSize: CHUNK });
  inflater.end(stored);
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      take(chunk.length);
      yield chunk;
    }
  } finally {
    inflater.destroy();
  }
}

/** What a reader of an entry hears: elements opening and closing, and text (CDATA included). */
type Listener = {
  open?: (tag: SaxesTagPlain) => void;
  close?: (tag: SaxesTagPlain) => void;
  text?: (text: string) => void;
};

/**
 * Feeds an entry to a fresh XML parser that tells each listener, in order (a saxes parser has one
 * handler per event); a malformed entry is unreadable, a limit passed stays the limit's 400.
 */
async function parseEntry(
  zip: Buffer,
  entry: Entry,
  budget: Budget,
  ...listeners: Listener[]
): Promise<void> {
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  parser.on('opentag', (tag) => listeners.forEach((l) => l.open?.(tag)));
  parser.on('closetag', (tag) => listeners.forEach((l) => l.close?.(tag)));
  const text = (value: string) => listeners.forEach((l) => l.text?.(value));
  parser.on('text', text);
  parser.on('cdata', text);
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of inflated(zip, entry, budget))
      parser.write(decoder.decode(chunk, { stream: true }));
    parser.write(decoder.decode());
    parser.close();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw unreadable();
  }
}

/** An element's name without its namespace prefix ('x:row' -> 'row'). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** An attribute by its local name ('r:id' -> 'id'), ignoring `except`. */
function attribute(tag: SaxesTagPlain, name: string, except?: string): string | undefined {
  for (const [key, value] of Object.entries(tag.attributes)) {
    if (key !== except && local(key) === name) return value;
  }
  return undefined;
}

// ------------------------------------------------------------------ the parts of the workbook

type Relationship = { type: string; target: string };

/** A part's relationships (`Id` -> type and target resolved from `base`, the part's folder). */
async function relationships(
  zip: Buffer,
  entries: Map<string, Entry>,
  path: string,
  base: string,
  budget: Budget,
): Promise<Map<string, Relationship>> {
  const found = new Map<string, Relationship>();
  const entry = entries.get(path.toLowerCase());
  if (!entry) return found;
  await parseEntry(zip, entry, budget, {
    open: (tag) => {
      if (local(tag.name) !== 'Relationship') return;
      const id = tag.attributes.Id;
      const target = tag.attributes.Target ?? '';
      if (!id || tag.attributes.TargetMode === 'External') return;
      found.set(id, { type: tag.attributes.Type ?? '', target: resolvePath(base, target) });
    },
  });
  return found;
}

/** A relationship's target as an entry name: absolute ('/xl/...') or relative to `base` ('xl/'). */
function resolvePath(base: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : base + target).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

const isType = (rel: Relationship, kind: string) => rel.type.endsWith(`/${kind}`);

/** The built-in number formats that show a date or a time. */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36]);
for (const id of [45, 46, 47, 50, 51, 52, 53, 54, 55, 56, 57, 58]) DATE_FORMAT_IDS.add(id);

/** Whether a custom format code shows a date or a time (quoted text, escapes and [colours] aside). */
function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** For each cell style (its index in cellXfs), whether it shows a date. */
async function dateStyles(zip: Buffer, entry: Entry | undefined, budget: Budget): Promise<boolean[]> {
  if (!entry) return [];
  const customDate = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await parseEntry(zip, entry, budget, {
    open: (tag) => {
      const name = local(tag.name);
      if (name === 'numFmt') {
        customDate.set(Number(tag.attributes.numFmtId), isDateFormatCode(tag.attributes.formatCode ?? ''));
      } else if (name === 'cellXfs') {
        inCellXfs = !tag.isSelfClosing;
      } else if (name === 'xf' && inCellXfs && styles.length < 65_536) {
        const id = Number(tag.attributes.numFmtId ?? 0);
        styles.push(customDate.get(id) ?? DATE_FORMAT_IDS.has(id));
      }
    },
    close: (tag) => {
      if (local(tag.name) === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/**
 * The text of the runs (`<t>`) of each string item (`item`), phonetic runs (`<rPh>`) aside: the shared
 * strings (`<si>`) and the inline strings of a cell (`<is>`).
 */
function stringItems(item: string, onItem: (text: string) => void): Listener {
  let inItem = false;
  let inText = false;
  let phonetic = 0;
  let text = '';
  return {
    open: (tag) => {
      const name = local(tag.name);
      if (name === item) {
        inItem = !tag.isSelfClosing;
        text = '';
        if (tag.isSelfClosing) onItem('');
      } else if (name === 'rPh') phonetic += tag.isSelfClosing ? 0 : 1;
      else if (name === 't' && inItem && phonetic === 0) inText = !tag.isSelfClosing;
    },
    text: (value) => {
      if (inText) text += value;
    },
    close: (tag) => {
      const name = local(tag.name);
      if (name === 't') inText = false;
      else if (name === 'rPh' && phonetic > 0) phonetic--;
      else if (name === item && inItem) {
        inItem = false;
        onItem(text);
      }
    },
  };
}

async function sharedStrings(zip: Buffer, entry: Entry | undefined, budget: Budget): Promise<string[]> {
  if (!entry) return [];
  const strings: string[] = [];
  await parseEntry(
    zip,
    entry,
    budget,
    stringItems('si', (text) => strings.push(text)),
  );
  return strings;
}

/** 'AB12' -> 28 (1-based column of a cell reference), or null. */
function columnOf(reference: string | undefined): number | null {
  const letters = reference?.match(/^([A-Z]{1,3})\d*$/i)?.[1];
  if (!letters) return null;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  return column;
}

/** An Excel serial date (days since 1899-12-30, or 1904-01-01) as YYYY-MM-DD, as ExcelJS read it. */
function serialDate(serial: number, date1904: boolean): string {
  const days = serial + (date1904 ? 1462 : 0);
  const date = new Date(Math.round((days - 25569) * 24 * 3600 * 1000));
  return Number.isNaN(date.getTime()) ? String(serial) : date.toISOString().slice(0, 10);
}

/** A cell's text: dates as YYYY-MM-DD, numbers as written, booleans as true / false, errors empty. */
function cellText(
  cell: { type: string; style: number; value: string; inline: string | null },
  context: { strings: string[]; dates: boolean[]; date1904: boolean },
): string {
  switch (cell.type) {
    case 's':
      return context.strings[Number(cell.value)] ?? '';
    case 'inlineStr':
      return cell.inline ?? cell.value;
    case 'str':
      return cell.value;
    case 'b':
      return cell.value.trim() === '1' ? 'true' : cell.value.trim() === '0' ? 'false' : cell.value;
    case 'e':
      return '';
    case 'd': {
      const date = new Date(cell.value);
      return Number.isNaN(date.getTime()) ? cell.value : date.toISOString().slice(0, 10);
    }
    default: {
      if (cell.value.trim() === '') return cell.inline ?? '';
      const value = Number(cell.value);
      if (!Number.isFinite(value)) return cell.value;
      if (context.dates[cell.style]) return serialDate(value, context.date1904);
      return Number.isInteger(value) ? value.toFixed(0) : String(value);
    }
  }
}

/**
 * The rows of the workbook's first sheet with at least one non-empty cell, each with its line and its
 * cells as text (at most MAX_COLUMNS). Refused (400 in French) when unreadable, when more than
 * `IMPORT_LIMITS.maxInflatedBytes` would be inflated, or when the sheet has more non-empty rows than
 * the header and `IMPORT_LIMITS.maxRows`.
 */
export async function readFirstSheet(zip: Buffer): Promise<SheetRow[]> {
  const entries = zipDirectory(zip);
  const budget: Budget = { left: IMPORT_LIMITS.maxInflatedBytes };

  const root = await relationships(zip, entries, '_rels/.rels', '', budget);
  const workbookPath =
    [...root.values()].find((rel) => isType(rel, 'officeDocument'))?.target ?? 'xl/workbook.xml';
  const workbookEntry = entries.get(workbookPath.toLowerCase());
  if (!workbookEntry) throw unreadable();
  const folder = workbookPath.includes('/') ? workbookPath.slice(0, workbookPath.lastIndexOf('/') + 1) : '';
  const rels = await relationships(
    zip,
    entries,
    `${folder}_rels/${workbookPath.slice(folder.length)}.rels`,
    folder,
    budget,
  );

  let date1904 = false;
  let firstSheet: string | null = null;
  await parseEntry(zip, workbookEntry, budget, {
    open: (tag) => {
      const name = local(tag.name);
      if (name === 'workbookPr') {
        const value = tag.attributes.date1904;
        date1904 = value === '1' || value === 'true';
      } else if (name === 'sheet' && firstSheet === null) {
        firstSheet = attribute(tag, 'id', 'sheetId') ?? '';
      }
    },
  });
  const sheetRel = firstSheet === null ? undefined : rels.get(firstSheet);
  const sheetEntry = sheetRel ? entries.get(sheetRel.target.toLowerCase()) : undefined;
  if (!sheetEntry) throw httpError(400, IMPORT_MESSAGES.empty);

  const entryOf = (kind: string) => {
    const rel = [...rels.values()].find((r) => isType(r, kind));
    return rel ? entries.get(rel.target.toLowerCase()) : undefined;
  };
  const dates = await dateStyles(zip, entryOf('styles'), budget);
  const strings = await sharedStrings(zip, entryOf('sharedStrings'), budget);
  const context = { strings, dates, date1904 };

  const rows: SheetRow[] = [];
  let line = 0;
  let column = 0;
  let cells: string[] = [];
  let cell: { type: string; style: number; value: string; inline: string | null } | null = null;
  let inValue = false;
  const inline = stringItems('is', (text) => {
    if (cell) cell.inline = text;
  });
  await parseEntry(zip, sheetEntry, budget, inline, {
    open: (tag) => {
      const name = local(tag.name);
      if (name === 'row') {
        line = Number(tag.attributes.r) || line + 1;
        column = 0;
        cells = [];
      } else if (name === 'c') {
        column = columnOf(tag.attributes.r) ?? column + 1;
        cell = {
          type: tag.attributes.t ?? 'n',
          style: Number(tag.attributes.s ?? 0),
          value: '',
          inline: null,
        };
      } else if (name === 'v' && cell) {
        inValue = !tag.isSelfClosing;
      }
    },
    text: (text) => {
      if (inValue && cell) cell.value += text;
    },
    close: (tag) => {
      const name = local(tag.name);
      if (name === 'v') inValue = false;
      else if (name === 'c' && cell) {
        if (column >= 1 && column <= MAX_COLUMNS) cells[column - 1] = cellText(cell, context);
        cell = null;
      } else if (name === 'row') {
        if (!cells.some((text) => text !== undefined && text.trim() !== '')) return;
        // the header, then at most maxRows rows of faithful
        if (rows.length > IMPORT_LIMITS.maxRows) throw httpError(400, IMPORT_MESSAGES.tooManyRows);
        rows.push({ line, cells: Array.from(cells, (text) => text ?? '') });
      }
    },
  });
  return rows;
}
