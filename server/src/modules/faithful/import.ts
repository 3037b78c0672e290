import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import {
  faithfulFieldsSchema,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  FAITHFUL_MESSAGES,
  type ImportReport,
  type ImportRow,
} from '../../../../contract/faithful';
import type { EntityRef } from '../../../../contract/common';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import type { Actor } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { IMPORT_MESSAGES } from './messages';
import { rethrowUniqueViolation, type FaithfulFields, type FieldError } from './service';
import { insertFaithful } from './writes';
import { readFirstSheet } from './xlsx';

type Field = (typeof IMPORT_COLUMNS)[number]['field'];
type RawRow = { line: number; values: Partial<Record<Field, string>> };

export { IMPORT_MESSAGES };

/** 'Date de naissance' -> 'datedenaissance': headers compared without accents, case, spaces. */
function headerKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const HEADER_ALIASES: Record<string, Field> = {};
for (const column of IMPORT_COLUMNS) {
  HEADER_ALIASES[headerKey(column.header)] = column.field;
  HEADER_ALIASES[headerKey(column.field)] = column.field;
}
Object.assign(HEADER_ALIASES, {
  prenoms: 'firstname',
  nomdefamille: 'lastname',
  telephone: 'phone',
  tel: 'phone',
  portable: 'phone',
  mail: 'email',
  courriel: 'email',
  adresseemail: 'email',
  numerodematricule: 'registration_number',
  genre: 'gender',
  datenaissance: 'birth_date',
} satisfies Record<string, Field>);

function mapHeaders(header: string[]): (Field | null)[] {
  const fields = header.map((h) => HEADER_ALIASES[headerKey(h)] ?? null);
  const missing = [
    ...(fields.includes('firstname') ? [] : ['Prénom']),
    ...(fields.includes('lastname') ? [] : ['Nom']),
  ];
  if (missing.length > 0) throw httpError(400, IMPORT_MESSAGES.missingColumns(missing));
  return fields;
}

function toRows(matrix: { line: number; cells: string[] }[]): RawRow[] {
  const headerIndex = matrix.findIndex((row) => row.cells.some((cell) => cell.trim() !== ''));
  if (headerIndex < 0) throw httpError(400, IMPORT_MESSAGES.empty);
  const fields = mapHeaders(matrix[headerIndex].cells);
  const rows: RawRow[] = [];
  for (const row of matrix.slice(headerIndex + 1)) {
    if (row.cells.every((cell) => cell.trim() === '')) continue;
    if (rows.length >= IMPORT_LIMITS.maxRows) throw httpError(400, IMPORT_MESSAGES.tooManyRows);
    const values: RawRow['values'] = {};
    fields.forEach((field, i) => {
      if (field && values[field] === undefined) values[field] = (row.cells[i] ?? '').trim();
    });
    rows.push({ line: row.line, values });
  }
  if (rows.length === 0) throw httpError(400, IMPORT_MESSAGES.empty);
  return rows;
}

function parseCsv(buffer: Buffer): RawRow[] {
  const text = buffer.toString('utf8').replace(/^\uFEFF/, '');
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: string[][];
  try {
    // the row limit checked while reading: the parser stops one record past it
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      to: IMPORT_LIMITS.maxRows + 51,
    }) as string[][];
  } catch {
    throw httpError(400, IMPORT_MESSAGES.unreadable);
  }
  if (records.length > IMPORT_LIMITS.maxRows + 50) throw httpError(400, IMPORT_MESSAGES.tooManyRows);
  return toRows(records.map((cells, i) => ({ line: i + 1, cells })));
}

async function parseXlsx(buffer: Buffer): Promise<RawRow[]> {
  // read as a stream, its limits checked while reading (decision 0041)
  return toRows(await readFirstSheet(buffer));
}

/** Reads an uploaded file (by extension, checked against its first bytes). */
export async function parseImportFile(filename: string, buffer: Buffer): Promise<RawRow[]> {
  if (buffer.length > IMPORT_LIMITS.maxBytes) throw httpError(413, IMPORT_MESSAGES.tooLarge);
  const name = filename.toLowerCase();
  const isZip = buffer.length >= 4 && buffer[0] === 0x50 && buffer[1] === 0x4b;
  if (name.endsWith('.xlsx')) {
    if (!isZip) throw httpError(400, IMPORT_MESSAGES.unreadable);
    return parseXlsx(buffer);
  }
  if (name.endsWith('.csv')) {
    if (isZip || buffer.includes(0)) throw httpError(400, IMPORT_MESSAGES.unreadable);
    return parseCsv(buffer);
  }
  throw httpError(400, IMPORT_MESSAGES.badFormat);
}

const UNIQUE_FIELDS = [
  { field: 'phone', label: 'Ce numéro de téléphone', taken: FAITHFUL_MESSAGES.phoneTaken },
  { field: 'email', label: 'Cette adresse email', taken: FAITHFUL_MESSAGES.emailTaken },
  { field: 'registration_number', label: 'Ce matricule', taken: FAITHFUL_MESSAGES.registrationTaken },
] as const;

/**
 * Validates every row: the fields (same rules as the form), duplicates inside the file (the later line
 * is reported, naming the first one), and values already used in the database (one query per field).
 */
export async function validateRows(
  db: Db,
  rows: RawRow[],
): Promise<{ report: ImportRow[]; valid: FaithfulFields[] }> {
  const parsed = rows.map((row) => {
    const result = faithfulFieldsSchema.safeParse(row.values);
    const errors: FieldError[] = result.success
      ? []
      : result.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
    return { row, data: result.success ? result.data : null, errors };
  });

  for (const unique of UNIQUE_FIELDS) {
    const firstLine = new Map<string, number>();
    const values: string[] = [];
    for (const item of parsed) {
      const value = item.data?.[unique.field];
      if (!value) continue;
      const seen = firstLine.get(value);
      if (seen !== undefined) {
        item.errors.push({
          field: unique.field,
          message: IMPORT_MESSAGES.duplicateInFile(unique.label, seen),
        });
      } else {
        firstLine.set(value, item.row.line);
        values.push(value);
      }
    }
    if (values.length === 0) continue;
    const taken = new Set(
      (
        await queryRows<{ value: string }>(
          db,
          sql`select ${sql.raw(unique.field)} as value from users
              where ${sql.raw(unique.field)} = any(${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[])`,
        )
      ).map((r) => r.value),
    );
    for (const item of parsed) {
      const value = item.data?.[unique.field];
      if (value && taken.has(value) && firstLine.get(value) === item.row.line) {
        item.errors.push({ field: unique.field, message: unique.taken });
      }
    }
  }

  const report: ImportRow[] = parsed.map(({ row, errors }) => ({
    line: row.line,
    firstname: row.values.firstname || null,
    lastname: row.values.lastname || null,
    phone: row.values.phone || null,
    email: row.values.email || null,
    registration_number: row.values.registration_number || null,
    gender: row.values.gender || null,
    birth_date: row.values.birth_date || null,
    address: row.values.address || null,
    errors,
  }));
  const valid = parsed.filter((item) => item.errors.length === 0).map((item) => item.data!);
  return { report, valid };
}

/**
 * Preview (dry run): the report, nothing written. Import: refused (422) when any row is invalid; else
 * every row in one transaction with one audit record for the import.
 */
export async function runImport(
  db: Db,
  actor: Actor,
  church: EntityRef,
  file: { filename: string; buffer: Buffer },
  dryRun: boolean,
): Promise<{ status: 200 | 201 | 422; report: ImportReport; message?: string }> {
  const rows = await parseImportFile(file.filename, file.buffer);
  const { report, valid } = await validateRows(db, rows);
  const invalid = report.filter((row) => row.errors.length > 0).length;
  const base = {
    church,
    total_rows: report.length,
    valid_rows: report.length - invalid,
    invalid_rows: invalid,
    rows: report,
  };
  if (dryRun) return { status: 200, report: { dry_run: true, imported: 0, ...base } };
  if (invalid > 0) {
    return {
      status: 422,
      report: { dry_run: false, imported: 0, ...base },
      message: IMPORT_MESSAGES.rejected(invalid),
    };
  }
  // a concurrent write of a phone, email or matricule of the file answers 409, naming the field
  const ids = await db
    .transaction(async (tx) => {
      const inserted = await insertFaithful(tx, actor, church.id, valid, 'faithful.import');
      await audit(tx, {
        userId: actor.userId,
        action: 'faithful.import',
        entityType: 'church',
        entityId: church.id,
        data: {
          filename: file.filename,
          rows: inserted.length,
          first_user_id: inserted[0],
          last_user_id: inserted.at(-1),
        },
        ip: actor.ip,
      });
      return inserted;
    })
    .catch(rethrowUniqueViolation);
  return { status: 201, report: { dry_run: false, imported: ids.length, ...base } };
}
