import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../server/src/http/errors';
import {
  assertMayDecide,
  assertMayEditPerson,
  assertMayReadPerson,
  decidingChurch,
  seesTransfer,
  UPDATE_CODES,
} from '../../../server/src/modules/faithful/policy';
import type { Visibility } from '../../../server/src/permissions/visibility';
import { actor, refusal, stubGate } from './gate-stub';

const church = (id: number) => ({ type: 'church', id });
const sees = (...churchIds: number[]): Visibility => ({
  all: false,
  nationalOfficeIds: [],
  regionIds: [],
  sectionIds: [],
  churchIds,
});

describe('reading and editing a person', () => {
  it('reads oneself without any permission', async () => {
    const gate = stubGate(actor(7), () => false);
    expect(await refusal(() => assertMayReadPerson(gate, { id: 7, church_id: 3 }))).toBeNull();
  });

  it('reads another on their church with user:view, member:view or contribution:view', async () => {
    const treasurer = stubGate(
      actor(1),
      (entity, code) => entity !== 'anywhere' && code === 'contribution:view',
    );
    expect(await refusal(() => assertMayReadPerson(treasurer, { id: 8, church_id: 3 }))).toBeNull();
    expect(treasurer.calls).toEqual([
      { call: 'authorize', entity: church(3), codes: ['user:view', 'member:view', 'contribution:view'] },
    ]);
    const nobody = stubGate(actor(1), () => false);
    expect(await refusal(() => assertMayReadPerson(nobody, { id: 8, church_id: 3 }))).toEqual({
      status: 403,
      message: MESSAGES.forbidden,
    });
  });

  it('asks anywhere for an official without a church, and never whether their church is seen', async () => {
    const gate = stubGate(
      actor(1),
      (entity) => entity === 'anywhere',
      () => false,
    );
    expect(await refusal(() => assertMayReadPerson(gate, { id: 8, church_id: null }))).toBeNull();
    expect(await refusal(() => assertMayEditPerson(gate, { id: 8, church_id: null }))).toBeNull();
    expect(gate.calls.map((call) => call.entity)).toEqual(['anywhere', 'anywhere']);
    // the person was found visible by its own rule: the church is not asked to be seen
    const onChurch = stubGate(
      actor(1),
      () => true,
      () => false,
    );
    expect(await refusal(() => assertMayEditPerson(onChurch, { id: 8, church_id: 3 }))).toBeNull();
  });

  it('edits with user:update or member:update on their church, oneself included', async () => {
    const gate = stubGate(actor(8), (_entity, code) => code === 'member:update');
    expect(await refusal(() => assertMayEditPerson(gate, { id: 9, church_id: 3 }))).toBeNull();
    expect(gate.calls).toEqual([{ call: 'authorize', entity: church(3), codes: UPDATE_CODES }]);
    const self = stubGate(actor(9), () => false);
    expect((await refusal(() => assertMayEditPerson(self, { id: 9, church_id: 3 })))?.status).toBe(403);
  });
});

describe('a transfer between churches', () => {
  const transfer = { from_church_id: 1, to_church_id: 2 };

  it('is seen from either of its churches', () => {
    expect(seesTransfer(sees(1), transfer)).toBe(true);
    expect(seesTransfer(sees(2), transfer)).toBe(true);
    expect(seesTransfer(sees(3), transfer)).toBe(false);
    expect(seesTransfer({ all: true }, transfer)).toBe(true);
  });

  it('is accepted or refused by the receiving church, cancelled by the sending one', () => {
    expect(decidingChurch(transfer, 'accepted')).toBe(2);
    expect(decidingChurch(transfer, 'rejected')).toBe(2);
    expect(decidingChurch(transfer, 'cancelled')).toBe(1);
  });

  it('asks user:update on the deciding church, which the user need not see', async () => {
    const receiving = stubGate(
      actor(5),
      (entity) => entity !== 'anywhere' && entity.id === 2,
      () => false,
    );
    expect(await refusal(() => assertMayDecide(receiving, transfer, 'accepted'))).toBeNull();
    expect(receiving.calls).toEqual([{ call: 'authorize', entity: church(2), codes: UPDATE_CODES }]);
    expect((await refusal(() => assertMayDecide(receiving, transfer, 'cancelled')))?.status).toBe(403);
  });
});
