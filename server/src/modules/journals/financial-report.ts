import { sql } from 'drizzle-orm';
import { JOURNAL_TYPES, type JournalType } from '../../../../contract/accounts';
import {
  JOURNAL_TIME_ZONE,
  type FinancialReport,
  type FinancialReportCategory,
} from '../../../../contract/journals';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import { bounds, periodOf, type Period } from '../treasury';
import { n, type NamedEntity } from './journals';

// GET /financial-report: an entity's net receipts and expenses of a period by category and account,
// its result, carry-forwards, treasury position by journal and months.

/** YYYY-MM of every month from from_date to to_date. */
export function monthsOf(period: Period): string[] {
  const months: string[] = [];
  let [year, month] = period.from_date.split('-').map(Number);
  const [endYear, endMonth] = period.to_date.split('-').map(Number);
  while (year < endYear || (year === endYear && month <= endMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

export async function financialReport(db: Db, entity: NamedEntity, query: Period): Promise<FinancialReport> {
  const { start, end } = bounds(query);
  const ofEntity = sql`m.entity_type = ${entity.type} and m.entity_id = ${entity.id}`;
  const inPeriod = sql`${ofEntity} and m.occurred_at >= ${start} and m.occurred_at < ${end}`;

  const byAccount = await queryRows<{
    kind: string;
    category: string;
    id: number;
    code: string;
    name: string;
    net: string;
  }>(
    db,
    sql`select c.kind, c.name as category, a.id, a.code, a.name, sum(m.receipt - m.expense) as net
        from treasury_movements m
        join operation_accounts a on a.id = m.operation_account_id
        join operation_account_categories c on c.id = a.category_id
        where ${inPeriod}
        group by c.kind, c.name, a.id, a.code, a.name
        order by c.name, a.code`,
  );
  const section = (receiptSide: boolean) => {
    const categories = new Map<string, FinancialReportCategory>();
    for (const row of byAccount) {
      if ((row.kind === 'receipt') !== receiptSide) continue;
      const total = receiptSide ? n(row.net) : -n(row.net);
      const category = categories.get(row.category) ?? { category: row.category, total: 0, accounts: [] };
      category.total += total;
      category.accounts.push({ id: row.id, code: row.code, name: row.name, total });
      categories.set(row.category, category);
    }
    const list = [...categories.values()];
    return { total: list.reduce((sum, c) => sum + c.total, 0), categories: list };
  };
  const receipts = section(true);
  const expenses = section(false);

  const carried = await queryOne<{ net: string }>(
    db,
    sql`select coalesce(sum(m.receipt - m.expense), 0) as net from treasury_movements m
        where ${inPeriod} and m.operation_account_id is null`,
  );

  const treasuryRows = await queryRows<{
    journal_type: JournalType;
    opening: string;
    receipts: string;
    expenses: string;
  }>(
    db,
    sql`select m.journal_type,
               coalesce(sum(m.receipt - m.expense) filter (where m.occurred_at < ${start}), 0) as opening,
               coalesce(sum(m.receipt) filter (where m.occurred_at >= ${start}), 0) as receipts,
               coalesce(sum(m.expense) filter (where m.occurred_at >= ${start}), 0) as expenses
        from treasury_movements m
        where ${ofEntity} and m.occurred_at < ${end}
        group by m.journal_type`,
  );
  const treasury = JOURNAL_TYPES.map((journalType) => {
    const row = treasuryRows.find((r) => r.journal_type === journalType);
    const opening = n(row?.opening);
    const r = n(row?.receipts);
    const e = n(row?.expenses);
    return { journal_type: journalType, opening, receipts: r, expenses: e, closing: opening + r - e };
  });

  const monthRows = await queryRows<{ month: string; receipts: string; expenses: string }>(
    db,
    sql`select to_char(m.occurred_at at time zone ${JOURNAL_TIME_ZONE}, 'YYYY-MM') as month,
               coalesce(sum(m.receipt - m.expense) filter (where c.kind = 'receipt'), 0) as receipts,
               coalesce(sum(m.expense - m.receipt) filter (where c.kind <> 'receipt'), 0) as expenses
        from treasury_movements m
        join operation_accounts a on a.id = m.operation_account_id
        join operation_account_categories c on c.id = a.category_id
        where ${inPeriod}
        group by 1`,
  );
  const months = monthsOf(query).map((month) => {
    const row = monthRows.find((r) => r.month === month);
    return { month, receipts: n(row?.receipts), expenses: n(row?.expenses) };
  });

  return {
    entity: { type: entity.type, id: entity.id, name: entity.name },
    period: periodOf(query),
    receipts,
    expenses,
    result: receipts.total - expenses.total,
    carried_forward: n(carried?.net),
    treasury,
    treasury_total: {
      opening: treasury.reduce((sum, t) => sum + t.opening, 0),
      closing: treasury.reduce((sum, t) => sum + t.closing, 0),
    },
    months,
  };
}
