import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne } from '../../server/src/db/query';
import {
  closeBudgetApp,
  ids,
  openBudgetApp,
  req,
  SECTION,
  section,
  t,
  TREASURER,
  YEAR,
  type Budget,
  type Line,
} from './budgets-setup';
import {
  approve,
  createRequest,
  detail as requestDetail,
  json,
  line,
  message,
  payment,
} from './expenses-setup';

// Decision 0021: budget against actual (computed in SQL, kept by the yearly totals) and the
// consolidated view of the levels above.

beforeAll(openBudgetApp);
afterAll(closeBudgetApp);

describe('budget against actual', () => {
  async function currentLine(templateName: string): Promise<Line> {
    const response = await req(
      TREASURER,
      'GET',
      `/api/budgets/current?entity_type=CHURCH&entity_id=${ids.church1}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const lines = json<{ data: Budget }>(response).data.lines!;
    return lines.find((l) => l.name === templateName)!;
  }

  it('a payment moves its line’s actual by exactly its amount; one dated in another year does not', async () => {
    const before = await currentLine('Fournitures de bureau');
    expect(before.actual).not.toBeNull();
    const id = await createRequest(t, ids, TREASURER, {
      budget_line_id: before.id,
      made_at: `${YEAR}-03-10T09:00:00.000Z`,
      expenses: [line('Papier', 1, 30_000), line('Encre', 1, 20_000)],
    });
    await approve(t, id);
    const [paper, ink] = (await requestDetail(t, id)).expenses;
    const pay = (lineId: number, amount: number, date: string) =>
      req(TREASURER, 'PUT', `/api/expenses/${lineId}/validate`, payment(ids, amount, { validated_at: date }));
    expect((await pay(paper.id, 12_500, `${YEAR}-03-11`)).statusCode).toBe(201);
    const after = await currentLine('Fournitures de bureau');
    expect(after.actual).toBe(before.actual! + 12_500);
    expect(after.remaining).toBe(after.amount - after.actual!);
    expect(after.percent).toBe(Math.round((after.actual! / after.amount) * 1000) / 10);

    const other = await pay(ink.id, 20_000, `${YEAR - 1}-12-30`);
    expect(other.statusCode, other.body).toBe(201);
    expect((await currentLine('Fournitures de bureau')).actual).toBe(after.actual);
    // the unrelated lines did not move
    expect((await currentLine('Missions et évangélisation')).actual).toBe(
      (await currentLine('Missions et évangélisation')).actual,
    );
  });

  it('an income line’s actual is what its account received in the year', async () => {
    const before = await currentLine('Dîmes');
    const sum = await queryOne<{ total: number }>(
      t.db,
      sql`select coalesce(sum(c.amount), 0)::bigint as total from contributions c
          join operation_accounts a on a.id = c.receipt_account_id
          where c.entity_type = 'church' and c.entity_id = ${ids.church1} and a.code = '7581'
            and c.status = 'valid' and c.occurred_at >= make_timestamptz(${YEAR}, 1, 1, 0, 0, 0, 'UTC')
            and c.occurred_at < make_timestamptz(${YEAR + 1}, 1, 1, 0, 0, 0, 'UTC')`,
    );
    expect(before.actual).toBe(Number(sum!.total));
    const noAccount = await currentLine('Équipements et matériel');
    expect(noAccount.category).toBe('EXPENSE');
    expect(noAccount.actual).not.toBeNull();
  });

  it('keeps the yearly totals right when a request changes line and a contribution is cancelled', async () => {
    const supplies = await currentLine('Fournitures de bureau');
    const transport = await currentLine('Transport et déplacements');
    const paid = await queryOne<{ id: number; amount: number }>(
      t.db,
      sql`select er.id, sum(p.amount)::int as amount from expense_requests er
          join expense_lines el on el.expense_request_id = er.id join expense_payments p on p.expense_line_id = el.id
          where er.budget_line_id = ${supplies.id}
            and p.validated_at >= make_timestamptz(${YEAR}, 1, 1, 0, 0, 0, 'UTC')
          group by er.id order by er.id limit 1`,
    );
    await t.db.execute(
      sql`update expense_requests set budget_line_id = ${transport.id} where id = ${paid!.id}`,
    );
    expect((await currentLine('Fournitures de bureau')).actual).toBe(supplies.actual! - Number(paid!.amount));
    expect((await currentLine('Transport et déplacements')).actual).toBe(
      transport.actual! + Number(paid!.amount),
    );

    const tithes = await currentLine('Dîmes');
    const gift = await queryOne<{ id: number; amount: number }>(
      t.db,
      sql`select c.id, c.amount from contributions c join operation_accounts a on a.id = c.receipt_account_id
          where c.entity_type = 'church' and c.entity_id = ${ids.church1} and a.code = '7581' and c.status = 'valid'
            and c.occurred_at >= make_timestamptz(${YEAR}, 1, 1, 0, 0, 0, 'UTC') order by c.id limit 1`,
    );
    await t.db.execute(sql`update contributions set status = 'cancelled' where id = ${gift!.id}`);
    expect((await currentLine('Dîmes')).actual).toBe(tithes.actual! - Number(gift!.amount));
  });

  it('consolidates the approved budgets below a section, a region and the national office', async () => {
    const response = await req(
      SECTION,
      'GET',
      `/api/budgets/consolidated?entity_type=SECTION&entity_id=${section}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const data = json<{
      data: {
        budgets: number;
        items: Array<{ planned: number; actual: number; category: string }>;
        rows: Array<{
          own: boolean;
          entity_type: string;
          entity_id: number;
          planned_expense: number;
          actual_expense: number;
          budgets: number;
        }>;
        totals: { planned_expense: number; actual_expense: number; planned_income: number };
      };
    }>(response).data;
    const expected = await queryOne<{ planned: number; n: number }>(
      t.db,
      sql`select coalesce(sum(bl.amount), 0)::bigint as planned, count(distinct b.id)::int as n
          from budgets b join budget_lines bl on bl.budget_id = b.id
          where b.year = ${YEAR} and b.status in ('approved', 'finalized') and bl.category = 'EXPENSE'
            and ((b.entity_type = 'section' and b.entity_id = ${section})
              or (b.entity_type = 'church' and b.entity_id in (select id from churches where section_id = ${section})))`,
    );
    expect(data.totals.planned_expense).toBe(Number(expected!.planned));
    expect(data.budgets).toBe(Number(expected!.n));
    expect(data.rows[0].own).toBe(true);
    expect(data.rows.reduce((s, r) => s + r.planned_expense, 0)).toBe(data.totals.planned_expense);
    expect(data.rows.reduce((s, r) => s + r.actual_expense, 0)).toBe(data.totals.actual_expense);
    expect(data.items.filter((i) => i.category === 'EXPENSE').reduce((s, i) => s + i.planned, 0)).toBe(
      data.totals.planned_expense,
    );
    const church = data.rows.find((r) => r.entity_type === 'CHURCH' && r.entity_id === ids.church1)!;
    const current = json<{ data: Budget }>(
      await req(TREASURER, 'GET', `/api/budgets/current?entity_type=CHURCH&entity_id=${ids.church1}`),
    ).data;
    expect(church.actual_expense).toBe(current.totals!.actual_expense);

    const national = await req(
      'national@example.org',
      'GET',
      `/api/budgets/consolidated?entity_type=NATIONAL_OFFICE&entity_id=${ids.nationalOffice}`,
    );
    expect(national.statusCode, national.body).toBe(200);
    const nat = json<{ data: { rows: Array<{ entity_type: string; own: boolean }>; budgets: number } }>(
      national,
    ).data;
    expect(nat.rows.filter((r) => !r.own).every((r) => r.entity_type === 'REGION')).toBe(true);
    expect(nat.budgets).toBeGreaterThan(data.budgets);
    const onChurch = await req(
      TREASURER,
      'GET',
      `/api/budgets/consolidated?entity_type=CHURCH&entity_id=${ids.church1}`,
    );
    expect(onChurch.statusCode).toBe(400);
    expect(message(onChurch)).toBe(
      'La vue consolidée concerne une région, une section ou un bureau national.',
    );
    expect(
      (
        await req(
          SECTION,
          'GET',
          `/api/budgets/consolidated?entity_type=NATIONAL_OFFICE&entity_id=${ids.nationalOffice}`,
        )
      ).statusCode,
    ).toBe(403);
  });
});
