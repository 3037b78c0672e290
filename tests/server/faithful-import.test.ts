import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importRejectedSchema, importReportSchema } from '../../contract/faithful';
import { queryOne } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
let church1: number;
let otherChurch: number;
let takenPhone: string;

beforeAll(async () => {
  t = await createTestApp();
  church1 = (await queryOne<{ id: number }>(
    t.db,
    sql`select ra.group_id as id from users u join role_assignments ra on ra.user_id = u.id
        and ra."group" = 'churches' where u.email = 'pasteur@example.org' limit 1`,
  ))!.id;
  otherChurch = (await queryOne<{ id: number }>(t.db, sql`select max(id) as id from churches`))!.id;
  takenPhone = (await queryOne<{ phone: string }>(
    t.db,
    sql`select phone from users where phone is not null order by id limit 1`,
  ))!.phone;
});
afterAll(() => t.close());

/** A multipart/form-data body with one file and text fields. */
function multipart(
  file: { name: string; content: Buffer | string } | null,
  fields: Record<string, string> = {},
) {
  const boundary = '----faithful' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(who: string, url: string, body: ReturnType<typeof multipart>) {
  return t.as(`${who}@example.org`, { method: 'POST', url, payload: body.payload, headers: body.headers });
}

async function churchCount(churchId: number): Promise<number> {
  return (await queryOne<{ n: number }>(
    t.db,
    sql`select count(*)::int as n from users where church_id = ${churchId}`,
  ))!.n;
}

/** 40 good rows, with unique phones/emails/matricules that the demo does not use. */
function goodRows(prefix: string, count = 40): string[][] {
  return Array.from({ length: count }, (_, i) => [
    `Prénom${i}`,
    `${prefix}Nom${i}`,
    `+22501${prefix.length}${String(i).padStart(7, '0')}`.slice(0, 14),
    `${prefix.toLowerCase()}.${i}@import.test`,
    `${prefix}-${i}`,
    i % 2 ? 'F' : 'M',
    '1990-01-0' + ((i % 9) + 1),
    'Quartier Test',
  ]);
}

const HEADER = ['Prénom', 'Nom', 'Téléphone', 'Email', 'Matricule', 'Sexe', 'Date de naissance', 'Adresse'];

function csv(rows: string[][], delimiter = ','): string {
  return [HEADER, ...rows]
    .map((row) => row.map((cell) => (cell.includes(delimiter) ? `"${cell}"` : cell)).join(delimiter))
    .join('\r\n');
}

describe('POST /api/users/faithful/imports (CSV)', () => {
  it('previews every row with its errors line by line and writes nothing', async () => {
    const rows = goodRows('CSVA');
    rows[4] = ['', 'SansPrénom', '', '', '', '', '', '']; // line 6
    rows[9] = ['Ali', 'Traoré', '12', 'pas-un-email', '', '', '', '']; // line 11
    rows[14][2] = rows[3][2]; // line 16: phone repeated from line 5
    rows[20][2] = takenPhone; // line 22: phone already in the database
    rows[25][6] = '31/02/1990'; // line 27: no such date
    const before = await churchCount(church1);
    const response = await upload(
      'pasteur',
      `/api/users/faithful/imports?church_id=${church1}&dry_run=true`,
      multipart({ name: 'fideles.csv', content: '\uFEFF' + csv(rows, ';') }),
    );
    expect(response.statusCode).toBe(200);
    const report = importReportSchema.parse(response.json());
    expect(report).toMatchObject({
      dry_run: true,
      total_rows: 40,
      valid_rows: 35,
      invalid_rows: 5,
      imported: 0,
    });
    const bad = report.rows.filter((row) => row.errors.length > 0).map((row) => [row.line, row.errors]);
    expect(bad).toEqual([
      [6, [{ field: 'firstname', message: 'Le prénom est requis.' }]],
      [
        11,
        [
          { field: 'phone', message: 'Numéro de téléphone invalide.' },
          { field: 'email', message: 'Format email invalide' },
        ],
      ],
      [16, [{ field: 'phone', message: 'Ce numéro de téléphone apparaît déjà à la ligne 5 du fichier.' }]],
      [22, [{ field: 'phone', message: 'Ce numéro de téléphone est déjà utilisé.' }]],
      [27, [{ field: 'birth_date', message: 'Date de naissance invalide (AAAA-MM-JJ).' }]],
    ]);
    expect(report.rows[0]).toMatchObject({ line: 2, firstname: 'Prénom0', lastname: 'CSVANom0' });
    expect(await churchCount(church1)).toBe(before);

    // the real import of the same file is refused as a whole (422 with the report), nothing written
    const refused = await upload(
      'pasteur',
      '/api/users/faithful/imports',
      multipart(
        { name: 'fideles.csv', content: csv(rows, ';') },
        { church_id: String(church1), mode: 'import' },
      ),
    );
    expect(refused.statusCode).toBe(422);
    const rejected = importRejectedSchema.parse(refused.json());
    expect(rejected.message).toBe(
      "E_HTTP_EXCEPTION: L'import contient 5 lignes invalides : aucun fidèle n'a été importé.",
    );
    expect(rejected.report.invalid_rows).toBe(5);
    expect(await churchCount(church1)).toBe(before);
  });

  it('imports a clean file in one transaction, with roles, matricules and one audit record', async () => {
    const rows = goodRows('CSVB');
    rows[0][4] = ''; // no matricule: one is given
    const before = await churchCount(church1);
    const response = await upload(
      'pasteur',
      `/api/users/faithful/imports?church_id=${church1}&dry_run=false`,
      multipart({ name: 'fideles.CSV', content: csv(rows) }),
    );
    expect(response.statusCode).toBe(201);
    expect(importReportSchema.parse(response.json())).toMatchObject({
      imported: 40,
      invalid_rows: 0,
      dry_run: false,
    });
    expect(await churchCount(church1)).toBe(before + 40);
    const check = await queryOne<{ roles: number; no_mat: number; audit: number }>(
      t.db,
      sql`select
        (select count(*)::int from role_assignments ra join roles r on r.id = ra.role_id join users u on u.id = ra.user_id
          where r.code = 'faithful' and u.lastname like 'CSVBNom%') as roles,
        (select count(*)::int from users where lastname like 'CSVBNom%' and registration_number is null) as no_mat,
        (select count(*)::int from audit_log where action = 'faithful.import' and entity_id = ${church1}) as audit`,
    );
    expect(check).toEqual({ roles: 40, no_mat: 0, audit: 1 });

    // the same file again: every row now clashes with the database, nothing written
    const again = await upload(
      'pasteur',
      `/api/users/faithful/imports?church_id=${church1}`,
      multipart({ name: 'fideles.csv', content: csv(rows) }, { mode: 'import' }),
    );
    expect(again.statusCode).toBe(422);
    expect(importRejectedSchema.parse(again.json()).report.invalid_rows).toBe(40);
    expect(await churchCount(church1)).toBe(before + 40);
  });

  it('refuses bad files with French messages and checks rights on the church', async () => {
    const url = `/api/users/faithful/imports?church_id=${church1}&dry_run=true`;
    const cases: [ReturnType<typeof multipart>, number, string][] = [
      [multipart({ name: 'fideles.pdf', content: 'x' }), 400, 'Format de fichier non pris en charge'],
      [multipart(null, { mode: 'preview' }), 400, 'Aucun fichier reçu'],
      [
        multipart({ name: 'f.csv', content: 'Nom,Téléphone\nKoné,0102030405' }),
        400,
        'Colonnes obligatoires manquantes : Prénom.',
      ],
      [multipart({ name: 'f.csv', content: HEADER.join(',') + '\n' }), 400, 'aucune ligne de fidèle'],
      [multipart({ name: 'f.xlsx', content: 'not a zip' }), 400, 'illisible'],
      [
        multipart({ name: 'f.csv', content: HEADER.join(',') + '\n' + 'A,B\n'.repeat(5001) }),
        400,
        'plus de 5000 lignes',
      ],
      [multipart({ name: 'f.csv', content: Buffer.alloc(5 * 1024 * 1024 + 10, 0x41) }), 413, '5 Mo'],
    ];
    for (const [body, status, message] of cases) {
      const response = await upload('pasteur', url, body);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toContain(message);
    }
    const good = () => multipart({ name: 'f.csv', content: csv(goodRows('CSVC', 2)) });
    expect(
      (await upload('pasteur', `/api/users/faithful/imports?church_id=${otherChurch}`, good())).statusCode,
    ).toBe(403);
    expect(
      (await upload('tresorier', `/api/users/faithful/imports?church_id=${church1}`, good())).statusCode,
    ).toBe(403);
    expect((await upload('pasteur', '/api/users/faithful/imports', good())).statusCode).toBe(400);
    const json = await t.as('pasteur@example.org', {
      method: 'POST',
      url: `/api/users/faithful/imports?church_id=${church1}`,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });
});

describe('POST /api/users/faithful/imports (XLSX)', () => {
  async function workbook(rows: (string | number | Date | null)[][]): Promise<Buffer> {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Fidèles');
    sheet.addRow(HEADER);
    for (const row of rows) sheet.addRow(row);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('reads a spreadsheet (numbers, dates, links), reports bad rows, then imports it all or nothing', async () => {
    const rows: (string | number | Date | null)[][] = goodRows('XLS', 10).map((row, i) =>
      i === 0
        ? [row[0], row[1], 2250512345678, row[3], row[4], row[5], new Date(Date.UTC(1985, 6, 14)), row[7]]
        : row,
    );
    rows[3] = [null, null, null, 'x@y', null, null, null, null]; // line 5
    const before = await churchCount(church1);
    const preview = await upload(
      'pasteur',
      `/api/users/faithful/imports?church_id=${church1}&dry_run=true`,
      multipart({ name: 'fideles.xlsx', content: await workbook(rows) }),
    );
    expect(preview.statusCode).toBe(200);
    const report = importReportSchema.parse(preview.json());
    expect(report.total_rows).toBe(10);
    expect(report.rows[0]).toMatchObject({ line: 2, phone: '2250512345678', birth_date: '1985-07-14' });
    expect(
      report.rows.filter((r) => r.errors.length).map((r) => [r.line, r.errors.map((e) => e.message)]),
    ).toEqual([[5, ['Le prénom est requis.', 'Le nom est requis.', 'Format email invalide']]]);
    const refused = await upload(
      'pasteur',
      `/api/users/faithful/imports?church_id=${church1}&dry_run=false`,
      multipart({ name: 'fideles.xlsx', content: await workbook(rows) }),
    );
    expect(refused.statusCode).toBe(422);
    expect(await churchCount(church1)).toBe(before);

    rows.splice(3, 1);
    const imported = await upload(
      'pasteur',
      `/api/users/faithful/imports?church_id=${church1}&dry_run=false`,
      multipart({ name: 'fideles.xlsx', content: await workbook(rows) }),
    );
    expect(imported.statusCode).toBe(201);
    expect(importReportSchema.parse(imported.json()).imported).toBe(9);
    expect(await churchCount(church1)).toBe(before + 9);
    const first = await queryOne<{ phone: string; birth_date: string }>(
      t.db,
      sql`select phone, birth_date from users where lastname = 'XLSNom0'`,
    );
    expect(first).toEqual({ phone: '2250512345678', birth_date: '1985-07-14' });
  });
});
