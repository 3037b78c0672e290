import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES as M } from '../../../contract/subscriptions';
import { ANYWHERE } from '../../../server/src/http/authorize';
import {
  authorizeBiller,
  authorizePayer,
  offersPayment,
  paysGroup,
} from '../../../server/src/modules/subscriptions/policy';
import type { Group } from '../../../server/src/modules/subscriptions/service';
import { gateStub, refusal } from './grants-gate';

// The subscriptions' rules alone (decision 0020), with hand-made groups and a Gate stub.

const office: Group = { type: 'national_office', id: 1 };
const church: Group = { type: 'church', id: 12 };
const officeOf = (id: number | null) => async () => id;

describe('who bills a group', () => {
  it('bills a national office with subscription:create anywhere (the administrator)', async () => {
    const admin = gateStub([{ on: ANYWHERE, codes: ['subscription:create'] }]);
    let asked = false;
    await authorizeBiller(admin, office, async () => {
      asked = true;
      return 1;
    });
    expect(admin.calls).toEqual([
      { entity: ANYWHERE, codes: ['subscription:create'], options: { forbidden: M.createForbidden } },
    ]);
    expect(asked).toBe(false);
    expect(await refusal(() => authorizeBiller(gateStub(), office, officeOf(1)))).toEqual({
      status: 403,
      message: M.createForbidden,
    });
  });

  it('bills a church from its national office, never from the church itself', async () => {
    const treasurer = gateStub([{ on: office, codes: ['subscription:create'] }]);
    await authorizeBiller(treasurer, church, officeOf(1));
    expect(treasurer.calls.map((call) => call.entity)).toEqual([office]);

    const pastor = gateStub([{ on: church, codes: ['subscription:create'] }]);
    expect(await refusal(() => authorizeBiller(pastor, church, officeOf(1)))).toEqual({
      status: 403,
      message: M.createForbidden,
    });
  });

  it("answers an unknown group's own refusal, else 404", async () => {
    const stranger = gateStub();
    expect(await refusal(() => authorizeBiller(stranger, church, officeOf(null)))).toMatchObject({
      status: 403,
    });
    expect(stranger.calls.map((call) => call.entity)).toEqual([church]);
    const holder = gateStub([{ on: church, codes: ['subscription:create'] }]);
    expect(await refusal(() => authorizeBiller(holder, church, officeOf(null)))).toEqual({
      status: 404,
      message: M.notFound,
    });
  });
});

describe('who pays', () => {
  const payer = gateStub([{ on: church, codes: ['subscription:pay'] }]);

  it('is a holder of subscription:pay on the group', async () => {
    await authorizePayer(payer, church);
    expect(
      await refusal(() => authorizePayer(gateStub([{ on: office, codes: ['subscription:pay'] }]), church)),
    ).toEqual({ status: 403, message: M.payForbidden });
  });

  it('decides an invoice on the LigdiCash simulator’s page only as a payer of the group', async () => {
    expect(await paysGroup(payer, church)).toBe(true);
    expect(await paysGroup(gateStub([{ on: office, codes: ['subscription:pay'] }]), church)).toBe(false);
    expect(await paysGroup(gateStub([{ on: church, codes: ['subscription:view'] }]), church)).toBe(false);
  });

  it('is offered to pay an unpaid subscription that is not cancelled', async () => {
    expect(await offersPayment(payer, { paid: false, status: 'active' }, church)).toBe(true);
    expect(await offersPayment(payer, { paid: true, status: 'active' }, church)).toBe(false);
    expect(await offersPayment(payer, { paid: false, status: 'cancelled' }, church)).toBe(false);
    expect(await offersPayment(gateStub(), { paid: false, status: 'active' }, church)).toBe(false);
  });
});
