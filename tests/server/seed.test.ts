import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/src/auth/password';
import { openDatabase, runMigrations, type Database, type Db } from '../../server/src/db/client';
import { queryOne, queryRows } from '../../server/src/db/query';
import { seedReferenceData } from '../../server/src/db/reference-data';
import { unreadCount } from '../../server/src/modules/notifications/service';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, type SeedDemoSummary } from '../../server/src/db/seed/demo';

let dir: string;
let database: Database;
let db: Db;
let summary: SeedDemoSummary;

const count = async (query: ReturnType<typeof sql>) => (await queryOne<{ n: number }>(db, query))!.n;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'seed-test-'));
  database = await openDatabase({ dataDir: dir });
  db = database.db;
  await runMigrations(database);
  await seedReferenceData(db);
  summary = await seedDemo(db);
}, 120_000);

afterAll(async () => {
  await database?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

type Holding = { email: string; code: string; group: string | null; group_id: number | null };

async function holdings(email: string): Promise<Holding[]> {
  return queryRows<Holding>(
    db,
    sql`select u.email, r.code, ra."group", ra.group_id
        from users u join role_assignments ra on ra.user_id = u.id join roles r on r.id = ra.role_id
        where u.email = ${email} order by r.code`,
  );
}

describe('the demo seed', () => {
  it('builds the organisation and 2,000 faithful in their churches', async () => {
    expect(await count(sql`select count(*)::int as n from national_offices`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from regions`)).toBe(3);
    expect(await count(sql`select count(*)::int as n from sections`)).toBe(6);
    expect(await count(sql`select count(*)::int as n from churches`)).toBe(20);
    const faithful = sql`select ra.user_id from role_assignments ra join roles r on r.id = ra.role_id
                         where r.code = 'faithful'`;
    expect(await count(sql`select count(distinct user_id)::int as n from (${faithful}) f`)).toBe(2000);
    expect(
      await count(
        sql`select count(*)::int as n from users u where u.id in (${faithful}) and u.church_id is null`,
      ),
    ).toBe(0);
    // departments on several levels
    const levels = await queryRows<{ entity_type: string }>(
      db,
      sql`select distinct entity_type from departments order by 1`,
    );
    expect(levels.map((l) => l.entity_type)).toEqual(['church', 'national_office', 'region', 'section']);
    // every church has its pastor, treasurer and secretary
    const offices = await queryRows<{ code: string; n: number }>(
      db,
      sql`select r.code, count(distinct ra.group_id)::int as n from role_assignments ra join roles r on r.id = ra.role_id
          where ra."group" = 'churches' group by r.code order by r.code`,
    );
    expect(offices).toEqual([
      { code: 'church::pasteur-titulaire', n: 20 },
      { code: 'church::secretaire-general', n: 20 },
      { code: 'church::tresorier-general', n: 20 },
    ]);
    expect(summary.counts.treasuryMovements).toBeGreaterThan(10_000);
    expect(summary.counts.treasuryMovements).toBeLessThan(20_000);
  });

  it('gives each demo account its role in the right group, with the demo password', async () => {
    const church1 = await queryOne<{ id: number; section_id: number; region_id: number }>(
      db,
      sql`select c.id, c.section_id, s.region_id from churches c join sections s on s.id = c.section_id
          where c.id = (select church_id from users where email = 'fidele@example.org')`,
    );
    expect(church1).toBeDefined();
    const { id: churchId, section_id: sectionId, region_id: regionId } = church1!;
    const firstRegion = (await queryOne<{ id: number }>(db, sql`select min(id) as id from regions`))!.id;
    expect(regionId).toBe(firstRegion);

    const expected: Record<string, Array<Omit<Holding, 'email'>>> = {
      'admin@example.org': [{ code: 'admin', group: null, group_id: null }],
      'national@example.org': [
        { code: 'faithful', group: null, group_id: null },
        { code: 'national_office::tresorier-general', group: 'national_offices', group_id: 1 },
      ],
      'region@example.org': [
        { code: 'faithful', group: null, group_id: null },
        { code: 'region::president', group: 'regions', group_id: regionId },
      ],
      'section@example.org': [
        { code: 'faithful', group: null, group_id: null },
        { code: 'section::representant', group: 'sections', group_id: sectionId },
      ],
      'pasteur@example.org': [
        { code: 'church::pasteur-titulaire', group: 'churches', group_id: churchId },
        { code: 'faithful', group: null, group_id: null },
      ],
      'tresorier@example.org': [
        { code: 'church::tresorier-general', group: 'churches', group_id: churchId },
        { code: 'faithful', group: null, group_id: null },
      ],
      'comptable@example.org': [{ code: 'external-accountant', group: null, group_id: null }],
      'fidele@example.org': [{ code: 'faithful', group: null, group_id: null }],
    };
    for (const [email, roles] of Object.entries(expected)) {
      expect(
        (await holdings(email)).map(({ code, group, group_id }) => ({ code, group, group_id })),
        email,
      ).toEqual(roles);
    }
    const impaye = await holdings('impaye@example.org');
    const impayeChurch = impaye.find((h) => h.code === 'church::pasteur-titulaire');
    expect(impayeChurch?.group).toBe('churches');
    expect(impayeChurch?.group_id).not.toBe(churchId);

    const admin = await queryOne<{ is_super_admin: boolean }>(
      db,
      sql`select is_super_admin from users where email = 'admin@example.org'`,
    );
    expect(admin?.is_super_admin).toBe(true);
    const managed = await queryRows<{ church_id: number }>(
      db,
      sql`select mc.church_id from managed_churches mc join users u on u.id = mc.user_id
          where u.email = 'comptable@example.org' order by mc.church_id`,
    );
    expect(managed).toHaveLength(3);
    expect(managed.map((m) => m.church_id)).toContain(churchId);

    const hashes = await queryRows<{ email: string; password_hash: string | null }>(
      db,
      sql`select email, password_hash from users where email like '%@example.org'`,
    );
    expect(hashes.map((h) => h.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.login).sort());
    // hashed once and reused: one scrypt check proves every demo account
    expect(new Set(hashes.map((h) => h.password_hash)).size).toBe(1);
    expect(await verifyPassword(DEMO_PASSWORD, hashes[0].password_hash!)).toBe(true);
    expect(await verifyPassword('wrong-password', hashes[0].password_hash!)).toBe(false);
  });

  it('records every contribution with exactly one matching treasury movement', async () => {
    expect(await count(sql`select count(*)::int as n from contributions`)).toBeGreaterThan(5_000);
    const unmatched = await count(sql`
      select count(*)::int as n from contributions c
      where (select count(*) from treasury_movements m
             where m.source_type = 'contribution' and m.source_id = c.id
               and m.entity_type = c.entity_type and m.entity_id = c.entity_id and m.receipt = c.amount
               and m.expense = 0 and m.payment_account_id = c.payment_account_id
               and m.operation_account_id = c.receipt_account_id and m.occurred_at = c.occurred_at) <> 1`);
    expect(unmatched).toBe(0);
    // a cancelled contribution is reversed by one movement, never updated
    const cancelled = await count(
      sql`select count(*)::int as n from contributions where status = 'cancelled'`,
    );
    expect(cancelled).toBeGreaterThan(0);
    const unreversed = await count(sql`
      select count(*)::int as n from contributions c
      join treasury_movements m on m.source_type = 'contribution' and m.source_id = c.id
      where c.status = 'cancelled' and (select count(*) from treasury_movements r
        where r.reverses_id = m.id and r.source_type = 'reversal' and r.expense = c.amount) <> 1`);
    expect(unreversed).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from treasury_movements
                      where source_type = 'reversal' and reverses_id is null`),
    ).toBe(0);
    // receipt numbers and public ids
    const badIds = await count(sql`select count(*)::int as n from contributions
      where public_id !~ '^[A-Za-z0-9_-]{22}$' or receipt_number !~ '^R-[0-9]{4}-[0-9]{6,}$'`);
    expect(badIds).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from contributions c join users u on u.id = c.user_id
                      where u.email = 'fidele@example.org' and c.status = 'valid'`),
    ).toBeGreaterThanOrEqual(10);
  });

  it('never writes a movement with both a receipt and an expense', async () => {
    expect(
      await count(sql`select count(*)::int as n from treasury_movements
        where (receipt > 0 and expense > 0) or (receipt = 0 and expense = 0) or receipt < 0 or expense < 0`),
    ).toBe(0);
    // the journal type is the payment account's
    expect(
      await count(sql`select count(*)::int as n from treasury_movements m
        join operation_accounts a on a.id = m.payment_account_id where a.journal_type is distinct from m.journal_type`),
    ).toBe(0);
  });

  it('pays expense lines with one movement per payment and keeps the lines consistent', async () => {
    expect(
      await count(sql`select count(*)::int as n from expense_payments p
        left join treasury_movements m on m.id = p.treasury_movement_id
        where m.id is null or m.source_type <> 'expense_payment' or m.source_id <> p.id or m.expense <> p.amount
          or m.payment_account_id <> p.payment_account_id`),
    ).toBe(0);
    expect(
      await count(sql`select count(*)::int as n from expense_lines l
        where l.amount_validated <> coalesce((select sum(p.amount) from expense_payments p where p.expense_line_id = l.id), 0)
          or (l.status = 'validated' and l.amount_validated <> l.amount)
          or (l.status = 'paid' and not (l.amount_validated > 0 and l.amount_validated < l.amount))
          or (l.status in ('pending', 'cancelled') and l.amount_validated <> 0)`),
    ).toBe(0);
    const statuses = await queryRows<{ status: string }>(
      db,
      sql`select distinct status from expense_requests order by 1`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['approval_pending', 'approved', 'rejected', 'validated']);
    // nothing is paid before approval
    expect(
      await count(sql`select count(*)::int as n from expense_payments p
        join expense_lines l on l.id = p.expense_line_id join expense_requests r on r.id = l.expense_request_id
        where r.status not in ('approved', 'validated') or p.validated_at < r.approved_at`),
    ).toBe(0);
  });

  it('balances each church: movements = contributions - payments - paid payslips - online fees + opening balances', async () => {
    const rows = await queryRows<{ id: number; movements: number; expected: number }>(
      db,
      sql`select c.id,
        (select coalesce(sum(receipt - expense), 0) from treasury_movements
          where entity_type = 'church' and entity_id = c.id)::bigint as movements,
        ((select coalesce(sum(amount), 0) from contributions
            where entity_type = 'church' and entity_id = c.id and status = 'valid')
         - (select coalesce(sum(p.amount), 0) from expense_payments p
            join expense_lines l on l.id = p.expense_line_id join expense_requests r on r.id = l.expense_request_id
            where r.entity_type = 'CHURCH' and r.entity_id = c.id)
         - (select coalesce(sum(p.net), 0) from payslips p join employees e on e.id = p.employee_id
            where e.entity_type = 'church' and e.entity_id = c.id and p.movement_id is not null)
         - (select coalesce(sum(expense), 0) from treasury_movements
            where entity_type = 'church' and entity_id = c.id and source_type = 'online_giving_fee')
         + (select coalesce(sum(receipt), 0) from treasury_movements
            where entity_type = 'church' and entity_id = c.id and source_type = 'opening_balance'))::bigint as expected
      from churches c order by c.id`,
    );
    expect(rows).toHaveLength(20);
    for (const row of rows) expect(Number(row.movements), `church ${row.id}`).toBe(Number(row.expected));
    // every church has an opening balance and a year of movements in each journal
    const journals = await count(sql`select count(*)::int as n from (
      select entity_id, journal_type from treasury_movements where entity_type = 'church'
      group by 1, 2 having count(*) > 5) j`);
    expect(journals).toBe(60);
  });

  it('gives the church of tresorier@ a week of online gifts: recorded with their fee, one pending, one failed', async () => {
    const rows = await queryRows<{ status: string; n: number; recorded: number; fees: number }>(
      db,
      sql`select k.status, count(*)::int as n, count(k.contribution_id)::int as recorded,
            count(k.fee_movement_id)::int as fees
          from giving_checkouts k join users u on u.church_id = k.church_id and u.email = 'tresorier@example.org'
          where k.created_at > now() - interval '8 days' group by k.status order by k.status`,
    );
    expect(rows).toEqual([
      { status: 'failed', n: 1, recorded: 0, fees: 0 },
      { status: 'paid', n: 7, recorded: 7, fees: 7 },
      { status: 'pending', n: 1, recorded: 0, fees: 0 },
    ]);
    const online = await count(sql`select count(*)::int as n from contributions c
      join users u on u.id = c.user_id and u.email = 'fidele@example.org' where c.online_reference is not null`);
    expect(online).toBe(2);
  });

  it('gives the national office and the church of tresorier@ a payroll: paid payslips have one movement each', async () => {
    const rows = await queryRows<{ entity_type: string; employees: number; payslips: number; paid: number }>(
      db,
      sql`select e.entity_type, count(distinct e.id)::int as employees, count(p.id)::int as payslips,
            count(p.movement_id)::int as paid
          from employees e left join payslips p on p.employee_id = e.id group by e.entity_type order by 1`,
    );
    expect(rows).toEqual([
      { entity_type: 'church', employees: 2, payslips: 6, paid: 4 },
      { entity_type: 'national_office', employees: 5, payslips: 12, paid: 8 },
    ]);
    const mismatched = await count(sql`select count(*)::int as n from payslips p
      left join treasury_movements m on m.id = p.movement_id
      where p.movement_id is not null and (m.source_type <> 'payslip' or m.source_id <> p.id or m.expense <> p.net)`);
    expect(mismatched).toBe(0);
  });

  it('leaves an unpaid subscription only to the church of impaye@', async () => {
    const unpaid = await queryRows<{ church_id: number | null }>(
      db,
      sql`select church_id from subscriptions where paid_at is null`,
    );
    const impayeChurch = await queryOne<{ id: number }>(
      db,
      sql`select church_id as id from users where email = 'impaye@example.org'`,
    );
    expect(unpaid.map((s) => s.church_id)).toEqual([impayeChurch!.id]);
    const pasteurChurchPaid = await count(sql`select count(*)::int as n from subscriptions s
      join users u on u.church_id = s.church_id
      where u.email = 'pasteur@example.org' and s.paid_at is not null and s.start_date <= current_date
        and s.end_date >= current_date`);
    expect(pasteurChurchPaid).toBeGreaterThan(0);
  });

  it('tells section@ of a grant expiring within the week, one their office already gives', async () => {
    const user = await queryOne<{ id: number }>(
      db,
      sql`select id from users where email = 'section@example.org'`,
    );
    await unreadCount(db, user!.id); // the bell's poll writes the notices of grants about to expire
    const notices = await queryRows<{ title: string; body: string }>(
      db,
      sql`select title, body from notifications where user_id = ${user!.id} and kind = 'permission.expiring'`,
    );
    expect(notices).toHaveLength(1);
    expect(notices[0].title).toBe('Permission bientôt expirée');
    expect(notices[0].body).toMatch(/^La permission « .+ » expire le \d{2}\/\d{2}\/\d{4}\.$/);
    // the grant's permission is one the section's office already holds: no right added
    const extra = await count(sql`select count(*)::int as n from user_permissions up
      join users u on u.id = up.user_id
      join permissions p on p.id = up.permission_id
      where u.email = 'section@example.org' and up.revoked_at is null
        and not exists (select 1 from role_assignments ra join role_permissions rp on rp.role_id = ra.role_id
                        where ra.user_id = u.id and ra."group" = 'sections' and ra.group_id = up.entity_id
                          and rp.permission_id = up.permission_id)`);
    expect(extra).toBe(0);
  });
});
