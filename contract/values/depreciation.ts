/**
 * Straight-line depreciation of a fixed asset (SYCEBNL, decision 0025), shared by the server (statistics) and
 * the SPA (the asset's schedule). Amounts are whole FCFA.
 *
 * - base = purchase price + additional costs - residual value (never below 0);
 * - the annual charge is base x rate / 100 when an annual rate is set, else base / useful life;
 * - depreciation starts on the commissioning date, else the purchase date, and runs month by month:
 *   the first year is prorated by the months in service (the month of the start counts whole), so a
 *   life of N years started after January spreads over N + 1 calendar years;
 * - each year's charge is the rounded accumulated amount at its end minus the one before, so the charges
 *   add up to the base exactly and the net book value ends at the residual value.
 */

export type DepreciableAsset = {
  purchase_price: number;
  additional_costs: number;
  residual_value: number;
  depreciable: boolean;
  useful_life_years: number | null;
  annual_depreciation_rate: number | null;
  purchase_date: string | null;
  commissioning_date: string | null;
};

export type DepreciationYear = {
  year: number;
  /** months of depreciation in that year (1 to 12) */
  months: number;
  charge: number;
  /** accumulated depreciation at the end of the year */
  accumulated: number;
  /** total cost - accumulated */
  net_book_value: number;
};

export type DepreciationPlan = {
  /** purchase price + additional costs */
  total_cost: number;
  /** total cost - residual value */
  base: number;
  annual_charge: number;
  /** YYYY-MM-DD, null when the asset has neither date */
  start: string | null;
  years: DepreciationYear[];
};

/** The annual charge (unrounded): by the rate when set, else by the useful life; 0 when neither. */
function annualCharge(asset: DepreciableAsset, base: number): number {
  if (asset.annual_depreciation_rate !== null && asset.annual_depreciation_rate > 0)
    return (base * asset.annual_depreciation_rate) / 100;
  if (asset.useful_life_years !== null && asset.useful_life_years > 0) return base / asset.useful_life_years;
  return 0;
}

/** Accumulated depreciation after `months` months of service. */
function accumulatedAfter(base: number, annual: number, months: number): number {
  return Math.min(base, Math.round((annual * months) / 12));
}

/** The year-by-year straight-line schedule of an asset (empty when not depreciable or undated). */
export function depreciationSchedule(asset: DepreciableAsset): DepreciationPlan {
  const total = asset.purchase_price + asset.additional_costs;
  const base = Math.max(0, total - asset.residual_value);
  const start = asset.commissioning_date ?? asset.purchase_date;
  const annual = asset.depreciable ? annualCharge(asset, base) : 0;
  const plan: DepreciationPlan = {
    total_cost: total,
    base,
    annual_charge: Math.round(annual),
    start,
    years: [],
  };
  if (!asset.depreciable || start === null || base === 0 || annual <= 0) return plan;

  // the months in service until the base is reached (a rate of 0.01 % gives 10,000 years)
  const life = Math.ceil((base * 12) / annual - 1e-9);
  let year = Number(start.slice(0, 4));
  let months = Math.min(life, 12 - Number(start.slice(5, 7)) + 1);
  let served = 0;
  let accumulated = 0;
  while (months > 0) {
    served += months;
    const next = accumulatedAfter(base, annual, served);
    plan.years.push({
      year,
      months,
      charge: next - accumulated,
      accumulated: next,
      net_book_value: total - next,
    });
    accumulated = next;
    year += 1;
    months = Math.min(12, life - served);
  }
  return plan;
}

/**
 * The net book value on a day (YYYY-MM-DD): the total cost less the depreciation of the months in service
 * up to that day's month included; the total cost before the start, the residual value after the end.
 */
export function netBookValueOn(asset: DepreciableAsset, day: string): number {
  const total = asset.purchase_price + asset.additional_costs;
  const start = asset.commissioning_date ?? asset.purchase_date;
  if (!asset.depreciable || start === null) return total;
  const base = Math.max(0, total - asset.residual_value);
  const annual = annualCharge(asset, base);
  const months =
    (Number(day.slice(0, 4)) - Number(start.slice(0, 4))) * 12 +
    (Number(day.slice(5, 7)) - Number(start.slice(5, 7))) +
    1;
  if (months <= 0 || annual <= 0) return total;
  return total - accumulatedAfter(base, annual, months);
}

/** The depreciation charge of a calendar year (0 outside the schedule). */
export function depreciationOfYear(asset: DepreciableAsset, year: number): number {
  return depreciationSchedule(asset).years.find((y) => y.year === year)?.charge ?? 0;
}

/** An asset as the statements and the closing see it: when it entered the books and when it left. */
export type HeldAsset = DepreciableAsset & {
  /** YYYY-MM-DD: the purchase date, else the commissioning date, else the day it was recorded */
  acquired_on: string;
  /** YYYY-MM-DD of its sale or scrapping; null while the entity holds it */
  disposed_on: string | null;
  disposal_price: number | null;
};

/** What a fixed asset adds to a year's statements. */
export type AssetYear = {
  /** held on 31 December: its figures are in the balance sheet */
  held: boolean;
  /** total cost, accumulated depreciation and net book value on 31 December (0 when not held) */
  gross: number;
  accumulated: number;
  net: number;
  /** net book value on 1 January (0 when not held then) */
  net_at_start: number;
  /** its total cost when it entered the books in the year */
  acquisition: number;
  /** the year's depreciation, up to the disposal when it left in the year */
  depreciation: number;
  /** when it left in the year: the price received and its net book value on that day */
  disposal: { price: number; net_book_value: number } | null;
};

/** The accumulated depreciation on a day by the schedule (0 before it starts). */
const accumulatedOn = (asset: DepreciableAsset, day: string) =>
  asset.purchase_price + asset.additional_costs - netBookValueOn(asset, day);

/**
 * A fixed asset's figures for a calendar year (the income statement, the balance sheet, the closing):
 * its net value moves from `net_at_start` to `net` by `acquisition - depreciation - disposal.net_book_value`
 * exactly, so the statements balance.
 */
export function assetYear(asset: HeldAsset, year: number): AssetYear {
  const total = asset.purchase_price + asset.additional_costs;
  const lastDay = `${year}-12-31`;
  const dayBefore = `${year - 1}-12-31`;
  const heldOn = (day: string) =>
    asset.acquired_on <= day && (asset.disposed_on === null || asset.disposed_on > day);
  const atStart = heldOn(dayBefore);
  const atEnd = heldOn(lastDay);
  const enters = asset.acquired_on > dayBefore && asset.acquired_on <= lastDay;
  const leaves = asset.disposed_on !== null && asset.disposed_on > dayBefore && asset.disposed_on <= lastDay;
  const accumulatedAtStart = atStart ? accumulatedOn(asset, dayBefore) : 0;
  const inYear = atStart || enters;
  const endDay = leaves ? asset.disposed_on! : lastDay;
  const accumulatedAtEnd = inYear ? accumulatedOn(asset, endDay) : 0;
  return {
    held: atEnd,
    gross: atEnd ? total : 0,
    accumulated: atEnd ? accumulatedAtEnd : 0,
    net: atEnd ? total - accumulatedAtEnd : 0,
    net_at_start: atStart ? total - accumulatedAtStart : 0,
    acquisition: enters ? total : 0,
    depreciation: inYear ? accumulatedAtEnd - accumulatedAtStart : 0,
    disposal:
      leaves && inYear
        ? { price: asset.disposal_price ?? 0, net_book_value: total - accumulatedAtEnd }
        : null,
  };
}
