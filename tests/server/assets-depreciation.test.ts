import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  depreciationOfYear,
  depreciationSchedule,
  netBookValueOn,
  type DepreciableAsset,
} from '../../contract/values/depreciation';
import { fixedAssetStatisticsAnswerSchema } from '../../contract/fixed-assets';
import { fixedAssetStatistics } from '../../server/src/modules/fixed-assets/queries';
import { expenseTestApp, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

const asset = (over: Partial<DepreciableAsset> = {}): DepreciableAsset => ({
  purchase_price: 1_200_000,
  additional_costs: 0,
  residual_value: 0,
  depreciable: true,
  useful_life_years: 3,
  annual_depreciation_rate: null,
  purchase_date: '2024-01-10',
  commissioning_date: null,
  ...over,
});

describe('straight-line depreciation schedule (contract/depreciation.ts)', () => {
  it('spreads a January start over the useful life in whole years', () => {
    const plan = depreciationSchedule(asset());
    expect(plan.base).toBe(1_200_000);
    expect(plan.annual_charge).toBe(400_000);
    expect(plan.years).toEqual([
      { year: 2024, months: 12, charge: 400_000, accumulated: 400_000, net_book_value: 800_000 },
      { year: 2025, months: 12, charge: 400_000, accumulated: 800_000, net_book_value: 400_000 },
      { year: 2026, months: 12, charge: 400_000, accumulated: 1_200_000, net_book_value: 0 },
    ]);
  });

  it('prorates the first year by month from the commissioning date, the rest in a last partial year', () => {
    // bought in March, in service in October: 3 months in the first year, 9 in the fourth
    const plan = depreciationSchedule(
      asset({
        purchase_date: '2024-03-02',
        commissioning_date: '2024-10-20',
        additional_costs: 300_000,
        residual_value: 300_000,
      }),
    );
    expect(plan.total_cost).toBe(1_500_000);
    expect(plan.base).toBe(1_200_000);
    expect(plan.start).toBe('2024-10-20');
    expect(plan.years.map((y) => [y.year, y.months, y.charge])).toEqual([
      [2024, 3, 100_000],
      [2025, 12, 400_000],
      [2026, 12, 400_000],
      [2027, 9, 300_000],
    ]);
    const last = plan.years.at(-1)!;
    expect(last.accumulated).toBe(1_200_000);
    expect(last.net_book_value).toBe(300_000); // the residual value
  });

  it('uses the annual rate when set, and the charges add up to the base exactly despite rounding', () => {
    const plan = depreciationSchedule(
      asset({
        purchase_price: 1_000_001,
        useful_life_years: 5,
        annual_depreciation_rate: 33.33,
        purchase_date: '2025-07-31',
      }),
    );
    expect(plan.years[0]).toMatchObject({ year: 2025, months: 6 });
    expect(plan.years.reduce((sum, y) => sum + y.charge, 0)).toBe(1_000_001);
    expect(plan.years.at(-1)!.net_book_value).toBe(0);
    for (const y of plan.years) expect(Number.isInteger(y.charge)).toBe(true);
  });

  it('gives no schedule for an asset that is not depreciable, undated, or whose residual covers its cost', () => {
    expect(depreciationSchedule(asset({ depreciable: false })).years).toEqual([]);
    expect(depreciationSchedule(asset({ purchase_date: null })).years).toEqual([]);
    expect(depreciationSchedule(asset({ residual_value: 1_200_000 })).years).toEqual([]);
  });

  it('reads the net book value on a day and the charge of a year from the same schedule', () => {
    const a = asset({ purchase_date: '2024-10-01' });
    expect(netBookValueOn(a, '2024-09-30')).toBe(1_200_000);
    expect(netBookValueOn(a, '2024-12-31')).toBe(1_100_000);
    expect(netBookValueOn(a, '2025-12-31')).toBe(700_000);
    expect(netBookValueOn(a, '2040-01-01')).toBe(0);
    expect(depreciationOfYear(a, 2025)).toBe(400_000);
    expect(depreciationOfYear(a, 2030)).toBe(0);
    expect(netBookValueOn(asset({ depreciable: false }), '2030-01-01')).toBe(1_200_000);
  });
});

describe('GET /fixed-assets/statistics by asset account', () => {
  let t: TestApp;
  let ids: ExpenseIds;
  beforeAll(async () => {
    ({ t, ids } = await expenseTestApp());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the count, gross and net values in total and by account, net as the schedule says', async () => {
    const entity = { entity_type: 'NATIONAL_OFFICE' as const, entity_id: ids.nationalOffice };
    // dated in the office's open years: the demo office closed the year before last, and no asset may
    // change a closed year's statements (decision 0042)
    const year = new Date().getUTCFullYear();
    const before = await fixedAssetStatistics(t.db, entity.entity_type, entity.entity_id, `${year}-12-31`);
    for (const payload of [
      {
        name: 'Ordinateur portable',
        purchase_price: 1_200_000,
        useful_life_years: 3,
        purchase_date: `${year - 1}-10-01`,
        operation_account_id: ids.computers,
      },
      {
        name: 'Imprimante',
        purchase_price: 300_000,
        additional_costs: 60_000,
        useful_life_years: 3,
        purchase_date: `${year}-01-01`,
        operation_account_id: ids.computers,
      },
      { name: 'Terrain', purchase_price: 5_000_000, depreciable: false, purchase_date: `${year - 1}-02-01` },
    ]) {
      const created = await t.as('national@example.org', {
        method: 'POST',
        url: '/api/fixed-assets',
        payload: { ...entity, ...payload },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const after = await fixedAssetStatistics(t.db, entity.entity_type, entity.entity_id, `${year}-12-31`);
    expect(after.count - before.count).toBe(3);
    expect(after.total_cost - before.total_cost).toBe(6_560_000);
    // laptop: 15 months of 400,000 a year -> 700,000 left; printer: 12 of 36 months -> 240,000 left
    expect(after.net_book_value - before.net_book_value).toBe(700_000 + 240_000 + 5_000_000);
    const computers = after.by_account.find((g) => g.operation_account_id === ids.computers)!;
    const computersBefore = before.by_account.find((g) => g.operation_account_id === ids.computers);
    expect(computers.name).toBe('Matériel informatique');
    expect(computers.count - (computersBefore?.count ?? 0)).toBe(2);
    expect(after.by_account.find((g) => g.operation_account_id === null)?.name).toBe('Sans compte');

    const answer = await t.as('national@example.org', {
      method: 'GET',
      url: `/api/fixed-assets/statistics?entity_type=NATIONAL_OFFICE&entity_id=${ids.nationalOffice}`,
    });
    expect(answer.statusCode).toBe(200);
    const stats = fixedAssetStatisticsAnswerSchema.parse(answer.json()).data;
    expect(stats.by_account.reduce((sum, g) => sum + g.count, 0)).toBe(stats.count);
    expect(stats.by_account.reduce((sum, g) => sum + g.net_book_value, 0)).toBe(stats.net_book_value);
  });
});
