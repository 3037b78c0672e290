import type { ExpenseEntityType, FinanceEntityType, JournalType } from '../schema/finance';
import { atTime, addMonths, DAY, frDate, HOUR, startOfDay } from './calendar';
import type {
  Contribution,
  LineSpec,
  Member,
  Movement,
  Output,
  PlannedLine,
  PlannedRequest,
  Ledger,
} from './model';
import { COUNTRIES, STREETS, SUPPLIERS, type ChurchSeed } from './names';
import { E_ACCOUNTS } from './organisation';
import { asciiSlug, scrambledNumber, type Rng } from './random';

// The finance builder, and the kit every ledger of the demo is built with (finance.ts).

/** Builds the year of finance data of every ledger and decides, in date order, what could be paid. */
export class FinanceBuilder {
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

/** The finance builder with the year's calendar and the line makers every ledger of the demo uses. */
export type FinanceKit = ReturnType<typeof financeKit>;

export function financeKit(rng: Rng, now: Date, start: Date, account: (code: string) => number) {
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
  return {
    rng,
    now,
    start,
    account,
    fb,
    sundays,
    monthStarts,
    dayIn,
    workHours,
    ledgerFor,
    opening,
    memberLine,
    supplierLine,
    line,
  };
}
