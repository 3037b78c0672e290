import { describe, expect, it } from 'vitest';
import { CHECKOUT_EXPIRY_MINUTES, GIVING_MESSAGES as M } from '../../../contract/giving';
import {
  assertGivesTo,
  assertInstallationManager,
  authorizeSettingsManager,
  confirmationMismatch,
  feeToRecord,
  guestLimitMessage,
  isGiver,
  managesSettings,
  merchantFor,
  openCheckoutFate,
  simulatorPayer,
} from '../../../server/src/modules/giving/policy';
import { actor } from './gate-stub';
import { gateStub, refusal } from './grants-gate';

// The online giving's rules alone (decision 0043), with hand-made facts and a Gate stub.

const church = { type: 'church', id: 12 } as const;

describe('where a member gives', () => {
  const places = { churchId: 12, departmentIds: [40, 41] };

  it('to their own church and the departments of it they belong to', () => {
    expect(() => assertGivesTo(places, { type: 'church', id: 12 })).not.toThrow();
    expect(() => assertGivesTo(places, { type: 'department', id: 41 })).not.toThrow();
  });

  it('nowhere else, and nowhere without a church', async () => {
    expect(await refusal(() => assertGivesTo(places, { type: 'church', id: 13 }))).toEqual({
      status: 403,
      message: M.entityNotYours,
    });
    expect(await refusal(() => assertGivesTo(places, { type: 'department', id: 42 }))).toEqual({
      status: 403,
      message: M.entityNotYours,
    });
    expect(
      await refusal(() => assertGivesTo({ churchId: null, departmentIds: [] }, { type: 'church', id: 12 })),
    ).toEqual({ status: 403, message: M.notMember });
  });
});

describe('who keeps the settings', () => {
  it('a church’s: a holder of online_giving:manage on it', async () => {
    const treasurer = gateStub([{ on: church, codes: ['online_giving:manage'] }]);
    await authorizeSettingsManager(treasurer, 12);
    expect(await managesSettings(treasurer, 12)).toBe(true);
    const pastor = gateStub([{ on: church, codes: ['contribution:view', 'contribution:create'] }]);
    expect(await refusal(() => authorizeSettingsManager(pastor, 12))).toEqual({
      status: 403,
      message: M.manageForbidden,
    });
    expect(await managesSettings(pastor, 12)).toBe(false);
    expect(await managesSettings(treasurer, 13)).toBe(false);
  });

  it('the denomination’s merchant account: the administrator', async () => {
    expect(() => assertInstallationManager(actor(1, true))).not.toThrow();
    expect(await refusal(() => assertInstallationManager(actor(2)))).toEqual({
      status: 403,
      message: M.installationForbidden,
    });
  });

  it('a checkout is followed by its giver without a permission', () => {
    expect(isGiver({ userId: 5 })({ userId: 5 })).toBe(true);
    expect(isGiver({ userId: 5 })({ userId: 6 })).toBe(false);
    expect(isGiver({ userId: null })({ userId: 5 })).toBe(false);
  });
});

describe('the guests’ limits', () => {
  it('ten gifts started per address and five per phone in an hour', () => {
    expect(guestLimitMessage({ byAddress: 9, byPhone: 4 })).toBeNull();
    expect(guestLimitMessage({ byAddress: 10, byPhone: 0 })).toBe(M.tooManyFromAddress);
    expect(guestLimitMessage({ byAddress: 0, byPhone: 5 })).toBe(M.tooManyFromPhone);
  });
});

describe('the merchant of an invoice', () => {
  it('is the simulator’s without LigdiCash, else the church’s or the denomination’s key', async () => {
    expect(merchantFor('church', { church: false, central: false }, true)).toBe('simulator');
    expect(merchantFor('church', { church: true, central: false }, false)).toBe('church');
    expect(merchantFor('central', { church: true, central: true }, false)).toBe('central');
    expect(await refusal(() => merchantFor('church', { church: false, central: true }, false))).toEqual({
      status: 503,
      message: M.merchantMissing,
    });
    expect(await refusal(() => merchantFor('central', { church: true, central: false }, false))).toEqual({
      status: 503,
      message: M.centralMissing,
    });
  });
});

describe('what a confirmation records', () => {
  const checkout = { amount: 2_500, currency: 'xof' };

  it('only the gift that was asked for: its amount, and its currency when named', () => {
    expect(confirmationMismatch(checkout, { amount: 2_500, currency: null })).toBeNull();
    expect(confirmationMismatch(checkout, { amount: 2_500, currency: 'XOF' })).toBeNull();
    expect(confirmationMismatch(checkout, { amount: null, currency: 'xof' })).toMatch(/absent/);
    expect(confirmationMismatch(checkout, { amount: 250, currency: 'xof' })).toMatch(/250/);
    expect(confirmationMismatch(checkout, { amount: 2_500, currency: 'eur' })).toMatch(/eur/);
  });

  it('the fee the provider names, when it is below the gift', () => {
    expect(feeToRecord(50, 2_500)).toBe(50);
    expect(feeToRecord(null, 2_500)).toBeNull();
    expect(feeToRecord(0, 2_500)).toBeNull();
    expect(feeToRecord(2_500, 2_500)).toBeNull();
    expect(feeToRecord(-5, 2_500)).toBeNull();
  });
});

describe('an open checkout', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('expires when still pending after the limit', () => {
    expect(openCheckoutFate({ status: 'pending', createdAt: ago(CHECKOUT_EXPIRY_MINUTES - 1) }, now)).toBe(
      'keep',
    );
    expect(openCheckoutFate({ status: 'pending', createdAt: ago(CHECKOUT_EXPIRY_MINUTES + 1) }, now)).toBe(
      'expire',
    );
    expect(openCheckoutFate({ status: 'expired', createdAt: ago(600) }, now)).toBe('keep');
  });
});

describe('who pays on the simulator’s page', () => {
  it('a member’s gift: that member’s session', () => {
    const checkout = { userId: 5, publicId: 'p1' };
    expect(simulatorPayer(checkout, { userId: 5, guestCheckout: null })).toBe('ok');
    expect(simulatorPayer(checkout, { userId: null, guestCheckout: 'p1' })).toBe('unauthenticated');
    expect(simulatorPayer(checkout, { userId: 6, guestCheckout: null })).toBe('forbidden');
  });

  it('a guest’s gift: the browser whose signed cookie names it', () => {
    const checkout = { userId: null, publicId: 'p1' };
    expect(simulatorPayer(checkout, { userId: null, guestCheckout: 'p1' })).toBe('ok');
    expect(simulatorPayer(checkout, { userId: 5, guestCheckout: null })).toBe('unauthenticated');
    expect(simulatorPayer(checkout, { userId: null, guestCheckout: 'p2' })).toBe('forbidden');
  });
});
