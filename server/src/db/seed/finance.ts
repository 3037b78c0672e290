import type {
  contributions,
  expenseLines,
  expensePayments,
  expenseRequests,
  JournalType,
  treasuryMovements,
} from '../schema/finance';
import { pad } from './calendar';
import { churchReceipts } from './contributions';
import { churchExpenses } from './expenses';
import type { FinanceKit } from './ledgers';
import { departmentLife, levelLife, nationalLife } from './levels';
import type { Output } from './model';
import { NATIONAL_OFFICE_NAME } from './names';
import {
  ACCOUNTANT_CHURCH_INDEXES,
  E_ACCOUNTS,
  type ChurchDepartment,
  type Organisation,
} from './organisation';
import type { Rng } from './random';

/**
 * The year of money of the demo: the ledgers of the churches' departments, then the churches (whose
 * quotes-parts feed their section and region), the sections, the regions and the national office, in
 * this order (the draws follow it); then their rows.
 */
export function buildFinance(kit: FinanceKit, org: Organisation, churchDepartments: ChurchDepartment[]) {
  const { rng, account, fb, ledgerFor, opening } = kit;
  const { demo, churchInfos, sectionRows, regionRows, sectionOfficers, regionOfficers, nationalOfficers } =
    org;

  // departments of the churches: dues and a few activities
  for (const d of churchDepartments) departmentLife(kit, d, demo.fidele);

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

    churchReceipts(kit, c, l, demo.fidele);
    churchExpenses(kit, c, l, { sectionLedgers, regionLedgers });
    fb.settle(l);
  }

  // sections and regions: quotes-parts received from the churches, gifts, their own expenses
  const membersOf = (level: 'sectionId' | 'regionId', id: number) =>
    churchInfos.filter((c) => c[level] === id).flatMap((c) => c.members);
  sectionLedgers.forEach((l, i) =>
    levelLife(kit, l, membersOf('sectionId', i + 1), 'section', nationalLedger),
  );
  regionLedgers.forEach((l, i) => levelLife(kit, l, membersOf('regionId', i + 1), 'region', nationalLedger));

  nationalLife(kit, nationalLedger, churchInfos);

  return financeRows(rng, kit.now, fb.out);
}

function publicIdFrom(rng: Rng): string {
  const bytes = Buffer.alloc(16);
  for (let i = 0; i < 16; i++) bytes[i] = rng.int(0, 255);
  return bytes.toString('base64url');
}

/** Ids, receipt numbers and rows: each kind numbered in date order. */
function financeRows(rng: Rng, now: Date, out: Output) {
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

  return {
    contributions: contributionRows,
    movements: movementRows,
    requests: requestRows,
    lines: lineRows,
    payments: paymentRows,
  };
}
