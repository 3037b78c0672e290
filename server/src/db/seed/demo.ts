import { sql } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
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
  type Group,
} from '../schema/core';
import {
  contributions,
  expenseLines,
  expensePayments,
  expenseRequests,
  subscriptions,
  subscriptionTypes,
  treasuryMovements,
  type ContributionType,
  type DonationType,
  type ExpenseEntityType,
  type ExpenseLineStatus,
  type ExpenseRequestStatus,
  type FinanceEntityType,
  type JournalType,
  type RecipientEntityType,
} from '../schema/finance';
import { operationAccountIdsByCode, seedFinanceReferenceData } from './accounts';
import { seedLarge } from './large';
import { seedActivities } from './activities';
import { seedPlanning } from './planning';
import { seedBackOffice } from './back-office';
import { seedPayroll } from './payroll';
import {
  CHURCH_DEPARTMENTS,
  COUNTRIES,
  FEMALE_FIRST_NAMES,
  LAST_NAMES_BY_COUNTRY,
  MALE_FIRST_NAMES,
  NATIONAL_OFFICE_NAME,
  ORGANISATION,
  STREETS,
  SUPPLIERS,
  type ChurchSeed,
} from './names';
import { resetIdSequences } from './sequences';
import { asciiSlug, createRng, scrambledNumber, type Rng } from './random';

export { DEMO_PASSWORD };

export { DEMO_ACCOUNTS };

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

// Indexes (0-based) into the flattened ORGANISATION churches.
const FIRST_CHURCH = 0;
/** the church of impaye@: unpaid subscription (Temple de la Réconciliation de Bouaké, region 2) */
export const IMPAYE_CHURCH_INDEX = 9;
/** the churches comptable@ manages: the first church, Marcory (other section), Bouaké (other region) */
export const ACCOUNTANT_CHURCH_INDEXES = [0, 4, 8];
/**
 * The church reserved for the e2e flow that bills a church (issue 12): its pastor signs in as
 * facturation@ and meets the billing gate once the admin bills it; no other spec uses it, so that a
 * new unpaid subscription there locks nothing they need (Église Évangélique de Porto-Novo).
 */
export const BILLING_CHURCH_INDEX = 19;
export const BILLING_PASTOR_EMAIL = 'facturation@example.org';
/** the national office's president: creates the subscriptions of its regions, sections and churches */
export const NATIONAL_PRESIDENT_EMAIL = 'president@example.org';
/** churches on the monthly subscription instead of the annual one */
const MONTHLY_SUBSCRIPTION_CHURCHES = [6, 16];
/** members per church, 2,000 in all */
const CHURCH_SIZES = [200, 160, 120, 90, 150, 100, 95, 70, 120, 90, 70, 110, 80, 75, 105, 70, 65, 90, 75, 65];
export const DEMO_FAITHFUL = 2000;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

const UTILITIES: Record<ChurchSeed['country'], { power: string; water: string }> = {
  CI: { power: 'CIE', water: 'SODECI' },
  SN: { power: 'Senelec', water: 'SEN’EAU' },
  TG: { power: 'CEET', water: 'TdE' },
  BJ: { power: 'SBEE', water: 'SONEB' },
};
/** mobile money accounts by country: the first is the one expenses are paid from */
const E_ACCOUNTS: Record<ChurchSeed['country'], string[]> = {
  CI: ['5551', '5552', '5554', '5553'],
  SN: ['5554', '5551'],
  TG: ['5553', '5559'],
  BJ: ['5552', '5553'],
};

// ---------------------------------------------------------------- in-memory model

type Person = { id: number; firstname: string; lastname: string; phone: string | null; address: string };

type Member = Person & {
  tither: boolean;
  titheAmount: number;
  titheSlot: number;
  habit: JournalType;
  eAccount: string;
  office: boolean;
};

type Ledger = {
  entityType: FinanceEntityType;
  entityId: number;
  name: string;
  /** payment account used for expenses, per journal */
  accounts: Record<JournalType, number>;
  treasurerId: number;
  approverId: number;
  verifierId: number;
  openings: Array<{ accountId: number; journal: JournalType; amount: number }>;
  receipts: Contribution[];
  requests: PlannedRequest[];
};

type Contribution = {
  entityType: FinanceEntityType;
  entityId: number;
  userId: number | null;
  isAnonymous: boolean;
  type: ContributionType;
  amount: number;
  occurredAt: Date;
  receiptAccountId: number;
  paymentAccountId: number;
  journal: JournalType;
  notes: string | null;
  createdBy: number;
  designation: string;
  cancelledAt?: Date;
  cancelledBy?: number;
  cancelReason?: string;
  id?: number;
  receiptNumber?: string;
  publicId?: string;
  movement?: Movement;
};

type Movement = {
  entityType: FinanceEntityType;
  entityId: number;
  paymentAccountId: number;
  journalType: JournalType;
  operationAccountId: number | null;
  occurredAt: Date;
  designation: string;
  receipt: number;
  expense: number;
  observations: string | null;
  sourceType: 'contribution' | 'expense_payment' | 'reversal' | 'opening_balance';
  contribution?: Contribution;
  payment?: Payment;
  reverses?: Movement;
  createdBy: number;
  id?: number;
};

type PlannedRequest = {
  title: string;
  description: string;
  entityType: ExpenseEntityType;
  entityId: number;
  operationAccountId: number;
  madeAt: Date;
  createdBy: number;
  intent: ExpenseRequestStatus;
  approvedBy?: number;
  approvedAt?: Date;
  rejectedBy?: number;
  rejectedAt?: Date;
  lines: PlannedLine[];
  ledger: Ledger;
  id?: number;
  status?: ExpenseRequestStatus;
  validatedAt?: Date;
  verifiedAt?: Date;
};

type LineSpec = {
  name: string;
  quantity: number;
  unitPrice: number;
  donationType?: DonationType;
  isAnonymous?: boolean;
  notes?: string;
  recipient?: Partial<Record<RecipientField, string>>;
  recipientEntity?: { type: RecipientEntityType; id: number };
  /** paying this line records the same amount as a receipt of another ledger (quotes-parts) */
  forward?: { ledger: Ledger; designation: string; notes: string };
};

type RecipientField =
  | 'recipientFirstName'
  | 'recipientLastName'
  | 'recipientPhone'
  | 'recipientAddress'
  | 'recipientCompanyName'
  | 'recipientRegistrationNumber'
  | 'recipientTaxId'
  | 'recipientCompanyAddress'
  | 'recipientCompanyPhone'
  | 'recipientCompanyEmail';

type PlannedLine = LineSpec & {
  amount: number;
  request: PlannedRequest;
  cancelledAt?: Date;
  payments: Payment[];
  id?: number;
  paid: number;
  status?: ExpenseLineStatus;
};

type Payment = {
  line: PlannedLine;
  at: Date;
  amount: number;
  preferred: JournalType;
  observations: string | null;
  userId: number;
  /** set when the ledger could pay it */
  accountId?: number;
  journal?: JournalType;
  movement?: Movement;
  id?: number;
};

// ---------------------------------------------------------------- helpers

const pad = (value: number, length: number) => String(value).padStart(length, '0');
const frDate = (d: Date) => `${pad(d.getUTCDate(), 2)}/${pad(d.getUTCMonth() + 1, 2)}/${d.getUTCFullYear()}`;
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const monthLabel = (d: Date) => `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
const startOfDay = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
const atTime = (day: Date, hours: number, minutes = 0) =>
  new Date(day.getTime() + hours * HOUR + minutes * 60_000);
const addMonths = (d: Date, months: number) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate()));
const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;

function phoneFor(k: number, country: ChurchSeed['country'], rng: Rng): string {
  const c = COUNTRIES[country];
  return `${c.dial}${rng.pick(c.mobilePrefixes)}${scrambledNumber(k, c.localDigits)}`;
}

function publicIdFrom(rng: Rng): string {
  const bytes = Buffer.alloc(16);
  for (let i = 0; i < 16; i++) bytes[i] = rng.int(0, 255);
  return bytes.toString('base64url');
}

function chunked<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Inserts rows through one JSON parameter per chunk (jsonb_to_recordset): far faster than thousands of
 * bound parameters, on PGlite as on PostgreSQL. Missing keys insert null.
 */
async function insertAll<T extends PgTable>(db: Db, table: T, rows: Array<T['$inferInsert']>): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row as object)))];
  const names = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`insertAll: ${key} is not a column of ${getTableConfig(table).name}`);
    return column.name;
  });
  const target = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const sqlType = (column: PgColumn) =>
    ({ serial: 'integer', bigserial: 'bigint' })[column.getSQLType()] ?? column.getSQLType();
  const definition = sql.raw(keys.map((key, i) => `"${names[i]}" ${sqlType(columns[key])}`).join(', '));
  for (const chunk of chunked(rows, 5_000)) {
    const json = chunk.map((row) => {
      const out: Record<string, unknown> = {};
      keys.forEach((key, i) => {
        const value = (row as Record<string, unknown>)[key];
        out[names[i]] = value instanceof Date ? value.toISOString() : (value ?? null);
      });
      return out;
    });
    await db.execute(
      sql`insert into ${table} (${target}) select ${target} from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as x(${definition})`,
    );
  }
}

// ---------------------------------------------------------------- the generator

type Output = {
  contributions: Contribution[];
  movements: Movement[];
  requests: PlannedRequest[];
  payments: Payment[];
};

/** Builds the year of finance data of every ledger and decides, in date order, what could be paid. */
class FinanceBuilder {
  readonly out: Output = { contributions: [], movements: [], requests: [], payments: [] };

  constructor(
    private readonly rng: Rng,
    private readonly now: Date,
    readonly start: Date,
    private readonly account: (code: string) => number,
  ) {}

  journalOf(code: string): JournalType {
    if (code.startsWith('57')) return 'CASH';
    if (code.startsWith('52')) return 'BANK';
    return 'ELECTRONIK';
  }

  receipt(
    ledger: Ledger,
    c: Omit<
      Contribution,
      'entityType' | 'entityId' | 'createdBy' | 'receiptAccountId' | 'paymentAccountId' | 'journal'
    > & { account: string; paymentAccount: string },
  ): Contribution | null {
    if (c.occurredAt.getTime() > this.now.getTime() || c.occurredAt.getTime() < this.start.getTime())
      return null;
    const { account, paymentAccount, ...rest } = c;
    const contribution: Contribution = {
      ...rest,
      entityType: ledger.entityType,
      entityId: ledger.entityId,
      createdBy: ledger.treasurerId,
      receiptAccountId: this.account(account),
      paymentAccountId: this.account(paymentAccount),
      journal: this.journalOf(paymentAccount),
    };
    ledger.receipts.push(contribution);
    return contribution;
  }

  /** An expense request whose fate depends on its age: recent ones wait, old ones are mostly paid. */
  request(
    ledger: Ledger,
    r: {
      title: string;
      description: string;
      account: string;
      madeAt: Date;
      lines: LineSpec[];
      preferred: JournalType;
      /** recurring bills are always approved and paid when old enough */
      routine?: boolean;
    },
  ): void {
    const { rng, now } = this;
    if (r.madeAt.getTime() > now.getTime() || r.madeAt.getTime() < this.start.getTime()) return;
    const entityType: ExpenseEntityType =
      ledger.entityType === 'department'
        ? 'ACTIVITY_GROUP'
        : (ledger.entityType.toUpperCase() as ExpenseEntityType);
    const request: PlannedRequest = {
      title: r.title,
      description: r.description,
      entityType,
      entityId: ledger.entityId,
      operationAccountId: this.account(r.account),
      madeAt: r.madeAt,
      createdBy: ledger.treasurerId,
      intent: 'approval_pending',
      lines: [],
      ledger,
    };
    for (const spec of r.lines) {
      request.lines.push({ ...spec, amount: spec.quantity * spec.unitPrice, request, payments: [], paid: 0 });
    }
    const age = (now.getTime() - r.madeAt.getTime()) / DAY;
    const roll = rng.next();
    if (age < 7) request.intent = roll < 0.55 ? 'approval_pending' : roll < 0.65 ? 'rejected' : 'approved';
    else if (r.routine) request.intent = roll < 0.85 ? 'validated' : 'approved';
    else
      request.intent =
        roll < 0.03 ? 'approval_pending' : roll < 0.08 ? 'rejected' : roll < 0.25 ? 'approved' : 'validated';

    if (request.intent === 'rejected') {
      request.rejectedAt = this.capped(this.workAfter(r.madeAt, 0, 2));
      request.rejectedBy = ledger.approverId;
    }
    if (request.intent === 'approved' || request.intent === 'validated') {
      const approvedAt = this.workAfter(r.madeAt, 0, 3);
      if (approvedAt.getTime() > now.getTime()) {
        request.intent = 'approval_pending';
      } else {
        request.approvedAt = approvedAt;
        request.approvedBy = ledger.approverId;
        request.lines.forEach((line, index) => this.planPayments(line, index, r.preferred, approvedAt));
      }
    }
    ledger.requests.push(request);
  }

  /** a moment during office hours, between minDays and maxDays after t (and always after it) */
  workAfter(t: Date, minDays: number, maxDays: number): Date {
    const day = startOfDay(new Date(t.getTime() + this.rng.int(minDays, maxDays) * DAY));
    const at = atTime(day, this.rng.int(8, 17), this.rng.int(0, 59));
    return at.getTime() > t.getTime() ? at : new Date(at.getTime() + DAY);
  }

  capped(d: Date): Date {
    return d.getTime() > this.now.getTime() ? new Date(this.now.getTime() - 60_000) : d;
  }

  private planPayments(line: PlannedLine, index: number, preferred: JournalType, approvedAt: Date): void {
    const { rng, now } = this;
    const request = line.request;
    const payAt = this.workAfter(approvedAt, 0, 4);
    let plan: 'full' | 'two' | 'partial' | 'none' | 'cancel';
    if (request.intent === 'validated') plan = rng.chance(0.2) && line.amount >= 20_000 ? 'two' : 'full';
    else {
      const roll = rng.next();
      plan = roll < 0.4 ? 'full' : roll < 0.7 ? 'partial' : roll < 0.9 || index === 0 ? 'none' : 'cancel';
      if (plan === 'partial' && line.amount < 2_000) plan = 'full';
    }
    if (plan === 'cancel') {
      line.cancelledAt = this.capped(new Date(approvedAt.getTime() + rng.int(1, 72) * HOUR));
      return;
    }
    if (plan === 'none' || payAt.getTime() > now.getTime()) return;
    const add = (at: Date, amount: number, observations: string | null) =>
      line.payments.push({ line, at, amount, preferred, observations, userId: request.ledger.treasurerId });
    if (plan === 'full') add(payAt, line.amount, null);
    else {
      const first = Math.max(500, Math.floor((line.amount * rng.int(30, 70)) / 100 / 500) * 500);
      const installment = Math.min(first, line.amount - 500);
      add(payAt, installment, 'Acompte');
      const secondAt = this.workAfter(payAt, 3, 20);
      if (plan === 'two' && secondAt.getTime() <= now.getTime())
        add(secondAt, line.amount - installment, 'Solde');
    }
  }

  /** Walks the ledger in date order: receipts fill the journals, payments are made from a journal that
   * can afford them (so no journal goes below zero), and the lines and requests get their final state. */
  settle(ledger: Ledger): void {
    const { rng, now, out } = this;
    const balances: Record<JournalType, number> = { CASH: 0, BANK: 0, ELECTRONIK: 0 };
    type Event = { at: number; order: number; run: () => void };
    const events: Event[] = [];
    const move = (m: Omit<Movement, 'entityType' | 'entityId'>) => {
      const movement: Movement = { ...m, entityType: ledger.entityType, entityId: ledger.entityId };
      balances[m.journalType] += m.receipt - m.expense;
      out.movements.push(movement);
      return movement;
    };
    for (const o of ledger.openings) {
      events.push({
        at: this.start.getTime(),
        order: 0,
        run: () =>
          move({
            paymentAccountId: o.accountId,
            journalType: o.journal,
            operationAccountId: null,
            occurredAt: this.start,
            designation: `Solde d'ouverture au ${frDate(this.start)}`,
            receipt: o.amount,
            expense: 0,
            observations: 'Report à nouveau',
            sourceType: 'opening_balance',
            createdBy: ledger.treasurerId,
          }),
      });
    }
    for (const c of ledger.receipts) {
      out.contributions.push(c);
      events.push({
        at: c.occurredAt.getTime(),
        order: 1,
        run: () => {
          c.movement = move({
            paymentAccountId: c.paymentAccountId,
            journalType: c.journal,
            operationAccountId: c.receiptAccountId,
            occurredAt: c.occurredAt,
            designation: c.designation,
            receipt: c.amount,
            expense: 0,
            observations: c.notes,
            sourceType: 'contribution',
            contribution: c,
            createdBy: c.createdBy,
          });
        },
      });
      const cancelledAt = c.cancelledAt;
      if (cancelledAt) {
        events.push({
          at: cancelledAt.getTime(),
          order: 2,
          run: () =>
            move({
              paymentAccountId: c.paymentAccountId,
              journalType: c.journal,
              operationAccountId: c.receiptAccountId,
              occurredAt: cancelledAt,
              designation: 'Annulation de reçu',
              receipt: 0,
              expense: c.amount,
              observations: c.cancelReason ?? null,
              sourceType: 'reversal',
              contribution: c,
              reverses: c.movement,
              createdBy: c.cancelledBy ?? c.createdBy,
            }),
        });
      }
    }
    for (const request of ledger.requests) {
      out.requests.push(request);
      for (const line of request.lines) {
        line.payments.forEach((payment, index) => {
          events.push({
            at: payment.at.getTime(),
            order: 3,
            run: () => {
              // an instalment is paid only when the previous one was
              if (index > 0 && line.payments[index - 1].accountId === undefined) return;
              const order = [payment.preferred, ...(['CASH', 'BANK', 'ELECTRONIK'] as const)];
              const journal = order.find((j) => balances[j] >= payment.amount);
              if (!journal) return;
              payment.journal = journal;
              payment.accountId = ledger.accounts[journal];
              line.paid += payment.amount;
              out.payments.push(payment);
              payment.movement = move({
                paymentAccountId: payment.accountId,
                journalType: journal,
                operationAccountId: request.operationAccountId,
                occurredAt: payment.at,
                designation: line.name,
                receipt: 0,
                expense: payment.amount,
                observations: payment.observations,
                sourceType: 'expense_payment',
                payment,
                createdBy: payment.userId,
              });
              if (line.forward) {
                const f = line.forward;
                this.receipt(f.ledger, {
                  userId: null,
                  isAnonymous: false,
                  type: 'other',
                  amount: payment.amount,
                  occurredAt: payment.at,
                  account: '7586',
                  paymentAccount: journal === 'CASH' ? '5711' : '5211',
                  notes: f.notes,
                  designation: f.designation,
                });
              }
            },
          });
        });
      }
    }
    events.sort((a, b) => a.at - b.at || a.order - b.order);
    for (const event of events) event.run();

    for (const request of ledger.requests) {
      let lastPayment = 0;
      for (const line of request.lines) {
        for (const p of line.payments)
          if (p.accountId !== undefined) lastPayment = Math.max(lastPayment, p.at.getTime());
        if (line.cancelledAt && line.paid === 0) line.status = 'cancelled';
        else {
          line.cancelledAt = undefined;
          line.status = line.paid === 0 ? 'pending' : line.paid === line.amount ? 'validated' : 'paid';
        }
      }
      const open = request.lines.filter((l) => l.status !== 'cancelled');
      request.status = request.intent;
      if (request.intent === 'validated' && open.some((l) => l.status !== 'validated'))
        request.status = 'approved';
      if (request.status === 'validated') {
        request.validatedAt = new Date(lastPayment);
        if (now.getTime() - lastPayment > 14 * DAY && rng.chance(0.6)) {
          request.verifiedAt = this.capped(new Date(lastPayment + rng.int(2, 10) * DAY));
        }
      }
    }
  }
}

// ---------------------------------------------------------------- seedDemo

/**
 * Seeds the demo denomination (issue 3, 'Demo data') on a migrated database where seedReferenceData has
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
      'users',
      'contributions',
      'treasury_movements',
      'expense_requests',
      'expense_lines',
      'expense_payments',
    ]);
    await tx.execute(
      sql`select setval('contribution_receipt_number_seq', ${data.contributions.length + 1}, false)`,
    );
  });
  await seedPlanning(db, { now: options.now });
  await seedActivities(db, { now: options.now });
  await seedBackOffice(db, { now: options.now });
  await seedPayroll(db, { now: options.now });
  // A grant about to expire in 5 days, on the section section@ represents: their bell tells it
  // ('Permission bientôt expirée', issue 16). Their office already gives it there: no right changes.
  const expiresAt = new Date((options.now ?? new Date()).getTime() + 5 * DAY).toISOString();
  await db.execute(sql`insert into user_permissions (user_id, permission_id, entity_type, entity_id, expires_at, granted_by)
    select u.id, p.id, 'section', ra.group_id, ${expiresAt}::timestamptz, admin.id
    from users u
    join role_assignments ra on ra.user_id = u.id and ra."group" = 'sections'
    join permissions p on p.code = 'contribution:view'
    join users admin on admin.email = 'admin@example.org'
    where u.email = 'section@example.org'`);
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

// ---------------------------------------------------------------- the demo denomination, in memory

type BuildInput = {
  rng: Rng;
  now: Date;
  roleId: (code: string) => number;
  account: (code: string) => number;
  subscriptionTypeId: (code: string) => number;
  passwordHash: string;
};

type ChurchInfo = {
  id: number;
  index: number;
  seed: ChurchSeed;
  sectionId: number;
  regionId: number;
  size: number;
  members: Member[];
  pastor: Member;
  treasurer: Member;
  secretary: Member;
  rents: boolean;
  ledger?: Ledger;
};

function buildDemo(input: BuildInput) {
  const { rng, now, roleId, account, passwordHash } = input;
  const start = startOfDay(new Date(now.getTime() - 365 * DAY));

  // ---- organisation
  const nationalOfficeRows = [{ id: 1, name: NATIONAL_OFFICE_NAME }];
  const regionRows: Array<typeof regions.$inferInsert> = [];
  const sectionRows: Array<typeof sections.$inferInsert> = [];
  const churchRows: Array<typeof churches.$inferInsert> = [];
  const churchSeeds: Array<{ seed: ChurchSeed; sectionId: number; regionId: number }> = [];
  for (const region of ORGANISATION) {
    const regionId = regionRows.length + 1;
    regionRows.push({ id: regionId, name: region.name, nationalOfficeId: 1 });
    for (const section of region.sections) {
      const sectionId = sectionRows.length + 1;
      sectionRows.push({ id: sectionId, name: section.name, regionId });
      for (const seed of section.churches) {
        const id = churchRows.length + 1;
        const c = COUNTRIES[seed.country];
        const landline = { CI: '27', SN: '33', TG: '22', BJ: '0121' }[seed.country];
        churchRows.push({
          id,
          name: seed.name,
          sectionId,
          city: seed.city,
          address: `${seed.district}, ${rng.pick(STREETS)}`,
          phone: `${c.dial}${landline}${scrambledNumber(500_000 + id, c.localDigits)}`,
        });
        churchSeeds.push({ seed, sectionId, regionId });
      }
    }
  }
  if (churchRows.length !== CHURCH_SIZES.length) throw new Error('CHURCH_SIZES does not match ORGANISATION');

  // ---- users
  const userRows: Array<typeof users.$inferInsert> = [];
  const persons = new Map<number, Member>();
  const addUser = (u: {
    firstname: string;
    lastname: string;
    gender: 'M' | 'F';
    church: number | null;
    country: ChurchSeed['country'];
    email?: string;
    password?: boolean;
    superAdmin?: boolean;
  }): Member => {
    const id = userRows.length + 1;
    const churchSeed = u.church === null ? null : churchSeeds[u.church - 1].seed;
    const demo = u.email !== undefined;
    const phone = demo || rng.chance(0.93) ? phoneFor(id, u.country, rng) : null;
    const email =
      u.email ??
      (rng.chance(0.35) ? `${asciiSlug(u.firstname)}.${asciiSlug(u.lastname)}.${id}@example.com` : null);
    const address = churchSeed
      ? `${churchSeed.district}, ${rng.pick(STREETS)}, ${churchSeed.city}`
      : `Plateau, ${rng.pick(STREETS)}, Abidjan`;
    const age = rng.int(16, 78);
    userRows.push({
      id,
      firstname: u.firstname,
      lastname: u.lastname,
      email,
      phone,
      registrationNumber: `MAT-${pad(id, 6)}`,
      passwordHash: u.password || email !== null ? passwordHash : null,
      isSuperAdmin: u.superAdmin ?? false,
      churchId: u.church,
      gender: u.gender,
      birthDate: `${now.getUTCFullYear() - age}-${pad(rng.int(1, 12), 2)}-${pad(rng.int(1, 28), 2)}`,
      address,
    });
    const habitRoll = rng.next();
    const eAccounts = E_ACCOUNTS[u.country];
    const member: Member = {
      id,
      firstname: u.firstname,
      lastname: u.lastname,
      phone,
      address,
      tither: rng.chance(0.35),
      titheAmount: rng.chance(0.9) ? rng.amount(2_000, 20_000, 500) : rng.amount(20_000, 75_000, 1_000),
      titheSlot: rng.int(0, 3),
      habit: habitRoll < 0.55 ? 'CASH' : habitRoll < 0.88 ? 'ELECTRONIK' : 'BANK',
      eAccount: rng.chance(0.7) ? eAccounts[0] : rng.pick(eAccounts),
      office: false,
    };
    persons.set(id, member);
    return member;
  };
  const randomPerson = (country: ChurchSeed['country']) => {
    const gender: 'M' | 'F' = rng.chance(0.56) ? 'F' : 'M';
    const firstname = rng.pick(gender === 'F' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const lastname = rng.chance(0.85)
      ? rng.pick(LAST_NAMES_BY_COUNTRY[country])
      : rng.pick(LAST_NAMES_BY_COUNTRY.ANY);
    return { firstname, lastname, gender };
  };

  const churchNo = (index: number) => index + 1;
  const demo = {
    admin: addUser({
      firstname: 'Serge',
      lastname: 'Kouassi',
      gender: 'M',
      church: null,
      country: 'CI',
      email: 'admin@example.org',
      superAdmin: true,
    }),
    national: addUser({
      firstname: 'Jean-Baptiste',
      lastname: 'Yao',
      gender: 'M',
      church: churchNo(4),
      country: 'CI',
      email: 'national@example.org',
    }),
    region: addUser({
      firstname: 'Emmanuel',
      lastname: 'Konan',
      gender: 'M',
      church: churchNo(1),
      country: 'CI',
      email: 'region@example.org',
    }),
    section: addUser({
      firstname: 'Paul',
      lastname: "N'Guessan",
      gender: 'M',
      church: churchNo(2),
      country: 'CI',
      email: 'section@example.org',
    }),
    pasteur: addUser({
      firstname: 'Daniel',
      lastname: 'Kouadio',
      gender: 'M',
      church: churchNo(FIRST_CHURCH),
      country: 'CI',
      email: 'pasteur@example.org',
    }),
    tresorier: addUser({
      firstname: 'Marie-Claire',
      lastname: 'Aka',
      gender: 'F',
      church: churchNo(FIRST_CHURCH),
      country: 'CI',
      email: 'tresorier@example.org',
    }),
    impaye: addUser({
      firstname: 'Samuel',
      lastname: 'Ouattara',
      gender: 'M',
      church: churchNo(IMPAYE_CHURCH_INDEX),
      country: 'CI',
      email: 'impaye@example.org',
    }),
    comptable: addUser({
      firstname: 'Fatou',
      lastname: 'Ndiaye',
      gender: 'F',
      church: null,
      country: 'CI',
      email: 'comptable@example.org',
    }),
    fidele: addUser({
      firstname: 'Aminata',
      lastname: 'Koné',
      gender: 'F',
      church: churchNo(FIRST_CHURCH),
      country: 'CI',
      email: 'fidele@example.org',
    }),
  };
  demo.fidele.tither = true;
  demo.fidele.titheAmount = 15_000;
  demo.fidele.habit = 'ELECTRONIK';
  demo.fidele.eAccount = '5551';
  const demoByChurch = new Map<number, Member[]>();
  for (const [key, m] of Object.entries(demo)) {
    const church = userRows[m.id - 1].churchId;
    m.office = key !== 'fidele';
    if (church) demoByChurch.set(church, [...(demoByChurch.get(church) ?? []), m]);
  }

  const churchInfos: ChurchInfo[] = churchRows.map((row, index) => {
    const { seed, sectionId, regionId } = churchSeeds[index];
    const id = row.id!;
    const members = [...(demoByChurch.get(id) ?? [])];
    while (members.length < CHURCH_SIZES[index]) {
      members.push(addUser({ ...randomPerson(seed.country), church: id, country: seed.country }));
    }
    const generic = members.filter(
      (m) => userRows[m.id - 1].email === null || !userRows[m.id - 1].email!.endsWith('@example.org'),
    );
    const take = () => {
      const m = generic.find((g) => !g.office)!;
      m.office = true;
      return m;
    };
    const pastor =
      index === FIRST_CHURCH ? demo.pasteur : index === IMPAYE_CHURCH_INDEX ? demo.impaye : take();
    const treasurer = index === FIRST_CHURCH ? demo.tresorier : take();
    const secretary = take();
    return {
      id,
      index,
      seed,
      sectionId,
      regionId,
      size: members.length,
      members,
      pastor,
      treasurer,
      secretary,
      rents: rng.chance(0.5),
    };
  });
  const faithfulCount = churchInfos.reduce((n, c) => n + c.members.length, 0);
  if (faithfulCount !== DEMO_FAITHFUL)
    throw new Error(`seedDemo: ${faithfulCount} faithful instead of ${DEMO_FAITHFUL}`);

  const pickOfficer = (candidates: ChurchInfo[]) => {
    const pool = candidates.flatMap((c) => c.members.filter((m) => !m.office && m !== demo.fidele));
    const m = rng.pick(pool);
    m.office = true;
    return m;
  };
  const regionOfficers = regionRows.map((r, i) => {
    const inRegion = churchInfos.filter((c) => c.regionId === r.id);
    return {
      president: i === 0 ? demo.region : pickOfficer(inRegion),
      treasurer: pickOfficer(inRegion),
      secretary: pickOfficer(inRegion),
    };
  });
  const sectionOfficers = sectionRows.map((s, i) => {
    const inSection = churchInfos.filter((c) => c.sectionId === s.id);
    return {
      representant: i === 0 ? demo.section : pickOfficer(inSection),
      treasurer: pickOfficer(inSection),
      secretary: pickOfficer(inSection),
    };
  });
  const nationalOfficers = {
    president: pickOfficer(churchInfos.filter((c) => c.regionId === 1)),
    treasurer: demo.national,
    secretary: pickOfficer(churchInfos.filter((c) => c.regionId === 1)),
  };
  // every office holder can sign in with the demo password
  for (const m of persons.values()) if (m.office) userRows[m.id - 1].passwordHash = passwordHash;
  // the pastor of the church reserved for the billing flow signs in as facturation@ (no draw: the
  // rest of the data stays as it was)
  userRows[churchInfos[BILLING_CHURCH_INDEX].pastor.id - 1].email = BILLING_PASTOR_EMAIL;
  // the national president (who bills the office's regions, sections and churches: subscription:create)
  // signs in as president@, with no draw either
  userRows[nationalOfficers.president.id - 1].email = NATIONAL_PRESIDENT_EMAIL;

  // ---- roles
  const assignments: Array<typeof roleAssignments.$inferInsert> = [];
  const assign = (userId: number, code: string, group: Group | null = null, groupId: number | null = null) =>
    assignments.push({ userId, roleId: roleId(code), group, groupId, assignedBy: demo.admin.id });
  assign(demo.admin.id, 'admin');
  assign(demo.comptable.id, 'external-accountant');
  for (const c of churchInfos) for (const m of c.members) assign(m.id, 'faithful');
  for (const c of churchInfos) {
    assign(c.pastor.id, 'church::pasteur-titulaire', 'churches', c.id);
    assign(c.treasurer.id, 'church::tresorier-general', 'churches', c.id);
    assign(c.secretary.id, 'church::secretaire-general', 'churches', c.id);
  }
  sectionOfficers.forEach((o, i) => {
    assign(o.representant.id, 'section::representant', 'sections', i + 1);
    assign(o.treasurer.id, 'section::tresorier-sectoriel', 'sections', i + 1);
    assign(o.secretary.id, 'section::secretaire-sectoriel', 'sections', i + 1);
  });
  regionOfficers.forEach((o, i) => {
    assign(o.president.id, 'region::president', 'regions', i + 1);
    assign(o.treasurer.id, 'region::tresorier', 'regions', i + 1);
    assign(o.secretary.id, 'region::secretaire', 'regions', i + 1);
  });
  assign(nationalOfficers.president.id, 'national_office::president', 'national_offices', 1);
  assign(nationalOfficers.treasurer.id, 'national_office::tresorier-general', 'national_offices', 1);
  assign(nationalOfficers.secretary.id, 'national_office::secretaire-general', 'national_offices', 1);
  const managedChurchRows = ACCOUNTANT_CHURCH_INDEXES.map((i) => ({
    userId: demo.comptable.id,
    churchId: churchInfos[i].id,
  }));

  // ---- departments
  const departmentRows: Array<typeof departments.$inferInsert> = [];
  const addDepartment = (
    name: string,
    description: string,
    entityType: 'national_office' | 'region' | 'section' | 'church',
    entityId: number,
  ) => {
    const id = departmentRows.length + 1;
    departmentRows.push({ id, name, description, entityType, entityId });
    return id;
  };
  const churchDepartments: Array<{ id: number; name: string; church: ChurchInfo }> = [];
  for (const c of churchInfos) {
    for (const d of CHURCH_DEPARTMENTS) {
      const id = addDepartment(d.name, d.description, 'church', c.id);
      if (d.name === 'Jeunesse' || d.name === 'Femmes' || d.name === 'Chorale')
        churchDepartments.push({ id, name: d.name, church: c });
    }
  }
  addDepartment('Jeunesse nationale', 'Coordination nationale de la jeunesse', 'national_office', 1);
  addDepartment('Femmes pour Christ', 'Coordination nationale des femmes', 'national_office', 1);
  addDepartment(
    'Missions et évangélisation',
    'Départements missionnaires du bureau national',
    'national_office',
    1,
  );
  for (const r of regionRows) {
    addDepartment('Jeunesse régionale', `Jeunesse de la ${r.name}`, 'region', r.id!);
    addDepartment('Chorale régionale', `Chorale de la ${r.name}`, 'region', r.id!);
  }
  for (const s of sectionRows)
    addDepartment('Évangélisation', `Évangélisation de la ${s.name}`, 'section', s.id!);

  // ---- finance
  const fb = new FinanceBuilder(rng, now, start, account);
  const sundays: Date[] = [];
  for (let d = new Date(start); d.getTime() <= now.getTime(); d = new Date(d.getTime() + DAY)) {
    if (d.getUTCDay() === 0) sundays.push(d);
  }
  const monthStarts: Date[] = [];
  for (
    let m = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    m.getTime() <= now.getTime();
    m = addMonths(m, 1)
  ) {
    monthStarts.push(m);
  }
  const dayIn = (monthStart: Date, from: number, to: number) =>
    new Date(monthStart.getTime() + (rng.int(from, to) - 1) * DAY);
  const workHours = (day: Date) => atTime(day, rng.int(8, 17), rng.int(0, 59));
  const ledgerFor = (
    entityType: FinanceEntityType,
    entityId: number,
    name: string,
    country: ChurchSeed['country'],
    people: { treasurer: number; approver: number; verifier: number },
  ): Ledger => ({
    entityType,
    entityId,
    name,
    accounts: { CASH: account('5711'), BANK: account('5211'), ELECTRONIK: account(E_ACCOUNTS[country][0]) },
    treasurerId: people.treasurer,
    approverId: people.approver,
    verifierId: people.verifier,
    openings: [],
    receipts: [],
    requests: [],
  });
  const opening = (l: Ledger, code: string, amount: number) =>
    l.openings.push({ accountId: account(code), journal: fb.journalOf(code), amount });
  const memberLine = (m: Member, name: string, amount: number, notes: string): LineSpec => ({
    name,
    quantity: 1,
    unitPrice: amount,
    donationType: 'individual',
    isAnonymous: rng.chance(0.3),
    notes,
    recipient: {
      recipientFirstName: m.firstname,
      recipientLastName: m.lastname,
      ...(m.phone ? { recipientPhone: m.phone } : {}),
      recipientAddress: m.address,
    },
  });
  const supplierLine = (
    name: string,
    quantity: number,
    unitPrice: number,
    country: ChurchSeed['country'],
  ): LineSpec => {
    const s = rng.pick(SUPPLIERS);
    return {
      name,
      quantity,
      unitPrice,
      donationType: 'legal_entity',
      notes: `Facture n° ${rng.int(1000, 9999)}`,
      recipient: {
        recipientCompanyName: s.name,
        recipientTaxId: s.taxId,
        recipientRegistrationNumber: `RCCM-${country}-${rng.int(2010, 2024)}-B-${rng.int(1000, 99999)}`,
        recipientCompanyAddress: `${rng.pick(STREETS)}, Abidjan`,
        recipientCompanyPhone: `${COUNTRIES[country].dial}${scrambledNumber(rng.int(1, 99_999), COUNTRIES[country].localDigits + 2)}`,
        recipientCompanyEmail: `contact@${asciiSlug(s.name).slice(0, 20)}.example.com`,
      },
    };
  };
  const line = (name: string, quantity: number, unitPrice: number): LineSpec => ({
    name,
    quantity,
    unitPrice,
  });

  // departments of the churches: dues and a few activities
  for (const d of churchDepartments) {
    const c = d.church;
    const l = ledgerFor('department', d.id, `${d.name} — ${c.seed.name}`, c.seed.country, {
      treasurer: c.treasurer.id,
      approver: c.pastor.id,
      verifier: c.pastor.id,
    });
    opening(l, '5711', rng.amount(20_000, 80_000, 500));
    monthStarts.forEach((m, i) => {
      const isChorale1 = c.index === FIRST_CHURCH && d.name === 'Chorale' && i % 2 === 0;
      const payer = isChorale1 ? demo.fidele : rng.pick(c.members);
      fb.receipt(l, {
        userId: payer.id,
        isAnonymous: false,
        type: 'other',
        amount: rng.amount(5_000, 25_000, 500),
        occurredAt: atTime(dayIn(m, 1, 25), rng.int(9, 18), rng.int(0, 59)),
        account: '7585',
        paymentAccount: '5711',
        notes: `Cotisation de ${monthLabel(m)}`,
        designation: `Cotisation ${d.name} — ${fullName(payer)}`,
      });
    });
    const activities: Record<string, Array<[string, string, LineSpec[]]>> = {
      Jeunesse: [
        [
          'Sortie détente de la jeunesse',
          '6238',
          [line('Location du car', 1, 75_000), line('Repas des jeunes', 40, 1_500)],
        ],
        ['Camp de jeunes', '6586', [line('Hébergement', 30, 2_500), line('Supports de formation', 30, 500)]],
      ],
      Femmes: [
        [
          'Journée de la femme chrétienne',
          '6238',
          [line('Décoration et location de chaises', 1, 35_000), line('Rafraîchissements', 80, 500)],
        ],
        ['Visite aux malades', '6585', [line('Kits de visite', 10, 3_500)]],
      ],
      Chorale: [
        [
          'Achat de tenues de la chorale',
          '6047',
          [line('Tissu pagne pour tenues', 20, 4_000), line('Couture', 20, 2_500)],
        ],
        ['Réparation du clavier', '6241', [line('Réparation du clavier Yamaha', 1, 45_000)]],
      ],
    };
    for (const [title, code, lines] of activities[d.name]) {
      const madeAt = workHours(new Date(start.getTime() + rng.int(20, 360) * DAY));
      fb.request(l, {
        title,
        description: `${title} — ${d.name}, ${c.seed.name}`,
        account: code,
        madeAt,
        lines,
        preferred: 'CASH',
      });
    }
    fb.settle(l);
  }

  const sectionLedgers = sectionRows.map((s, i) => {
    const l = ledgerFor(
      'section',
      s.id!,
      s.name,
      churchInfos.find((c) => c.sectionId === s.id)!.seed.country,
      {
        treasurer: sectionOfficers[i].treasurer.id,
        approver: sectionOfficers[i].representant.id,
        verifier: sectionOfficers[i].representant.id,
      },
    );
    opening(l, '5711', rng.amount(50_000, 200_000, 5_000));
    opening(l, '5211', rng.amount(500_000, 2_000_000, 10_000));
    return l;
  });
  const regionLedgers = regionRows.map((r, i) => {
    const l = ledgerFor('region', r.id!, r.name, churchInfos.find((c) => c.regionId === r.id)!.seed.country, {
      treasurer: regionOfficers[i].treasurer.id,
      approver: regionOfficers[i].president.id,
      verifier: regionOfficers[i].president.id,
    });
    opening(l, '5711', rng.amount(100_000, 300_000, 5_000));
    opening(l, '5211', rng.amount(2_000_000, 6_000_000, 50_000));
    opening(l, '5551', rng.amount(50_000, 200_000, 5_000));
    return l;
  });
  const nationalLedger = ledgerFor('national_office', 1, NATIONAL_OFFICE_NAME, 'CI', {
    treasurer: nationalOfficers.treasurer.id,
    approver: nationalOfficers.president.id,
    verifier: nationalOfficers.president.id,
  });
  nationalLedger.accounts.ELECTRONIK = account('5559');
  opening(nationalLedger, '5711', 450_000);
  opening(nationalLedger, '5712', 180_000);
  opening(nationalLedger, '5211', 18_500_000);
  opening(nationalLedger, '5212', 3_200_000);
  opening(nationalLedger, '5559', 250_000);

  // churches
  for (const c of churchInfos) {
    const f = c.size / 100;
    const country = c.seed.country;
    const eAccounts = E_ACCOUNTS[country];
    const accountantChurch = ACCOUNTANT_CHURCH_INDEXES.includes(c.index);
    const l = ledgerFor('church', c.id, c.seed.name, country, {
      treasurer: c.treasurer.id,
      approver: c.pastor.id,
      verifier: accountantChurch ? demo.comptable.id : c.pastor.id,
    });
    c.ledger = l;
    opening(l, '5711', rng.amount(150_000, 600_000, 5_000));
    opening(l, '5211', Math.round((rng.amount(1_000_000, 4_000_000, 50_000) * f) / 1000) * 1000);
    opening(l, eAccounts[0], rng.amount(50_000, 300_000, 5_000));

    const pledgers = rng.sample(c.members, Math.max(2, Math.round(c.size / 10)));
    sundays.forEach((sunday, week) => {
      fb.receipt(l, {
        userId: null,
        isAnonymous: true,
        type: 'offering',
        amount: Math.max(5_000, Math.floor((c.size * rng.int(600, 1_400)) / 25) * 25),
        occurredAt: atTime(sunday, 12, rng.int(0, 90)),
        account: '7582',
        paymentAccount: '5711',
        notes: null,
        designation: `Offrandes du culte du ${frDate(sunday)}`,
      });
      for (const m of c.members) {
        if (!m.tither || week % 4 !== m.titheSlot) continue;
        const amount = Math.max(500, Math.round((m.titheAmount * rng.int(90, 115)) / 100 / 500) * 500);
        const occurredAt =
          m.habit === 'CASH'
            ? atTime(sunday, 11, rng.int(0, 120))
            : atTime(new Date(sunday.getTime() - rng.int(0, 6) * DAY), rng.int(7, 21), rng.int(0, 59));
        fb.receipt(l, {
          userId: m.id,
          isAnonymous: false,
          type: 'tithe',
          amount,
          occurredAt,
          account: '7581',
          paymentAccount: m.habit === 'CASH' ? '5711' : m.habit === 'BANK' ? '5211' : m.eAccount,
          notes: rng.chance(0.2) ? `Dîme de ${monthLabel(sunday)}` : null,
          designation: `Dîme — ${fullName(m)}`,
        });
      }
      if (rng.chance(0.3) || (c.index === FIRST_CHURCH && week % 13 === 5)) {
        const m = c.index === FIRST_CHURCH && week % 13 === 5 ? demo.fidele : rng.pick(c.members);
        const anonymous = m !== demo.fidele && rng.chance(0.2);
        const electronic = rng.chance(0.4);
        fb.receipt(l, {
          userId: anonymous ? null : m.id,
          isAnonymous: anonymous,
          type: 'special_gift',
          amount: rng.amount(10_000, 150_000, 1_000),
          occurredAt: atTime(sunday, 11, rng.int(0, 150)),
          account: '7583',
          paymentAccount: electronic ? rng.pick(eAccounts) : '5711',
          notes: rng.pick([
            'Pour la construction du temple',
            'En action de grâce pour la naissance de mon enfant',
            "Soutien à l'évangélisation",
            null,
          ]),
          designation: `Don spécial — ${anonymous ? 'Anonyme' : fullName(m)}`,
        });
      }
      if (rng.chance(0.15)) {
        const m = rng.pick(c.members);
        fb.receipt(l, {
          userId: m.id,
          isAnonymous: false,
          type: 'special_gift',
          amount: rng.amount(5_000, 50_000, 500),
          occurredAt: atTime(sunday, 11, rng.int(0, 150)),
          account: '7587',
          paymentAccount: '5711',
          notes: rng.pick(['Guérison', 'Réussite aux examens', 'Nouvel emploi', 'Mariage', null]),
          designation: `Action de grâce — ${fullName(m)}`,
        });
      }
      if (rng.chance(0.2) || (c.index === FIRST_CHURCH && week === 20)) {
        const m = c.index === FIRST_CHURCH && week === 20 ? demo.fidele : rng.pick(pledgers);
        fb.receipt(l, {
          userId: m.id,
          isAnonymous: false,
          type: 'pledge',
          amount: rng.amount(10_000, 100_000, 5_000),
          occurredAt: atTime(sunday, 11, rng.int(0, 150)),
          account: '7584',
          paymentAccount: rng.chance(0.5) ? '5211' : '5711',
          notes: 'Engagement pour la construction du temple',
          designation: `Promesse / engagement — ${fullName(m)}`,
        });
      }
      if (week % 13 === 0) {
        fb.receipt(l, {
          userId: null,
          isAnonymous: true,
          type: 'other',
          amount: Math.floor((c.size * rng.int(1_500, 4_000)) / 25) * 25,
          occurredAt: atTime(sunday, 13, rng.int(0, 30)),
          account: '7588',
          paymentAccount: '5711',
          notes: 'Collecte trimestrielle',
          designation: `Collecte pour la construction du ${frDate(sunday)}`,
        });
      }
    });
    // a couple of receipts cancelled (recorded twice by mistake): a reversal movement each
    for (const c2 of rng.sample(
      l.receipts.filter(
        (r) =>
          r.type === 'tithe' &&
          r.userId !== demo.fidele.id &&
          now.getTime() - r.occurredAt.getTime() > 4 * DAY,
      ),
      2,
    )) {
      c2.cancelledAt = fb.capped(new Date(c2.occurredAt.getTime() + rng.int(2, 72) * HOUR));
      c2.cancelledBy = c.treasurer.id;
      c2.cancelReason = 'Saisie en double';
    }

    // expenses
    const u = UTILITIES[country];
    const rent = Math.round((rng.amount(100_000, 250_000, 5_000) * f) / 5_000) * 5_000;
    const indemnity = Math.round((rng.amount(150_000, 300_000, 5_000) * Math.min(f, 1.5)) / 5_000) * 5_000;
    monthStarts.forEach((m, i) => {
      const previous = addMonths(m, -1);
      const label = monthLabel(previous);
      if (c.rents) {
        fb.request(l, {
          title: `Loyer de ${label}`,
          description: `Loyer du temple pour le mois de ${label}`,
          account: '6222',
          madeAt: workHours(dayIn(m, 1, 5)),
          lines: [line(`Loyer du temple — ${label}`, 1, rent)],
          preferred: 'BANK',
          routine: true,
        });
      }
      fb.request(l, {
        title: `Facture ${u.power} de ${label}`,
        description: `Électricité du temple, ${label}`,
        account: '6052',
        madeAt: workHours(dayIn(m, 8, 15)),
        lines: [
          line(`Facture ${u.power} — ${label}`, 1, Math.round((rng.amount(25_000, 90_000, 5) * f) / 5) * 5),
        ],
        preferred: 'ELECTRONIK',
        routine: true,
      });
      if (i % 2 === 0) {
        fb.request(l, {
          title: `Facture ${u.water} de ${label}`,
          description: `Eau du temple, bimestre se terminant en ${label}`,
          account: '6051',
          madeAt: workHours(dayIn(m, 8, 15)),
          lines: [line(`Facture ${u.water} — ${label}`, 1, rng.amount(10_000, 35_000, 5))],
          preferred: 'ELECTRONIK',
          routine: true,
        });
      }
      fb.request(l, {
        title: `Indemnités pastorales de ${label}`,
        description: `Indemnités du pasteur titulaire et de l'équipe pastorale, ${label}`,
        account: '6611',
        madeAt: workHours(dayIn(m, 1, 3)),
        lines: [
          line(`Indemnité du pasteur titulaire — ${label}`, 1, indemnity),
          ...(c.size >= 120
            ? [line(`Indemnité du pasteur adjoint — ${label}`, 1, Math.round(indemnity / 2 / 5_000) * 5_000)]
            : []),
        ],
        preferred: 'BANK',
        routine: true,
      });
      // quotes-parts: 10 % of last month's offerings and tithes, 40 % to the section and 60 % to the region
      const from = previous.getTime();
      const to = m.getTime();
      const base = l.receipts
        .filter(
          (r) =>
            (r.type === 'offering' || r.type === 'tithe') &&
            r.occurredAt.getTime() >= from &&
            r.occurredAt.getTime() < to,
        )
        .reduce((sum, r) => sum + r.amount, 0);
      if (base > 0) {
        const toSection = Math.round((base * 0.04) / 100) * 100;
        const toRegion = Math.round((base * 0.06) / 100) * 100;
        const section = sectionLedgers[c.sectionId - 1];
        const region = regionLedgers[c.regionId - 1];
        fb.request(l, {
          title: `Quotes-parts de ${label}`,
          description: `Reversement des quotes-parts de ${label} à la section et à la région`,
          account: '6587',
          madeAt: workHours(dayIn(m, 4, 6)),
          lines: [
            {
              ...line(`Quote-part ${section.name} — ${label}`, 1, toSection),
              donationType: 'system_entity',
              notes: `4 % des offrandes et dîmes de ${label}`,
              recipientEntity: { type: 'section', id: section.entityId },
              forward: {
                ledger: section,
                designation: `Quote-part reçue — ${c.seed.name}`,
                notes: `Quote-part de ${label}`,
              },
            },
            {
              ...line(`Quote-part ${region.name} — ${label}`, 1, toRegion),
              donationType: 'system_entity',
              notes: `6 % des offrandes et dîmes de ${label}`,
              recipientEntity: { type: 'region', id: region.entityId },
              forward: {
                ledger: region,
                designation: `Quote-part reçue — ${c.seed.name}`,
                notes: `Quote-part de ${label}`,
              },
            },
          ],
          preferred: 'BANK',
          routine: true,
        });
      }
      // the building project, funded by the construction collections and the pledges
      if (i % 3 === 2) {
        fb.request(l, {
          title: `Travaux de construction du temple — ${label}`,
          description: 'Poursuite des travaux du nouveau temple (gros œuvre)',
          account: '2313',
          madeAt: workHours(dayIn(m, 5, 20)),
          lines: [
            line('Ciment (sacs de 50 kg)', Math.round(rng.int(80, 250) * f), 5_500),
            line('Fer à béton', Math.round(rng.int(40, 120) * f), 4_500),
            line(
              'Main-d’œuvre maçonnerie',
              1,
              Math.round((rng.amount(300_000, 800_000, 10_000) * f) / 10_000) * 10_000,
            ),
          ],
          preferred: 'BANK',
        });
      }
      // two ordinary requests a month
      for (let k = 0; k < 2; k++) {
        const madeAt = workHours(dayIn(m, 1, 27));
        const kind = rng.int(0, 9);
        if (kind <= 1) {
          fb.request(l, {
            title: 'Fournitures de bureau',
            description: 'Fournitures pour le secrétariat et la trésorerie',
            account: '6047',
            madeAt,
            lines: [
              line('Rames de papier A4', rng.int(2, 10), 3_500),
              ...(rng.chance(0.5) ? [line("Cartouches d'encre", rng.int(1, 3), 25_000)] : []),
              ...(rng.chance(0.4) ? [line('Registres et cahiers de caisse', rng.int(2, 6), 2_500)] : []),
            ],
            preferred: 'CASH',
          });
        } else if (kind === 2) {
          fb.request(l, {
            title: 'Déplacement pastoral',
            description: `Déplacement du pasteur pour ${rng.pick(['la convention de section', 'une visite aux familles', 'un séminaire de formation', 'des obsèques'])}`,
            account: '6181',
            madeAt,
            lines: [
              line('Transport aller-retour', 1, rng.amount(10_000, 60_000, 500)),
              ...(rng.chance(0.5) ? [line('Hébergement', rng.int(1, 3), 15_000)] : []),
            ],
            preferred: 'CASH',
          });
        } else if (kind === 3) {
          fb.request(l, {
            title: rng.pick([
              'Réparation de la toiture',
              'Entretien du temple',
              'Réparation des ventilateurs',
              'Travaux de peinture',
            ]),
            description: 'Travaux d’entretien du temple',
            account: '6241',
            madeAt,
            lines: [
              line('Main-d’œuvre', 1, rng.amount(15_000, 80_000, 1_000)),
              line('Matériaux', 1, rng.amount(10_000, 120_000, 1_000)),
            ],
            preferred: 'CASH',
          });
        } else if (kind === 4) {
          const beneficiary = rng.pick(c.members);
          const reason = rng.pick(['deuil', 'hospitalisation', 'naissance', 'frais de scolarité']);
          fb.request(l, {
            title: `Aide sociale — ${reason}`,
            description: `Soutien de l'église à un membre (${reason})`,
            account: '6585',
            madeAt,
            lines: [
              memberLine(
                beneficiary,
                `Soutien à la famille ${beneficiary.lastname}`,
                rng.amount(20_000, 100_000, 5_000),
                `Aide pour ${reason}`,
              ),
            ],
            preferred: 'CASH',
          });
        } else if (kind === 5) {
          fb.request(l, {
            title: `Campagne d'évangélisation à ${c.seed.district}`,
            description: 'Croisade et évangélisation de masse dans le quartier',
            account: '6586',
            madeAt,
            lines: [
              line('Location de bâches et de chaises', 1, rng.amount(30_000, 80_000, 5_000)),
              line('Tracts et nouveaux testaments', rng.int(100, 300), 250),
              line('Transport des équipes', 1, rng.amount(10_000, 40_000, 1_000)),
            ],
            preferred: 'CASH',
          });
        } else if (kind === 6) {
          fb.request(l, {
            title: 'Forfait internet et téléphone',
            description: 'Abonnement internet et crédit téléphonique du secrétariat',
            account: '6281',
            madeAt,
            lines: [
              line('Forfait internet mensuel', 1, rng.amount(10_000, 30_000, 500)),
              line('Crédit téléphonique', 1, 5_000),
            ],
            preferred: 'ELECTRONIK',
          });
        } else if (kind === 7) {
          fb.request(l, {
            title: 'Accueil des invités',
            description: 'Réception des pasteurs invités au culte spécial',
            account: '6238',
            madeAt,
            lines: [line('Repas des invités', rng.int(5, 20), 3_000), line('Boissons', rng.int(10, 40), 500)],
            preferred: 'CASH',
          });
        } else if (kind === 8 && rng.chance(0.5)) {
          const asset = rng.pick([
            ['2441', 'Achat de chaises', 'Chaises plastiques renforcées', rng.int(20, 60), 12_500],
            [
              '2443',
              'Achat de matériel de sonorisation',
              'Table de mixage 12 voies',
              1,
              rng.amount(250_000, 600_000, 5_000),
            ],
            [
              '2442',
              'Ordinateur du secrétariat',
              'Ordinateur portable',
              1,
              rng.amount(300_000, 450_000, 5_000),
            ],
          ] as const);
          fb.request(l, {
            title: asset[1],
            description: `${asset[1]} pour ${c.seed.name}`,
            account: asset[0],
            madeAt,
            lines: [supplierLine(asset[2], asset[3], asset[4], country)],
            preferred: 'BANK',
          });
        } else {
          fb.request(l, {
            title: 'Produits d’entretien',
            description: 'Produits de nettoyage du temple',
            account: '6047',
            madeAt,
            lines: [line("Produits d'entretien", 1, rng.amount(5_000, 25_000, 500))],
            preferred: 'CASH',
          });
        }
      }
    });
    fb.settle(l);
  }

  // sections and regions: quotes-parts received from the churches, gifts, their own expenses
  const levelLife = (l: Ledger, people: Member[], kind: 'section' | 'region') => {
    for (let k = 0; k < (kind === 'region' ? 15 : 10); k++) {
      const m = rng.pick(people);
      const day = new Date(start.getTime() + rng.int(1, 364) * DAY);
      fb.receipt(l, {
        userId: m.id,
        isAnonymous: false,
        type: 'special_gift',
        amount: rng.amount(10_000, 200_000, 5_000),
        occurredAt: workHours(day),
        account: '7583',
        paymentAccount: rng.chance(0.5) ? '5211' : '5711',
        notes: kind === 'region' ? 'Pour la convention régionale' : 'Pour le rassemblement de section',
        designation: `Don spécial — ${fullName(m)}`,
      });
    }
    monthStarts.forEach((m, i) => {
      const label = monthLabel(addMonths(m, -1));
      fb.request(l, {
        title: `Frais de déplacement — ${label}`,
        description:
          kind === 'region'
            ? 'Visites du président de région aux sections'
            : 'Visites du représentant aux églises',
        account: '6181',
        madeAt: workHours(dayIn(m, 10, 20)),
        lines: [
          line('Carburant', rng.int(20, 60), 875),
          line('Péages et divers', 1, rng.amount(2_000, 10_000, 500)),
        ],
        preferred: 'CASH',
        routine: true,
      });
      if (kind === 'region') {
        fb.request(l, {
          title: `Indemnités du secrétariat régional — ${label}`,
          description: 'Indemnités mensuelles du secrétariat régional',
          account: '6611',
          madeAt: workHours(dayIn(m, 1, 3)),
          lines: [line('Indemnité de la secrétaire régionale', 1, 120_000)],
          preferred: 'BANK',
          routine: true,
        });
        // 30 % of the quotes-parts received last month go up to the national office
        const from = addMonths(m, -1).getTime();
        const received = l.receipts
          .filter(
            (r) =>
              r.receiptAccountId === account('7586') &&
              r.occurredAt.getTime() >= from &&
              r.occurredAt.getTime() < m.getTime(),
          )
          .reduce((sum, r) => sum + r.amount, 0);
        const share = Math.round((received * 0.3) / 100) * 100;
        if (share > 0) {
          fb.request(l, {
            title: `Quote-part nationale de ${label}`,
            description: `Reversement au bureau national de 30 % des quotes-parts reçues en ${label}`,
            account: '6587',
            madeAt: workHours(dayIn(m, 8, 12)),
            lines: [
              {
                ...line(`Quote-part nationale — ${label}`, 1, share),
                donationType: 'system_entity',
                recipientEntity: { type: 'national_office', id: 1 },
                notes: '30 % des quotes-parts reçues',
                forward: {
                  ledger: nationalLedger,
                  designation: `Quote-part reçue — ${l.name}`,
                  notes: `Quote-part de ${label}`,
                },
              },
            ],
            preferred: 'BANK',
            routine: true,
          });
        }
      }
      if (i % 3 === 1) {
        fb.request(l, {
          title: kind === 'region' ? 'Séminaire régional des pasteurs' : 'Rassemblement de section',
          description: 'Organisation et restauration des participants',
          account: '6238',
          madeAt: workHours(dayIn(m, 1, 25)),
          lines: [
            line('Location de chaises et de bâches', 1, rng.amount(40_000, 120_000, 5_000)),
            line('Restauration des participants', rng.int(80, 300), 1_500),
          ],
          preferred: 'BANK',
        });
      }
    });
    fb.request(l, {
      title: kind === 'region' ? 'Équipement du bureau régional' : 'Vidéoprojecteur de la section',
      description: 'Acquisition de matériel',
      account: '2442',
      madeAt: workHours(new Date(start.getTime() + rng.int(30, 300) * DAY)),
      lines: [
        supplierLine(
          kind === 'region' ? 'Ordinateur et imprimante' : 'Vidéoprojecteur',
          1,
          rng.amount(250_000, 600_000, 5_000),
          'CI',
        ),
      ],
      preferred: 'BANK',
    });
    fb.settle(l);
  };
  sectionLedgers.forEach((l, i) =>
    levelLife(
      l,
      churchInfos.filter((c) => c.sectionId === i + 1).flatMap((c) => c.members),
      'section',
    ),
  );
  regionLedgers.forEach((l, i) =>
    levelLife(
      l,
      churchInfos.filter((c) => c.regionId === i + 1).flatMap((c) => c.members),
      'region',
    ),
  );

  // national office
  {
    const l = nationalLedger;
    const everyone = churchInfos.flatMap((c) => c.members);
    for (let k = 0; k < 30; k++) {
      const m = rng.pick(everyone);
      fb.receipt(l, {
        userId: m.id,
        isAnonymous: false,
        type: 'special_gift',
        amount: rng.amount(25_000, 300_000, 5_000),
        occurredAt: workHours(new Date(start.getTime() + rng.int(1, 364) * DAY)),
        account: '7583',
        paymentAccount: rng.pick(['5211', '5559', '5711']),
        notes: 'Pour la convention nationale',
        designation: `Don spécial — ${fullName(m)}`,
      });
    }
    for (let q = 0; q < 4; q++) {
      fb.receipt(l, {
        userId: null,
        isAnonymous: false,
        type: 'special_gift',
        amount: rng.amount(1_500_000, 3_000_000, 50_000),
        occurredAt: workHours(new Date(start.getTime() + (q * 91 + rng.int(5, 80)) * DAY)),
        account: '7583',
        paymentAccount: '5212',
        notes: 'Virement de l’Église sœur de Lyon (partenariat missionnaire)',
        designation: 'Don spécial — Église partenaire',
      });
    }
    monthStarts.forEach((m, i) => {
      const label = monthLabel(addMonths(m, -1));
      fb.request(l, {
        title: `Salaires du personnel du bureau national — ${label}`,
        description: 'Salaires et indemnités du personnel permanent',
        account: '6611',
        madeAt: workHours(dayIn(m, 1, 3)),
        lines: [
          line('Salaire du secrétaire exécutif', 1, 450_000),
          line('Salaire de la comptable', 1, 350_000),
          line('Salaire du chauffeur', 1, 150_000),
        ],
        preferred: 'BANK',
        routine: true,
      });
      fb.request(l, {
        title: `Missions du bureau national — ${label}`,
        description: 'Visites des régions et des sections',
        account: '6181',
        madeAt: workHours(dayIn(m, 10, 20)),
        lines: [
          line('Billets et transport', 1, rng.amount(80_000, 250_000, 5_000)),
          line('Hébergement', rng.int(2, 6), 25_000),
        ],
        preferred: 'BANK',
        routine: true,
      });
      fb.request(l, {
        title: `Téléphone et internet — ${label}`,
        description: 'Abonnements du siège',
        account: '6281',
        madeAt: workHours(dayIn(m, 5, 10)),
        lines: [line('Fibre optique du siège', 1, 45_000)],
        preferred: 'ELECTRONIK',
        routine: true,
      });
      if (i === 7) {
        fb.request(l, {
          title: 'Convention nationale annuelle',
          description: 'Organisation de la convention nationale à Yamoussoukro',
          account: '6238',
          madeAt: workHours(dayIn(m, 1, 10)),
          lines: [
            supplierLine('Location de la salle des congrès', 1, 2_500_000, 'CI'),
            line('Restauration des délégués', 600, 2_500),
            line('Transport des délégués', 1, 1_200_000),
            line('Sonorisation et éclairage', 1, 650_000),
          ],
          preferred: 'BANK',
        });
      }
    });
    fb.request(l, {
      title: 'Véhicule de mission',
      description: 'Achat d’un véhicule pour les missions dans les régions',
      account: '2451',
      madeAt: workHours(new Date(start.getTime() + 120 * DAY)),
      lines: [supplierLine('Toyota Hilux double cabine (occasion)', 1, 12_500_000, 'CI')],
      preferred: 'BANK',
    });
    fb.settle(l);
  }

  // ---- ids, receipt numbers, rows
  const out = fb.out;
  const byTime = <T>(items: T[], time: (item: T) => Date) =>
    items
      .map((item, i) => ({ item, i, t: time(item).getTime() }))
      .sort((a, b) => a.t - b.t || a.i - b.i)
      .map((x) => x.item);
  const sortedContributions = byTime(out.contributions, (c) => c.occurredAt);
  sortedContributions.forEach((c, i) => {
    c.id = i + 1;
    c.receiptNumber = `R-${c.occurredAt.getUTCFullYear()}-${pad(i + 1, 6)}`;
    c.publicId = publicIdFrom(rng);
  });
  const sortedMovements = byTime(out.movements, (m) => m.occurredAt);
  sortedMovements.forEach((m, i) => (m.id = i + 1));
  const sortedRequests = byTime(out.requests, (r) => r.madeAt);
  sortedRequests.forEach((r, i) => (r.id = i + 1));
  const lines = sortedRequests.flatMap((r) => r.lines);
  lines.forEach((l, i) => (l.id = i + 1));
  const sortedPayments = byTime(out.payments, (p) => p.at);
  sortedPayments.forEach((p, i) => (p.id = i + 1));

  const minutesAfter = (d: Date, max: number) => {
    const t = d.getTime() + rng.int(1, max) * 60_000;
    return new Date(Math.min(t, now.getTime()));
  };
  const contributionRows: Array<typeof contributions.$inferInsert> = sortedContributions.map((c) => ({
    id: c.id,
    entityType: c.entityType,
    entityId: c.entityId,
    userId: c.userId,
    isAnonymous: c.isAnonymous,
    type: c.type,
    amount: c.amount,
    occurredAt: c.occurredAt,
    receiptAccountId: c.receiptAccountId,
    paymentAccountId: c.paymentAccountId,
    notes: c.notes,
    receiptNumber: c.receiptNumber!,
    publicId: c.publicId!,
    status: c.cancelledAt ? 'cancelled' : 'valid',
    cancelledAt: c.cancelledAt ?? null,
    cancelledBy: c.cancelledBy ?? null,
    createdBy: c.createdBy,
    createdAt: minutesAfter(c.occurredAt, 30),
  }));
  const movementRows: Array<typeof treasuryMovements.$inferInsert> = sortedMovements.map((m) => {
    const reference =
      m.contribution?.receiptNumber ?? (m.payment ? `DEP-${pad(m.payment.line.request.id!, 6)}` : null);
    return {
      id: m.id,
      entityType: m.entityType,
      entityId: m.entityId,
      paymentAccountId: m.paymentAccountId,
      journalType: m.journalType,
      operationAccountId: m.operationAccountId,
      occurredAt: m.occurredAt,
      designation: m.sourceType === 'reversal' ? `Annulation du reçu ${reference}` : m.designation,
      reference,
      receipt: m.receipt,
      expense: m.expense,
      observations: m.observations,
      sourceType: m.sourceType,
      sourceId: m.contribution?.id ?? m.payment?.id ?? null,
      reversesId: m.reverses?.id ?? null,
      createdBy: m.createdBy,
      createdAt: minutesAfter(m.occurredAt, 30),
    };
  });
  const requestRows: Array<typeof expenseRequests.$inferInsert> = sortedRequests.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    status: r.status!,
    amount: r.lines.filter((l) => l.status !== 'cancelled').reduce((sum, l) => sum + l.amount, 0),
    entityType: r.entityType,
    entityId: r.entityId,
    operationAccountId: r.operationAccountId,
    madeAt: r.madeAt,
    createdBy: r.createdBy,
    approvedBy: r.approvedAt ? r.approvedBy : null,
    approvedAt: r.approvedAt ?? null,
    validatedBy: r.validatedAt ? r.ledger.treasurerId : null,
    validatedAt: r.validatedAt ?? null,
    rejectedBy: r.rejectedBy ?? null,
    rejectedAt: r.rejectedAt ?? null,
    verifiedAt: r.verifiedAt ?? null,
    verifiedBy: r.verifiedAt ? r.ledger.verifierId : null,
    createdAt: minutesAfter(r.madeAt, 120),
    updatedAt: r.verifiedAt ?? r.validatedAt ?? r.approvedAt ?? r.rejectedAt ?? minutesAfter(r.madeAt, 120),
  }));
  const lineRows: Array<typeof expenseLines.$inferInsert> = lines.map((l) => ({
    id: l.id,
    expenseRequestId: l.request.id!,
    name: l.name,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    amount: l.amount,
    amountValidated: l.paid,
    status: l.status!,
    donationType: l.donationType ?? 'none',
    isAnonymous: l.isAnonymous ?? false,
    notes: l.notes ?? null,
    ...l.recipient,
    recipientEntityType: l.recipientEntity?.type ?? null,
    recipientEntityId: l.recipientEntity?.id ?? null,
    cancelledAt: l.cancelledAt ?? null,
    cancelledBy: l.cancelledAt ? l.request.ledger.approverId : null,
    createdAt: minutesAfter(l.request.madeAt, 120),
  }));
  const methodOf = (journal: JournalType) =>
    journal === 'CASH'
      ? 'cash'
      : journal === 'ELECTRONIK'
        ? 'mobile_money'
        : rng.chance(0.2)
          ? 'check'
          : 'bank_transfer';
  const paymentRows: Array<typeof expensePayments.$inferInsert> = sortedPayments.map((p) => ({
    id: p.id,
    expenseLineId: p.line.id!,
    amount: p.amount,
    validatedAt: p.at,
    paymentMethod: methodOf(p.journal!),
    paymentAccountId: p.accountId!,
    userId: p.userId,
    treasuryMovementId: p.movement!.id!,
    createdAt: minutesAfter(p.at, 20),
  }));

  // ---- subscriptions: paid everywhere but in impaye@'s church
  const subscriptionRows: Array<typeof subscriptions.$inferInsert> = [];
  const capNow = (d: Date) => (d.getTime() > now.getTime() ? now : d);
  const typeId = input.subscriptionTypeId;
  const subscribe = (
    target: { churchId?: number; sectionId?: number; regionId?: number; nationalOfficeId?: number },
    code: string,
    amount: number,
    from: Date,
    months: number,
    payerId: number,
    paid: boolean,
  ) => {
    const end = new Date(addMonths(from, months).getTime() - DAY);
    const paidAt = paid
      ? capNow(new Date(from.getTime() + rng.int(0, 5) * DAY + rng.int(8, 18) * HOUR))
      : null;
    subscriptionRows.push({
      ...target,
      amount,
      startDate: isoDate(from),
      endDate: isoDate(end),
      status: end.getTime() < startOfDay(now).getTime() ? 'expired' : 'active',
      subscriptionTypeId: typeId(code),
      paidAt,
      paymentReference: paid ? `CP-${from.getUTCFullYear()}-${pad(rng.int(1, 9_999_999), 7)}` : null,
      paymentMethod: paid ? rng.pick(['mobile_money', 'card']) : null,
      payerId: paid ? payerId : null,
      createdAt: new Date(Math.min(from.getTime() - rng.int(1, 10) * DAY, now.getTime())),
    });
  };
  const today = startOfDay(now);
  for (const c of churchInfos) {
    if (c.index === IMPAYE_CHURCH_INDEX) {
      const currentStart = new Date(today.getTime() - 9 * DAY);
      subscribe(
        { churchId: c.id },
        'church-annual',
        120_000,
        addMonths(currentStart, -12),
        12,
        c.pastor.id,
        true,
      );
      subscribe({ churchId: c.id }, 'church-annual', 120_000, currentStart, 12, c.pastor.id, false);
    } else if (MONTHLY_SUBSCRIPTION_CHURCHES.includes(c.index)) {
      const firstOfMonth = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
      for (let k = 11; k >= 0; k--)
        subscribe(
          { churchId: c.id },
          'church-monthly',
          12_000,
          addMonths(firstOfMonth, -k),
          1,
          c.pastor.id,
          true,
        );
    } else {
      const currentStart = new Date(today.getTime() - rng.int(10, 300) * DAY);
      subscribe(
        { churchId: c.id },
        'church-annual',
        120_000,
        addMonths(currentStart, -12),
        12,
        c.pastor.id,
        true,
      );
      subscribe({ churchId: c.id }, 'church-annual', 120_000, currentStart, 12, c.pastor.id, true);
    }
  }
  sectionRows.forEach((s, i) =>
    subscribe(
      { sectionId: s.id! },
      'section-annual',
      60_000,
      new Date(today.getTime() - rng.int(10, 300) * DAY),
      12,
      sectionOfficers[i].representant.id,
      true,
    ),
  );
  regionRows.forEach((r, i) =>
    subscribe(
      { regionId: r.id! },
      'region-annual',
      150_000,
      new Date(today.getTime() - rng.int(10, 300) * DAY),
      12,
      regionOfficers[i].president.id,
      true,
    ),
  );
  subscribe(
    { nationalOfficeId: 1 },
    'national-office-annual',
    300_000,
    new Date(today.getTime() - 60 * DAY),
    12,
    nationalOfficers.treasurer.id,
    true,
  );

  return {
    nationalOffices: nationalOfficeRows,
    regions: regionRows,
    sections: sectionRows,
    churches: churchRows,
    departments: departmentRows,
    users: userRows,
    roleAssignments: assignments,
    managedChurches: managedChurchRows,
    contributions: contributionRows,
    movements: movementRows,
    requests: requestRows,
    lines: lineRows,
    payments: paymentRows,
    subscriptions: subscriptionRows,
  };
}
