import { describe, expect, it } from 'vitest';
import { ORG_MESSAGES } from '../../../contract/org';
import {
  assertAdministersNationalOffices,
  assertMayArchive,
  assertMayCreate,
  assertMayEdit,
  assertMayMove,
} from '../../../server/src/modules/org/policy';
import { actor, refusal, stubGate } from './gate-stub';

const superAdminOnly = { status: 403, message: ORG_MESSAGES.superAdminOnly };

describe('the national offices', () => {
  it('are the super-administrator’s to create, edit, archive and restore', async () => {
    const leader = stubGate(actor(2), () => true);
    expect(await refusal(() => assertAdministersNationalOffices(leader.actor))).toEqual(superAdminOnly);
    expect(await refusal(() => assertMayCreate(leader, 'national_office', null))).toEqual(superAdminOnly);
    expect(await refusal(() => assertMayEdit(leader, 'national_office', 1))).toEqual(superAdminOnly);
    expect(await refusal(() => assertMayArchive(leader, 'national_office', null))).toEqual(superAdminOnly);
    expect(leader.calls).toEqual([]);
    const admin = stubGate(actor(1, true), () => false);
    expect(await refusal(() => assertMayCreate(admin, 'national_office', null))).toBeNull();
    expect(await refusal(() => assertMayEdit(admin, 'national_office', 1))).toBeNull();
    expect(await refusal(() => assertMayArchive(admin, 'national_office', null))).toBeNull();
  });
});

describe('the lower levels', () => {
  it('add a child with {level}:create on its parent, whether or not the parent is seen', async () => {
    const gate = stubGate(
      actor(2),
      (entity, code) => entity !== 'anywhere' && entity.type === 'section' && code === 'church:create',
      () => false,
    );
    expect(await refusal(() => assertMayCreate(gate, 'church', 7))).toBeNull();
    expect(gate.calls).toEqual([
      { call: 'authorize', entity: { type: 'section', id: 7 }, codes: ['church:create'] },
    ]);
    expect((await refusal(() => assertMayCreate(gate, 'section', 3)))?.status).toBe(403);
  });

  it('edit an entity with {level}:update on it, seen', async () => {
    const gate = stubGate(actor(2), (_entity, code) => code === 'region:update');
    expect(await refusal(() => assertMayEdit(gate, 'region', 5))).toBeNull();
    expect(gate.calls).toEqual([
      { call: 'authorize', entity: { type: 'region', id: 5 }, codes: ['region:update'] },
    ]);
    const unseen = stubGate(
      actor(2),
      () => true,
      () => false,
    );
    expect((await refusal(() => assertMayEdit(unseen, 'region', 5)))?.status).toBe(403);
  });

  it('archive and restore with {level}:delete or {level}:create on the parent', async () => {
    for (const code of ['section:delete', 'section:create']) {
      const gate = stubGate(
        actor(2),
        (entity, held) => entity !== 'anywhere' && entity.type === 'region' && held === code,
        () => false,
      );
      expect(await refusal(() => assertMayArchive(gate, 'section', 4))).toBeNull();
      expect(gate.calls[0].codes).toEqual(['section:delete', 'section:create']);
    }
    const updater = stubGate(actor(2), (_entity, code) => code === 'section:update');
    expect((await refusal(() => assertMayArchive(updater, 'section', 4)))?.status).toBe(403);
  });

  it('move a church with church:update on it and church:create on the section it joins', async () => {
    const both = stubGate(actor(2), (entity, code) =>
      entity === 'anywhere'
        ? false
        : (entity.type === 'church' && code === 'church:update') ||
          (entity.type === 'section' && entity.id === 9 && code === 'church:create'),
    );
    expect(await refusal(() => assertMayMove(both, 12, 9))).toBeNull();
    expect(both.calls.map((call) => call.entity)).toEqual([
      { type: 'church', id: 12 },
      { type: 'section', id: 9 },
    ]);
    expect((await refusal(() => assertMayMove(both, 12, 10)))?.status).toBe(403);
    const updaterOnly = stubGate(actor(2), (_entity, code) => code === 'church:update');
    expect((await refusal(() => assertMayMove(updaterOnly, 12, 9)))?.status).toBe(403);
  });
});
