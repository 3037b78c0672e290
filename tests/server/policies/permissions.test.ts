import { describe, expect, it } from 'vitest';
import { PERMISSION_SCOPES } from '../../../contract/permissions';
import { GRANT_MESSAGES } from '../../../server/src/modules/permissions/messages';
import {
  assertHoldsGranted,
  assertMayDelegate,
  assertMayReadGrants,
  grantableScopes,
  grantsEverywhere,
} from '../../../server/src/modules/permissions/policy';
import { actor, refusal, stubGate } from './gate-stub';

const onChurch = { scope: 'church' as const, entityId: 4 };
const withoutEntity = { scope: 'global' as const, entityId: null };
const yes = async () => true;
const no = async () => false;

describe('a super-admin’s reach', () => {
  it('grants everywhere; nobody else does', () => {
    expect(grantsEverywhere(actor(1, true))).toBe(true);
    expect(grantsEverywhere(actor(2))).toBe(false);
  });
});

describe('the scopes a delegate grants in', () => {
  it('are the levels at and below the highest where they hold permission:delegate', () => {
    expect(grantableScopes(['section'])).toEqual(['section', 'church', 'department']);
    expect(grantableScopes(['church', 'region'])).toEqual(['region', 'section', 'church', 'department']);
    expect(grantableScopes(['global'])).toEqual([...PERMISSION_SCOPES]);
    expect(grantableScopes([])).toEqual([]);
  });
});

describe('whose grants one reads', () => {
  it('one’s own and, for a super-admin, anyone’s without asking whether they are managed', async () => {
    const asked = { count: 0 };
    const manages = async () => (asked.count++, false);
    expect(await refusal(() => assertMayReadGrants(actor(3), 3, manages))).toBeNull();
    expect(await refusal(() => assertMayReadGrants(actor(1, true), 3, manages))).toBeNull();
    expect(asked.count).toBe(0);
  });

  it('another’s only when one manages them', async () => {
    expect(await refusal(() => assertMayReadGrants(actor(2), 3, yes))).toBeNull();
    expect(await refusal(() => assertMayReadGrants(actor(2), 3, no))).toEqual({
      status: 403,
      message: GRANT_MESSAGES.forbiddenRead,
    });
  });
});

describe('delegation', () => {
  const delegate = (entity: { type: string; id: number } | 'anywhere', code: string) =>
    entity !== 'anywhere' && entity.id === 4 && code === 'permission:delegate';

  it('refuses one’s own permissions, a super-admin included', async () => {
    for (const who of [actor(3), actor(3, true)])
      expect(await refusal(() => assertMayDelegate(stubGate(who, delegate), 3, onChurch, yes))).toEqual({
        status: 403,
        message: GRANT_MESSAGES.self,
      });
  });

  it('asks first whether the entity is seen', async () => {
    const gate = stubGate(actor(2), delegate, () => false);
    expect((await refusal(() => assertMayDelegate(gate, 2, onChurch, yes)))?.status).toBe(403);
    expect(gate.calls).toEqual([{ call: 'authorizeVisible', entity: { type: 'church', id: 4 } }]);
  });

  it('lets a super-admin grant on any user, without an entity too', async () => {
    const gate = stubGate(actor(1, true), () => false);
    expect(await refusal(() => assertMayDelegate(gate, 3, withoutEntity, no))).toBeNull();
    expect(await refusal(() => assertMayDelegate(gate, 3, onChurch, no))).toBeNull();
  });

  it('asks others for an entity, permission:delegate on it and a user they manage', async () => {
    const gate = stubGate(actor(2), delegate);
    expect(await refusal(() => assertMayDelegate(gate, 3, withoutEntity, yes))).toEqual({
      status: 403,
      message: GRANT_MESSAGES.entityRequired,
    });
    expect(await refusal(() => assertMayDelegate(gate, 3, { scope: 'church', entityId: 5 }, yes))).toEqual({
      status: 403,
      message: GRANT_MESSAGES.noDelegate,
    });
    expect(await refusal(() => assertMayDelegate(gate, 3, onChurch, no))).toEqual({
      status: 403,
      message: GRANT_MESSAGES.notManageable,
    });
    expect(await refusal(() => assertMayDelegate(gate, 3, onChurch, yes))).toBeNull();
  });

  it('grants only a permission one holds on the entity, anywhere for a grant without one', async () => {
    const treasurer = stubGate(
      actor(2),
      (entity, code) => entity !== 'anywhere' && code === 'expense:approve',
    );
    expect(await refusal(() => assertHoldsGranted(treasurer, onChurch, 'expense:approve'))).toBeNull();
    expect(await refusal(() => assertHoldsGranted(treasurer, onChurch, 'expense:validate'))).toEqual({
      status: 403,
      message: GRANT_MESSAGES.notHeld,
    });
    expect(
      (await refusal(() => assertHoldsGranted(treasurer, withoutEntity, 'expense:approve')))?.status,
    ).toBe(403);
    expect(treasurer.calls.at(-1)?.entity).toBe('anywhere');
  });
});
