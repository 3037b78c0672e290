import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { queryOne } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';

/** Shared set-up of the expenses tests: a demo app with its own data folder and the ids they use. */
export type ExpenseIds = {
  church1: number;
  otherChurch: number;
  nationalOffice: number;
  supplies: number;
  computers: number;
  cash: number;
  bank: number;
  secretary: string;
  otherTreasurer: string;
  secretaryId: number;
};

export async function expenseTestApp(): Promise<{ t: TestApp; ids: ExpenseIds; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'expenses-test-'));
  const t = await createTestApp({ config: { dataDir } });
  const one = async <T>(query: ReturnType<typeof sql>): Promise<T> => {
    const row = await queryOne<T>(t.db, query);
    if (!row) throw new Error('demo row missing');
    return row;
  };
  const church1 = Number(
    (await one<{ id: number }>(sql`select church_id as id from users where email = 'tresorier@example.org'`))
      .id,
  );
  const roleUser = async (code: string, churchFilter: ReturnType<typeof sql>) =>
    one<{ id: number; email: string }>(
      sql`select u.id, u.email from users u
          join role_assignments ra on ra.user_id = u.id join roles r on r.id = ra.role_id
          where r.code = ${code} and ra."group" = 'churches' and ${churchFilter} and u.email is not null
            and u.password_hash is not null
          order by u.id limit 1`,
    );
  const secretary = await roleUser('church::secretaire-general', sql`ra.group_id = ${church1}`);
  const other = await roleUser(
    'church::tresorier-general',
    sql`ra.group_id <> ${church1} and ra.group_id not in (select church_id from managed_churches)`,
  );
  const otherChurch = Number(
    (
      await one<{ id: number }>(
        sql`select ra.group_id as id from role_assignments ra join users u on u.id = ra.user_id where u.email = ${other.email} and ra."group" = 'churches'`,
      )
    ).id,
  );
  const account = async (code: string) =>
    Number((await one<{ id: number }>(sql`select id from operation_accounts where code = ${code}`)).id);
  const ids: ExpenseIds = {
    church1,
    otherChurch,
    nationalOffice: Number((await one<{ id: number }>(sql`select min(id) as id from national_offices`)).id),
    supplies: await account('6047'),
    computers: await account('2442'),
    cash: await account('5711'),
    bank: await account('5211'),
    secretary: secretary.email,
    secretaryId: Number(secretary.id),
    otherTreasurer: other.email,
  };
  return { t, ids, dataDir };
}

export function line(name: string, quantity: number, unitPrice: number, extra: Record<string, unknown> = {}) {
  return { name, quantity, unit_price: unitPrice, ...extra };
}

export function requestBody(ids: ExpenseIds, overrides: Record<string, unknown> = {}) {
  return {
    status: 'approval_pending',
    description: 'Achat de fournitures pour le secrétariat',
    expenses: [line('Rames de papier', 10, 3_000), line('Stylos', 20, 250)],
    operation_account_id: ids.supplies,
    budget_line_id: null,
    planned_activity_id: null,
    entity_type: 'CHURCH',
    entity_id: ids.church1,
    made_at: '2026-11-20T09:30:00.000Z',
    ...overrides,
  };
}

export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json() as T;
}

/** The French message of an error answer, without the E_HTTP_EXCEPTION prefix. */
export function message(response: LightMyRequestResponse): string {
  return String(json<{ message: string }>(response).message).replace(/^E_HTTP_EXCEPTION: /, '');
}

export async function createRequest(
  t: TestApp,
  ids: ExpenseIds,
  login = 'tresorier@example.org',
  overrides: Record<string, unknown> = {},
): Promise<number> {
  const response = await t.as(login, {
    method: 'POST',
    url: '/api/expense-requests',
    payload: requestBody(ids, overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return json<{ data: { id: number } }>(response).data.id;
}

export type Detail = {
  id: number;
  status: string;
  amount: number;
  amount_validated: number;
  verified_at: string | null;
  expenses: Array<{
    id: number;
    amount: number;
    amount_validated: number;
    status: string;
    remaining: number;
    payments: unknown[];
  }>;
  attachments: Array<{ id: number; original_name: string }>;
};

export async function detail(t: TestApp, id: number, login = 'tresorier@example.org'): Promise<Detail> {
  const response = await t.as(login, { method: 'GET', url: `/api/expense-requests/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: Detail }>(response).data;
}

export async function approve(t: TestApp, id: number, login = 'pasteur@example.org'): Promise<void> {
  const response = await t.as(login, {
    method: 'PUT',
    url: `/api/expense-requests/${id}/approved`,
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
}

export function payment(ids: ExpenseIds, amount: number, overrides: Record<string, unknown> = {}) {
  return {
    amount,
    validated_at: '2026-11-20',
    validate_time: '10:30:00',
    payment_method: 'cash',
    payment_account_id: ids.cash,
    ...overrides,
  };
}

/** A multipart/form-data body: text fields then files. */
export function multipart(
  fields: Record<string, string>,
  files: Array<{ name: string; content: Buffer; type?: string }>,
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----expenses${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n% test\n'),
  Buffer.alloc(200, 0x20),
  Buffer.from('\n%%EOF\n'),
]);
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(100, 1),
]);
/** A Windows executable's first bytes ('MZ'). */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(300, 0x90)]);

/**
 * A faithful of `churchId` who can sign in (an email and a password) and holds no position, no grant
 * and no department yet, other than those of `skip` (their emails): a plain member to make.
 */
export async function plainFaithful(t: TestApp, churchId: number, skip: string[] = []): Promise<string> {
  const row = await queryOne<{ email: string }>(
    t.db,
    sql`select u.email from users u
        where u.church_id = ${churchId} and u.email is not null and u.password_hash is not null
          and not exists (select 1 from role_assignments ra join roles r on r.id = ra.role_id
                          where ra.user_id = u.id and r.code <> 'faithful')
          and not exists (select 1 from user_permissions p where p.user_id = u.id)
          and not exists (select 1 from department_members m where m.user_id = u.id)
          ${
            skip.length
              ? sql`and u.email not in (${sql.join(
                  skip.map((email) => sql`${email}`),
                  sql`, `,
                )})`
              : sql``
          }
        order by u.id limit 1`,
  );
  expect(row, 'a plain faithful with an email and a password').toBeTruthy();
  return row!.email;
}
