import { describe, expect, it } from 'vitest';
import { EXPENSE_MESSAGES } from '../../../contract/expenses';
import { SECURITY_MESSAGES } from '../../../contract/security';
import { ANYWHERE } from '../../../server/src/http/authorize';
import {
  assertDeletesOwnRequest,
  assertFourEyes,
  authorizeRequestList,
  isCreator,
  readsRequest,
  REQUEST_READ_PERMISSION,
} from '../../../server/src/modules/expenses/policy';
import { actor, recordingGate } from './recording-gate';

// The rules of server/src/modules/expenses/policy.ts alone, on hand-made users and requests.

const creator = actor(7);
const leader = actor(9);
/** Department 40 is led by user 9 (decision 0047); nobody leads any other entity. */
const leaderOf = async (entity: { type: string; id: number }) => (user: { userId: number }) =>
  entity.type === 'ACTIVITY_GROUP' && entity.id === 40 && user.userId === leader.userId;
const colleague = actor(8);
const superAdmin = actor(1, { superAdmin: true });
const request = (status: 'approval_pending' | 'rejected' | 'approved' | 'validated') => ({
  created_by: creator.userId,
  status,
});

describe("the creator's rights on their own request", () => {
  it('passes its creator, and nobody else, without the permission', () => {
    const made = isCreator({ created_by: 7 });
    expect(made(creator)).toBe(true);
    expect(made(colleague)).toBe(false);
    expect(made(superAdmin)).toBe(false);
  });

  it('lets only its creator delete it, a super-admin included', () => {
    expect(() => assertDeletesOwnRequest(creator, { created_by: 7 })).not.toThrow();
    for (const other of [colleague, superAdmin])
      expect(() => assertDeletesOwnRequest(other, { created_by: 7 })).toThrow(
        expect.objectContaining({ statusCode: 403, message: EXPENSE_MESSAGES.deleteCreatorOnly }),
      );
  });
});

describe('four eyes on approval', () => {
  const refused = expect.objectContaining({ statusCode: 403, message: SECURITY_MESSAGES.ownRequestApproval });

  it('refuses the creator approving their own request, whatever its status', () => {
    for (const status of ['approval_pending', 'rejected'] as const)
      expect(() => assertFourEyes(creator, request(status), 'approved')).toThrow(refused);
  });

  it('refuses the creator validating their request while that approves it too', () => {
    for (const status of ['approval_pending', 'rejected'] as const)
      expect(() => assertFourEyes(creator, request(status), 'validated')).toThrow(refused);
  });

  it('lets the creator validate a request someone else approved', () => {
    for (const status of ['approved', 'validated'] as const)
      expect(() => assertFourEyes(creator, request(status), 'validated')).not.toThrow();
  });

  it('lets another user approve and validate', () => {
    expect(() => assertFourEyes(colleague, request('approval_pending'), 'approved')).not.toThrow();
    expect(() => assertFourEyes(colleague, request('approval_pending'), 'validated')).not.toThrow();
  });

  it('lets a super-admin approve and validate their own request', () => {
    const own = { created_by: superAdmin.userId, status: 'approval_pending' as const };
    expect(() => assertFourEyes(superAdmin, own, 'approved')).not.toThrow();
    expect(() => assertFourEyes(superAdmin, own, 'validated')).not.toThrow();
  });
});

describe('who reads a request without the permission', () => {
  it("its creator, and its department's leader (decision 0047), nobody else", async () => {
    const ofDepartment = {
      created_by: creator.userId,
      entity_type: 'ACTIVITY_GROUP' as const,
      entity_id: 40,
    };
    const rule = await readsRequest(ofDepartment, leaderOf);
    expect(rule(creator)).toBe(true);
    expect(rule(leader)).toBe(true);
    expect(rule(colleague)).toBe(false);
    const ofAnother = await readsRequest({ ...ofDepartment, entity_id: 41 }, leaderOf);
    expect(ofAnother(leader)).toBe(false);
    const ofChurch = await readsRequest({ ...ofDepartment, entity_type: 'CHURCH' as const }, leaderOf);
    expect(ofChurch(leader)).toBe(false);
    expect(ofChurch(creator)).toBe(true);
  });
});

describe('who lists expense requests', () => {
  it('lists their own to anyone signed in, asking nothing', async () => {
    const gate = recordingGate(colleague);
    expect(
      await authorizeRequestList(gate, { mine: true, entity_type: 'CHURCH', entity_id: 3 }, leaderOf),
    ).toBe('mine');
    expect(gate.asked).toEqual([]);
  });

  it('refuses an entity id without its type (400), even for their own', async () => {
    for (const query of [{ entity_id: 3 }, { mine: true, entity_id: 3 }])
      await expect(authorizeRequestList(recordingGate(colleague), query, leaderOf)).rejects.toMatchObject({
        statusCode: 400,
        message: EXPENSE_MESSAGES.unsupportedEntityType,
      });
  });

  it("asks the read permission on an entity, which a super-admin needs not (any entity's, an unknown one too)", async () => {
    const gate = recordingGate(colleague, [REQUEST_READ_PERMISSION]);
    expect(await authorizeRequestList(gate, { entity_type: 'CHURCH', entity_id: 3 }, leaderOf)).toBe(
      'entity',
    );
    const [asked] = gate.asked;
    expect(asked).toMatchObject({ entity: { type: 'CHURCH', id: 3 }, codes: REQUEST_READ_PERMISSION });
    expect(asked.unless?.(superAdmin)).toBe(true);
    expect(asked.unless?.(colleague)).toBe(false);
    await expect(
      authorizeRequestList(recordingGate(colleague), { entity_type: 'CHURCH', entity_id: 3 }, leaderOf),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it("lists a department's to its leader without the permission, nobody else (decision 0047)", async () => {
    const dep = { entity_type: 'ACTIVITY_GROUP', entity_id: 40 };
    expect(await authorizeRequestList(recordingGate(leader), dep, leaderOf)).toBe('entity');
    await expect(authorizeRequestList(recordingGate(colleague), dep, leaderOf)).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(
      authorizeRequestList(recordingGate(leader), { ...dep, entity_id: 41 }, leaderOf),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(authorizeRequestList(recordingGate(leader), {}, leaderOf)).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('without an entity, asks the read permission somewhere: the rows are then where it is held', async () => {
    const gate = recordingGate(colleague, [REQUEST_READ_PERMISSION]);
    expect(await authorizeRequestList(gate, { entity_type: 'CHURCH' }, leaderOf)).toBe('permitted');
    expect(gate.asked).toEqual([{ entity: ANYWHERE, codes: REQUEST_READ_PERMISSION, unless: undefined }]);
    await expect(authorizeRequestList(recordingGate(colleague), {}, leaderOf)).rejects.toMatchObject({
      statusCode: 403,
    });
  });
});
