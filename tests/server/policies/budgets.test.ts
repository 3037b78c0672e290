import { describe, expect, it } from 'vitest';
import { BUDGET_MESSAGES as M } from '../../../contract/budgets';
import type { Db } from '../../../server/src/db/client';
import type { BudgetEntity } from '../../../server/src/modules/budgets/entities';
import {
  authorizeApprover,
  authorizeTransition,
  budgetAbilities,
} from '../../../server/src/modules/budgets/policy';
import { gateStub, refusal } from './grants-gate';

// The budgets' rules alone (decision 0021), with hand-made facts and a Gate stub.

const church: BudgetEntity = { type: 'church', id: 12 };
const section: BudgetEntity = { type: 'section', id: 3 };
const tx = {} as Db;
const approver = async () => section;

describe('who approves a budget', () => {
  it('is the level above, once the budget is visible: the permission is asked there', async () => {
    const gate = gateStub([
      { on: church, codes: ['budget:view', 'budget:approve'] },
      { on: section, codes: ['budget:approve'] },
    ]);
    await authorizeApprover(gate, church, approver, 'budget:approve', tx);
    expect(gate.calls).toEqual([
      { entity: church, codes: ['budget:view'], options: { db: tx } },
      {
        entity: section,
        codes: ['budget:approve'],
        options: { db: tx, visibilityChecked: true, forbidden: M.approverOnly },
      },
    ]);
  });

  it('refuses the entity itself (a church approves nothing of its own), in the approvers’ words', async () => {
    const pastor = gateStub([{ on: church, codes: ['budget:view', 'budget:approve'] }]);
    expect(await refusal(() => authorizeApprover(pastor, church, approver, 'budget:approve', tx))).toEqual({
      status: 403,
      message: M.approverOnly,
    });
  });

  it('does not look for the level above of a budget the user may not see', async () => {
    let asked = false;
    const stranger = gateStub([{ on: section, codes: ['budget:approve'] }]);
    const refused = await refusal(() =>
      authorizeApprover(
        stranger,
        church,
        async () => {
          asked = true;
          return section;
        },
        'budget:approve',
        tx,
      ),
    );
    expect(refused?.status).toBe(403);
    expect(asked).toBe(false);
  });

  it('lets the entity submit its own budget, the level above approve, reject and finalise it', async () => {
    const treasurer = gateStub([{ on: church, codes: ['budget:view', 'budget:update'] }]);
    await authorizeTransition(treasurer, 'submit', church, approver, tx);
    expect(treasurer.calls).toEqual([
      { entity: church, codes: ['budget:update', 'budget:create'], options: { db: tx } },
    ]);
    for (const action of ['approve', 'reject', 'finalize'] as const)
      expect(await refusal(() => authorizeTransition(treasurer, action, church, approver, tx))).toEqual({
        status: 403,
        message: M.approverOnly,
      });

    const president = gateStub([
      { on: church, codes: ['budget:view'] },
      { on: section, codes: ['budget:approve', 'budget:reject', 'budget:finalize'] },
    ]);
    for (const action of ['approve', 'reject', 'finalize'] as const)
      await authorizeTransition(president, action, church, approver, tx);
    expect(await refusal(() => authorizeTransition(president, 'submit', church, approver, tx))).toMatchObject(
      {
        status: 403,
      },
    );
  });
});

describe("what a budget's detail offers", () => {
  const treasurer = gateStub([{ on: church, codes: ['budget:view', 'budget:update'] }]);
  const reader = gateStub([{ on: church, codes: ['budget:view'] }]);
  const president = gateStub([
    { on: section, codes: ['budget:approve', 'budget:reject', 'budget:finalize'] },
  ]);
  const none = { edit: false, submit: false, delete: false, approve: false, reject: false, finalize: false };

  it('lets its entity edit, submit and delete a draft, edit and submit a rejected one', async () => {
    expect(await budgetAbilities(treasurer, { entity: church, status: 'draft' }, section)).toEqual({
      lines: false,
      can: { ...none, edit: true, submit: true, delete: true },
    });
    expect((await budgetAbilities(treasurer, { entity: church, status: 'rejected' }, section)).can).toEqual({
      ...none,
      edit: true,
      submit: true,
    });
    expect((await budgetAbilities(treasurer, { entity: church, status: 'submitted' }, section)).can).toEqual(
      none,
    );
  });

  it('lets the level above approve or reject a submitted budget, finalise an approved one, and read its lines', async () => {
    expect(await budgetAbilities(president, { entity: church, status: 'submitted' }, section)).toEqual({
      lines: true,
      can: { ...none, approve: true, reject: true },
    });
    expect((await budgetAbilities(president, { entity: church, status: 'approved' }, section)).can).toEqual({
      ...none,
      finalize: true,
    });
    expect((await budgetAbilities(president, { entity: church, status: 'draft' }, section)).can).toEqual(
      none,
    );
  });

  it('shows the lines to a holder of budget:view_lines, not of budget:view alone', async () => {
    expect((await budgetAbilities(reader, { entity: church, status: 'approved' }, section)).lines).toBe(
      false,
    );
    const lines = gateStub([{ on: church, codes: ['budget:view', 'budget:view_lines'] }]);
    expect((await budgetAbilities(lines, { entity: church, status: 'approved' }, section)).lines).toBe(true);
  });
});
