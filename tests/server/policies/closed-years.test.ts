import { describe, expect, it } from 'vitest';
import { closedYearOfAssetChange, type BookedAsset } from '../../../server/src/modules/fixed-assets/policy';
import { closedYearChanged, dayOfInstant, type ClosedYear } from '../../../server/src/modules/treasury';

// The closed years' rule (decision 0042) without a database: which closed year a write would change.

const own = (year: number): ClosedYear => ({ year, own: true, from: null, to: null });
const group = (year: number, from: string | null = null, to: string | null = null): ClosedYear => ({
  year,
  own: false,
  from,
  to,
});

describe('closedYearChanged', () => {
  it("a movement: the entity's own closings of its year and later, a group's of its year only", () => {
    const closings = [own(2023), own(2024), group(2022), group(2025)];
    expect(closedYearChanged(closings, { books: '2024-06-01' })).toBe(2024);
    // before the first closed year: its balance is carried into 2023 and 2024
    expect(closedYearChanged(closings, { books: '2010-01-01' })).toBe(2023);
    expect(closedYearChanged(closings, { books: '2022-03-01' })).toBe(2022);
    // 2025 closed by a group only: its totals of 2025
    expect(closedYearChanged(closings, { books: '2025-12-31' })).toBe(2025);
    expect(closedYearChanged(closings, { books: '2026-01-01' })).toBeNull();
    expect(closedYearChanged([group(2024)], { books: '2023-12-31' })).toBeNull();
  });

  it('a group counts the entity only on the days it was there (a church that moved)', () => {
    // counted in the section that closed 2024 until 2024-07-01, in another one after
    const left = [group(2024, null, '2024-07-01')];
    expect(closedYearChanged(left, { books: '2024-06-30' })).toBe(2024);
    expect(closedYearChanged(left, { books: '2024-07-01' })).toBeNull();
    const joined = [group(2024, '2024-07-01', null)];
    expect(closedYearChanged(joined, { books: '2024-06-30' })).toBeNull();
    expect(closedYearChanged(joined, { books: '2024-07-01' })).toBe(2024);
  });

  it("a record of a year: the entity's own closing of that year", () => {
    const closings = [own(2024), group(2025)];
    expect(closedYearChanged(closings, { record: 2024 })).toBe(2024);
    expect(closedYearChanged(closings, { record: 2023 })).toBeNull();
    expect(closedYearChanged(closings, { record: 2025 })).toBeNull();
  });

  it('the totals from a day on: every closed year from that one', () => {
    const closings = [own(2023), group(2024)];
    expect(closedYearChanged(closings, { totalsFrom: '1999-01-01' })).toBe(2023);
    expect(closedYearChanged(closings, { totalsFrom: '2024-02-01' })).toBe(2024);
    expect(closedYearChanged(closings, { totalsFrom: '2025-01-01' })).toBeNull();
  });

  it('reads the day of an instant in Africa/Abidjan (UTC)', () => {
    expect(dayOfInstant('2024-12-31')).toBe('2024-12-31');
    expect(dayOfInstant('2024-12-31T23:30')).toBe('2024-12-31');
    expect(dayOfInstant('2024-12-31T23:30:00Z')).toBe('2024-12-31');
    expect(dayOfInstant('2024-12-31T23:30:00-01:00')).toBe('2025-01-01');
    expect(dayOfInstant('2025-01-01T00:30:00+01:00')).toBe('2024-12-31');
  });
});

describe('closedYearOfAssetChange (fixed assets)', () => {
  const asset = (overrides: Partial<BookedAsset> = {}): BookedAsset => ({
    purchase_price: 1_200_000,
    additional_costs: 0,
    residual_value: 0,
    depreciable: true,
    useful_life_years: 3,
    annual_depreciation_rate: null,
    purchase_date: '2023-01-10',
    commissioning_date: null,
    acquired_on: '2023-01-10',
    disposed_on: null,
    disposal_price: null,
    operation_account_id: 7,
    ...overrides,
  });

  it("refuses what changes a closed year's figures, first closed year first", () => {
    const closed = [2025, 2024];
    // a longer life: 2024's depreciation changes
    expect(closedYearOfAssetChange(closed, asset(), asset({ useful_life_years: 4 }))).toBe(2024);
    // another account: the balance sheet's line of 2024
    expect(closedYearOfAssetChange(closed, asset(), asset({ operation_account_id: 8 }))).toBe(2024);
    // created, deleted: it is in the balance sheets of 2024 and 2025
    expect(closedYearOfAssetChange(closed, null, asset())).toBe(2024);
    expect(closedYearOfAssetChange(closed, asset(), null)).toBe(2024);
    // a disposal in 2025, or before the closed years
    const held = asset();
    expect(
      closedYearOfAssetChange(closed, held, { ...held, disposed_on: '2025-03-01', disposal_price: 0 }),
    ).toBe(2025);
    expect(
      closedYearOfAssetChange(closed, held, { ...held, disposed_on: '2023-06-01', disposal_price: 0 }),
    ).toBe(2024);
  });

  it('lets through what no closed year reads', () => {
    const closed = [2024];
    // fully depreciated by 2025 either way, and 2024 reads the same
    const old = asset({ purchase_date: '2015-01-10', acquired_on: '2015-01-10' });
    expect(closedYearOfAssetChange(closed, old, { ...old, useful_life_years: 5 })).toBeNull();
    // an asset of an open year
    const recent = asset({ purchase_date: '2025-02-01', acquired_on: '2025-02-01' });
    expect(closedYearOfAssetChange(closed, null, recent)).toBeNull();
    expect(closedYearOfAssetChange(closed, recent, { ...recent, useful_life_years: 5 })).toBeNull();
    expect(closedYearOfAssetChange(closed, recent, null)).toBeNull();
    // a disposal after the closed years
    expect(
      closedYearOfAssetChange(closed, asset(), { ...asset(), disposed_on: '2025-01-01', disposal_price: 1 }),
    ).toBeNull();
    // no closed year
    expect(closedYearOfAssetChange([], asset(), asset({ purchase_price: 1 }))).toBeNull();
  });
});
