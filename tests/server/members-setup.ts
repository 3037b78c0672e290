import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryOne, queryRows } from '../../server/src/db/query';
import { createTestApp, type TestApp } from './helpers';

/**
 * The fixture (tests/server/fixtures.ts) with names for its entities, plus a few faithful of Église
 * Nord A1 (f1..f3), one of Église Sud A1 (sud) and a user without church (nochurch), for the member
 * and grant tests.
 */
export type MembersWorld = {
  t: TestApp;
  church: Record<string, number>;
  section: Record<string, number>;
  region: Record<string, number>;
  office: number;
  user: Record<string, number>;
  role: Record<string, number>;
  call: (
    who: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    // test answers are read field by field and checked by the assertions
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
  ) => Promise<{ status: number; body: any }>;
  check: (
    who: string,
    permission: string,
    entityType?: string | null,
    entityId?: number | null,
  ) => Promise<boolean>;
  auditCount: (action: string) => Promise<number>;
};

export async function membersWorld(): Promise<MembersWorld> {
  const t = await createTestApp({ template: 'fixture' });
  const named = async (table: string, prefix: string) => {
    const out: Record<string, number> = {};
    for (const row of await queryRows<{ id: number; name: string }>(
      t.db,
      sql.raw(`select id, name from ${table}`),
    ))
      out[row.name.replace(prefix, '')] = row.id;
    return out;
  };
  const church = await named('churches', 'Église ');
  const section = await named('sections', 'Section ');
  const region = await named('regions', 'Région ');
  const office = (await queryOne<{ id: number }>(t.db, sql`select id from national_offices`))!.id;
  const extra: Array<[string, number | null]> = [
    ['f1', church['Nord A1']],
    ['f2', church['Nord A1']],
    ['f3', church['Nord B1']],
    ['sud', church['Sud A1']],
    ['nochurch', null],
  ];
  for (const [index, [name, churchId]] of extra.entries()) {
    const row = await queryOne<{ id: number }>(
      t.db,
      sql`insert into users (firstname, lastname, email, phone, registration_number, church_id)
          values (${'Fidèle ' + name}, ${'Test' + name}, ${name + '@example.org'}, ${'+2250100000' + String(index).padStart(2, '0')},
                  ${'MAT-T' + index}, ${churchId}::int) returning id`,
    );
    if (churchId !== null)
      await t.db.execute(
        sql`insert into role_assignments (user_id, role_id) select ${row!.id}, id from roles where code = 'faithful'`,
      );
  }
  const user: Record<string, number> = {};
  for (const row of await queryRows<{ id: number; email: string }>(t.db, sql`select id, email from users`))
    user[row.email.split('@')[0]] = row.id;
  const role: Record<string, number> = {};
  for (const row of await queryRows<{ id: number; code: string }>(t.db, sql`select id, code from roles`))
    role[row.code] = row.id;

  const call: MembersWorld['call'] = async (who, method, url, payload) => {
    const response = await t.as(`${who}@example.org`, {
      method,
      url: `/api${url}`,
      payload: payload as never,
    });
    const body = response.body ? response.json() : null;
    if (response.statusCode >= 500)
      throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return { status: response.statusCode, body };
  };
  const check: MembersWorld['check'] = async (who, permission, entityType = null, entityId = null) => {
    const { status, body } = await call(who, 'POST', '/permissions/check', {
      permission,
      entity_type: entityType,
      entity_id: entityId,
    });
    expect(status).toBe(200);
    return body.hasPermission as boolean;
  };
  const auditCount = async (action: string) =>
    (await queryOne<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = ${action}`,
    ))!.n;
  return { t, church, section, region, office, user, role, call, check, auditCount };
}
