import { sql } from 'drizzle-orm';
import { hashPassword } from '../../auth/password';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../demo-accounts';
import type { Db } from '../client';
import {
  churches,
  departments,
  managedChurches,
  nationalOffices,
  regions,
  roleAssignments,
  roles,
  sections,
  users,
} from '../schema/core';
import {
  contributions,
  expenseLines,
  expensePayments,
  expenseRequests,
  subscriptions,
  subscriptionTypes,
  treasuryMovements,
} from '../schema/finance';
import { operationAccountIdsByCode, seedFinanceReferenceData } from './accounts';
import { seedActivities } from './activities';
import { seedBackOffice } from './back-office';
import { DAY, startOfDay } from './calendar';
import { buildFinance } from './finance';
import { insertAll } from './insert';
import { seedLarge } from './large';
import { financeKit } from './ledgers';
import { buildDepartments, buildOrganisation, DEMO_FAITHFUL } from './organisation';
import { seedGiving } from './giving';
import { seedPayroll } from './payroll';
import { seedPlanning } from './planning';
import { createRng, type Rng } from './random';
import { buildRoleAssignments, seedExpiringGrant } from './roles';
import { PEOPLE_AND_MONEY_TABLES, resetIdSequences, resetReceiptNumbers } from './sequences';
import { buildSubscriptions } from './subscriptions';

// The demo denomination, one file a part: organisation.ts (the churches, the people and their offices,
// the departments), roles.ts, ledgers.ts (the finance builder), finance.ts with contributions.ts,
// expenses.ts and levels.ts (the year of money), subscriptions.ts; then the seeds of the later
// features (planning.ts, activities.ts, back-office.ts, payroll.ts) run on what was inserted.

export { DEMO_PASSWORD };

export { DEMO_ACCOUNTS };

export {
  ACCOUNTANT_CHURCH_INDEXES,
  BILLING_CHURCH_INDEX,
  BILLING_PASTOR_EMAIL,
  DEMO_FAITHFUL,
  IMPAYE_CHURCH_INDEX,
  NATIONAL_PRESIDENT_EMAIL,
} from './organisation';

export type SeedDemoOptions = {
  /** also build the benchmark volume (100,000 faithful, 1,000,000 treasury movements) */
  large?: boolean;
  log?: (message: string) => void;
  /** the end of the year of finance data (default: now) */
  now?: Date;
  /** PRNG seed: the same seed and `now` give the same data */
  seed?: number;
};

export type SeedDemoSummary = { counts: Record<string, number>; durationMs: number };

/**
 * Seeds the demo denomination (decision 0003) on a migrated database where seedReferenceData has
 * run and no user exists yet. Deterministic for a given seed and `now`; one transaction.
 */
export async function seedDemo(db: Db, options: SeedDemoOptions = {}): Promise<SeedDemoSummary> {
  const log = options.log ?? (() => {});
  const startedAt = performance.now();
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) throw new Error('seedDemo: the database already has users; start from an empty database');

  await seedFinanceReferenceData(db);
  const roleRows = await db.select({ id: roles.id, code: roles.code }).from(roles);
  const roleIds = new Map(roleRows.map((r) => [r.code, r.id]));
  const roleId = (code: string) => {
    const id = roleIds.get(code);
    if (id === undefined) throw new Error(`seedDemo: role ${code} is missing (run seedReferenceData first)`);
    return id;
  };
  const accountIds = await operationAccountIdsByCode(db);
  const account = (code: string) => {
    const id = accountIds.get(code);
    if (id === undefined) throw new Error(`seedDemo: operation account ${code} is missing`);
    return id;
  };
  const typeRows = await db
    .select({ id: subscriptionTypes.id, code: subscriptionTypes.code })
    .from(subscriptionTypes);
  const subscriptionTypeId = new Map(typeRows.map((t) => [t.code, t.id]));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  log(`préparation (${Math.round(performance.now() - startedAt)} ms)`);

  const data = buildDemo({
    rng: createRng(options.seed ?? 20_260_101),
    now: options.now ?? new Date(),
    roleId,
    account,
    subscriptionTypeId: (code) => subscriptionTypeId.get(code)!,
    passwordHash,
  });
  const builtAt = performance.now();
  log(`données générées (${Math.round(builtAt - startedAt)} ms)`);

  await db.transaction(async (tx) => {
    await insertAll(tx, nationalOffices, data.nationalOffices);
    await insertAll(tx, regions, data.regions);
    await insertAll(tx, sections, data.sections);
    await insertAll(tx, churches, data.churches);
    await insertAll(tx, departments, data.departments);
    await insertAll(tx, users, data.users);
    await insertAll(tx, roleAssignments, data.roleAssignments);
    await insertAll(tx, managedChurches, data.managedChurches);
    await insertAll(tx, contributions, data.contributions);
    await insertAll(tx, treasuryMovements, data.movements);
    await insertAll(tx, expenseRequests, data.requests);
    await insertAll(tx, expenseLines, data.lines);
    await insertAll(tx, expensePayments, data.payments);
    await insertAll(tx, subscriptions, data.subscriptions);
    await resetIdSequences(tx, [
      'national_offices',
      'regions',
      'sections',
      'churches',
      'departments',
      ...PEOPLE_AND_MONEY_TABLES,
    ]);
    await resetReceiptNumbers(tx);
  });
  await seedPlanning(db, { now: options.now });
  await seedActivities(db, { now: options.now });
  await seedBackOffice(db, { now: options.now });
  await seedPayroll(db, { now: options.now });
  await seedGiving(db, { now: options.now });
  await seedExpiringGrant(db, options.now);
  await db.execute(sql`analyze`);
  const counts = {
    users: data.users.length,
    faithful: DEMO_FAITHFUL,
    churches: data.churches.length,
    departments: data.departments.length,
    contributions: data.contributions.length,
    treasuryMovements: data.movements.length,
    expenseRequests: data.requests.length,
    expenseLines: data.lines.length,
    expensePayments: data.payments.length,
    subscriptions: data.subscriptions.length,
  };
  log(
    `démo insérée en ${Math.round(performance.now() - builtAt)} ms: ` +
      Object.entries(counts)
        .map(([k, v]) => `${v} ${k}`)
        .join(', '),
  );
  if (options.large) await seedLarge(db, { log });
  return { counts, durationMs: Math.round(performance.now() - startedAt) };
}

type BuildInput = {
  rng: Rng;
  now: Date;
  roleId: (code: string) => number;
  account: (code: string) => number;
  subscriptionTypeId: (code: string) => number;
  passwordHash: string;
};

function buildDemo(input: BuildInput) {
  const { rng, now, roleId, account, passwordHash } = input;
  const start = startOfDay(new Date(now.getTime() - 365 * DAY));
  const org = buildOrganisation({ rng, now, passwordHash });
  const { assignments, managedChurchRows } = buildRoleAssignments(org, roleId);
  const { departmentRows, churchDepartments } = buildDepartments(org);
  const finance = buildFinance(financeKit(rng, now, start, account), org, churchDepartments);
  const subscriptionRows = buildSubscriptions(rng, now, input.subscriptionTypeId, org);
  return {
    nationalOffices: org.nationalOfficeRows,
    regions: org.regionRows,
    sections: org.sectionRows,
    churches: org.churchRows,
    departments: departmentRows,
    users: org.userRows,
    roleAssignments: assignments,
    managedChurches: managedChurchRows,
    ...finance,
    subscriptions: subscriptionRows,
  };
}
