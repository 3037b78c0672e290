import { assetYear, type HeldAsset } from '../../../../contract/values/depreciation';

/*
 * The fixed assets' rule beyond the permission (decision 0042): a closed year's statements never change.
 * An asset enters them through the one schedule (`assetYear`: the year's depreciation, its values on 1
 * January and 31 December, its acquisition and disposal) and, while held, under its account on the balance
 * sheet. A write of an asset (created, changed, deleted, sold or scrapped) is refused when any of the
 * entity's closed years would read it differently; a change that moves no figure of a closed year (its
 * name, its place, an asset of an open year) passes.
 */

/** An asset as a year's statements read it. */
export type BookedAsset = HeldAsset & { operation_account_id: number | null };

/** What the statements of `year` read of the asset (null: no asset). */
function figures(asset: BookedAsset | null, year: number): string {
  if (asset === null) return [false, 0, 0, 0, 0, 0, 0, null, null, null].join('|');
  const y = assetYear(asset, year);
  return [
    y.held,
    y.gross,
    y.accumulated,
    y.net,
    y.net_at_start,
    y.acquisition,
    y.depreciation,
    y.disposal?.price ?? null,
    y.disposal?.net_book_value ?? null,
    y.held ? asset.operation_account_id : null,
  ].join('|');
}

/**
 * The first of `closedYears` whose statements would read the asset differently after the write
 * (`before` null: a new asset; `after` null: deleted), or null when none would.
 */
export function closedYearOfAssetChange(
  closedYears: number[],
  before: BookedAsset | null,
  after: BookedAsset | null,
): number | null {
  for (const year of [...closedYears].sort((a, b) => a - b))
    if (figures(before, year) !== figures(after, year)) return year;
  return null;
}
