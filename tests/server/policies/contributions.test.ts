import { describe, expect, it } from 'vitest';
import { CONTRIBUTION_MESSAGES, CONTRIBUTION_PERMISSIONS } from '../../../contract/contributions';
import { MESSAGES } from '../../../server/src/http/errors';
import { authorizeListScope, isContributor } from '../../../server/src/modules/contributions/policy';
import { actor, recordingGate } from './recording-gate';

// The rules of server/src/modules/contributions/policy.ts alone, on hand-made users and contributions.

const VIEW = CONTRIBUTION_PERMISSIONS.VIEW;
const faithful = actor(20);
const treasurer = actor(30);
const superAdmin = actor(1, { superAdmin: true });

/** The church of each faithful of these tests: 20 and 21 are members of church 5, 22 of none. */
const churches = new Map<number, number | null>([
  [20, 5],
  [21, 5],
  [22, null],
]);
const churchOf = async (userId: number) => churches.get(userId) ?? null;
/** Department 9 is led by faithful 20 (decision 0047); nobody leads any other entity. */
const leaderOf = async (entity: { type: string; id: number }) => (user: { userId: number }) =>
  entity.type === 'department' && entity.id === 9 && user.userId === 20;

describe('a contribution seen by its contributor', () => {
  it('passes its contributor without the permission, and nobody else', () => {
    expect(isContributor({ userId: 20 })(faithful)).toBe(true);
    expect(isContributor({ userId: 20 })(treasurer)).toBe(false);
    expect(isContributor({ userId: null })(faithful)).toBe(false);
  });
});

describe('whose contributions a list shows', () => {
  it("lists one's own and a manager's churches without asking a permission", async () => {
    const gate = recordingGate(faithful);
    expect(await authorizeListScope(gate, { mine: true }, churchOf, leaderOf)).toEqual({
      kind: 'mine',
      userId: 20,
    });
    expect(await authorizeListScope(gate, { managed: true }, churchOf, leaderOf)).toEqual({
      kind: 'managed',
      userId: 20,
    });
    expect(await authorizeListScope(gate, { user_id: 20 }, churchOf, leaderOf)).toEqual({ kind: 'filters' });
    expect(gate.asked).toEqual([]);
  });

  it("asks contribution:view on an entity, in the finance tables' words", async () => {
    const gate = recordingGate(treasurer, [VIEW]);
    expect(
      await authorizeListScope(gate, { entity_type: 'ACTIVITY_GROUP', entity_id: 9 }, churchOf, leaderOf),
    ).toEqual({
      kind: 'entity',
      type: 'department',
      id: 9,
    });
    expect(gate.asked).toMatchObject([{ entity: { type: 'department', id: 9 }, codes: VIEW }]);
    await expect(
      authorizeListScope(
        recordingGate(faithful),
        { entity_type: 'CHURCH', entity_id: 5 },
        churchOf,
        leaderOf,
      ),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it("lists a department's to its leader without contribution:view, nobody else (decision 0047)", async () => {
    const dep = { entity_type: 'ACTIVITY_GROUP' as const, entity_id: 9 };
    expect(await authorizeListScope(recordingGate(faithful), dep, churchOf, leaderOf)).toEqual({
      kind: 'entity',
      type: 'department',
      id: 9,
    });
    const other = actor(21);
    await expect(authorizeListScope(recordingGate(other), dep, churchOf, leaderOf)).rejects.toMatchObject({
      statusCode: 403,
    });
    await expect(
      authorizeListScope(recordingGate(faithful), { ...dep, entity_id: 10 }, churchOf, leaderOf),
    ).rejects.toMatchObject({ statusCode: 403 });
  });

  it("asks contribution:view on another faithful's church", async () => {
    const gate = recordingGate(treasurer, [VIEW]);
    expect(await authorizeListScope(gate, { user_id: 21 }, churchOf, leaderOf)).toEqual({ kind: 'filters' });
    expect(gate.asked).toMatchObject([{ entity: { type: 'church', id: 5 }, codes: VIEW }]);
    await expect(
      authorizeListScope(recordingGate(faithful), { user_id: 21 }, churchOf, leaderOf),
    ).rejects.toMatchObject({
      statusCode: 403,
    });
  });

  it('lets only a super-admin list the contributions of a faithful without a church', async () => {
    expect(await authorizeListScope(recordingGate(superAdmin), { user_id: 22 }, churchOf, leaderOf)).toEqual({
      kind: 'filters',
    });
    await expect(
      authorizeListScope(recordingGate(treasurer, [VIEW]), { user_id: 22 }, churchOf, leaderOf),
    ).rejects.toMatchObject({ statusCode: 403, message: MESSAGES.forbidden });
  });

  it('wants a scope (400)', async () => {
    await expect(
      authorizeListScope(recordingGate(treasurer, [VIEW]), {}, churchOf, leaderOf),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: CONTRIBUTION_MESSAGES.entityRequired,
    });
  });
});
