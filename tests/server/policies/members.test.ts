import { describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES } from '../../../server/src/modules/members/service';
import { SECURITY_MESSAGES } from '../../../contract/security';
import {
  assertNotOwnPosition,
  assertPositionsGrantable,
  assertRankedBelow,
} from '../../../server/src/modules/members/policy';
import { actor, refusal, stubGate } from './gate-stub';

const church = { type: 'church', id: 4 };

describe('giving and removing positions', () => {
  it('refuses a position to oneself, a super-admin included', async () => {
    for (const who of [actor(3), actor(3, true)])
      expect(await refusal(() => assertNotOwnPosition(who, 3))).toEqual({
        status: 403,
        message: SECURITY_MESSAGES.selfAssignment,
      });
    expect(await refusal(() => assertNotOwnPosition(actor(3), 4))).toBeNull();
  });

  it('refuses a position ranked at or above the actor’s own (a lower priority ranks higher)', async () => {
    const pastor = 40;
    expect(
      await refusal(() => assertRankedBelow(pastor, [{ priority: 41 }, { priority: 60 }], 'x')),
    ).toBeNull();
    expect(
      await refusal(() => assertRankedBelow(pastor, [{ priority: 41 }, { priority: 40 }], 'égal')),
    ).toEqual({
      status: 403,
      message: 'égal',
    });
    expect(
      await refusal(() => assertRankedBelow(pastor, [{ priority: 20 }], MEMBER_MESSAGES.escalation)),
    ).toEqual({ status: 403, message: MEMBER_MESSAGES.escalation });
    // a super-admin ranks 0: every position is below
    expect(await refusal(() => assertRankedBelow(0, [{ priority: 10 }], 'x'))).toBeNull();
  });

  it('gives only positions whose every permission the assigner holds on the group', async () => {
    const held = new Set(['expense:approve', 'member:view']);
    const pastor = stubGate(
      actor(5),
      (entity, code) => entity !== 'anywhere' && entity.id === 4 && held.has(code),
    );
    expect(
      await refusal(() => assertPositionsGrantable(pastor, church, ['member:view', 'expense:approve'])),
    ).toBeNull();
    expect(pastor.calls.map((call) => [call.entity, call.codes])).toEqual([
      [church, ['member:view']],
      [church, ['expense:approve']],
    ]);
    expect(
      await refusal(() => assertPositionsGrantable(pastor, church, ['member:view', 'expense:validate'])),
    ).toEqual({ status: 403, message: SECURITY_MESSAGES.positionBeyondGrant });
    // on another group, nothing is held
    expect(
      (await refusal(() => assertPositionsGrantable(pastor, { type: 'church', id: 9 }, ['member:view'])))
        ?.status,
    ).toBe(403);
    // a position without permission, and a super-admin, always pass
    expect(await refusal(() => assertPositionsGrantable(pastor, church, []))).toBeNull();
    const admin = stubGate(actor(1, true), () => false);
    expect(await refusal(() => assertPositionsGrantable(admin, church, ['expense:validate']))).toBeNull();
  });
});
