import type { subscriptions } from '../schema/finance';
import { addMonths, DAY, HOUR, isoDate, pad, startOfDay } from './calendar';
import type { ChurchInfo } from './model';
import { IMPAYE_CHURCH_INDEX, type Organisation } from './organisation';
import type { Rng } from './random';

/** churches on the monthly subscription instead of the annual one */
const MONTHLY_SUBSCRIPTION_CHURCHES = [6, 16];

/** The subscriptions of the year: paid everywhere but in impaye@'s church. */
export function buildSubscriptions(
  rng: Rng,
  now: Date,
  typeId: (code: string) => number,
  { churchInfos, sectionRows, regionRows, sectionOfficers, regionOfficers, nationalOfficers }: Organisation,
) {
  const subscriptionRows: Array<typeof subscriptions.$inferInsert> = [];
  const capNow = (d: Date) => (d.getTime() > now.getTime() ? now : d);
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
  /** a church's annual subscription: the past year's, paid, then the current one from `currentStart` */
  const churchYears = (c: ChurchInfo, currentStart: Date, currentPaid: boolean) => {
    const annual = (from: Date, paid: boolean) =>
      subscribe({ churchId: c.id }, 'church-annual', 120_000, from, 12, c.pastor.id, paid);
    annual(addMonths(currentStart, -12), true);
    annual(currentStart, currentPaid);
  };
  for (const c of churchInfos) {
    if (c.index === IMPAYE_CHURCH_INDEX) {
      churchYears(c, new Date(today.getTime() - 9 * DAY), false);
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
      churchYears(c, new Date(today.getTime() - rng.int(10, 300) * DAY), true);
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

  return subscriptionRows;
}
