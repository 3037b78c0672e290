import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * Spreadsheets written by hand for the import's tests (issue 27, hole 3): a minimal .xlsx whose
 * entries are given as text, and zip bombs whose entry inflates to hundreds of megabytes from a few
 * hundred kilobytes, built in a few milliseconds without ever holding the inflated text.
 */

export type ZipEntry = {
  name: string;
  /** the raw deflate stream (or the stored bytes) */
  data: Buffer;
  method: 0 | 8;
  crc: number;
  /** the inflated size declared in the headers */
  size: number;
};

export function deflatedEntry(name: string, text: string | Buffer): ZipEntry {
  const raw = Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8');
  return { name, data: deflateRawSync(raw), method: 8, crc: crc32(raw), size: raw.length };
}

/**
 * An entry of `head`, then `chunk` repeated `times`, then `tail`, deflated: each piece is compressed
 * once and ended with a full flush (byte-aligned, no back-reference across pieces), so the same
 * compressed piece can be repeated; the last block is an empty final one. 1 MiB of repeated text
 * deflates to about 1 KiB.
 */
export function repeatedEntry(
  name: string,
  head: string,
  chunk: string,
  times: number,
  tail: string,
): ZipEntry {
  const flushed = (text: string) =>
    deflateRawSync(Buffer.from(text, 'utf8'), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const chunkBytes = Buffer.from(chunk, 'utf8');
  const pieces = [flushed(head)];
  const body = flushed(chunk);
  let crc = crc32(Buffer.from(head, 'utf8'));
  for (let i = 0; i < times; i++) {
    pieces.push(body);
    crc = crc32(chunkBytes, crc);
  }
  pieces.push(deflateRawSync(Buffer.from(tail, 'utf8')));
  crc = crc32(Buffer.from(tail, 'utf8'), crc);
  const size = Buffer.byteLength(head) + chunkBytes.length * times + Buffer.byteLength(tail);
  return { name, data: Buffer.concat(pieces), method: 8, crc: crc >>> 0, size };
}

/** A zip archive of the entries (no zip64: every size must fit 32 bits). */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(entry.method, 8);
    local.writeUInt32LE(entry.crc >>> 0, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(entry.method, 10);
    central.writeUInt32LE(entry.crc >>> 0, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.data);
    centrals.push(central, name);
    offset += local.length + name.length + entry.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The entries every workbook has, around its first sheet `xl/worksheets/sheet1.xml`. */
export function workbookEntries(options: { sharedStrings?: boolean; styles?: boolean } = {}): ZipEntry[] {
  const overrides = [
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>',
    '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
  ];
  const rels = [`<Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>`];
  if (options.sharedStrings) {
    overrides.push(
      '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>',
    );
    rels.push(`<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>`);
  }
  if (options.styles) {
    overrides.push(
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>',
    );
    rels.push(`<Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/>`);
  }
  return [
    deflatedEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        overrides.join('') +
        '</Types>',
    ),
    deflatedEntry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    deflatedEntry(
      'xl/workbook.xml',
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${MAIN}" xmlns:r="${REL}">` +
        '<sheets><sheet name="Fidèles" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    deflatedEntry(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        rels.join('') +
        '</Relationships>',
    ),
  ];
}

export const SHEET_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_TAIL = '</sheetData></worksheet>';

const inline = (text: string) => `<c t="inlineStr"><is><t>${text}</t></is></c>`;

/** A sheet row of inline strings (no `r` attributes: they are optional). */
export const inlineRow = (cells: string[]) => `<row>${cells.map(inline).join('')}</row>`;

/** About one MiB of `unit` repeated (as many whole units as fit). */
export function mebibytesOf(unit: string): string {
  return unit.repeat(Math.floor((1024 * 1024) / Buffer.byteLength(unit)));
}
