import { BUDGET_MESSAGES as M, type BudgetDetail, type BudgetStatus } from '../../../../contract/budgets';
import type { Db } from '../../db/client';
import type { Gate } from '../../http/authorize';
import type { BudgetEntity } from './entities';

// The rules of the budgets beyond "holds the permission on the entity" (decision 0021): the level above
// approves, rejects and finalises a budget, its own entity writes and submits it, and what a budget's
// detail offers the user. The services call them with the facts they read; the permissions are asked
// through the request's Gate.

/** The codes the level above acts with on a budget. */
export const APPROVAL_CODES = ['budget:approve', 'budget:reject', 'budget:finalize'] as const;

/** The codes of the budget's own entity that write it (its lines, its submission). */
export const WRITE_CODES = ['budget:update', 'budget:create'] as const;

export type BudgetTransition = 'submit' | 'approve' | 'reject' | 'finalize';

/** Who moves a budget along: its own entity submits it, the level above decides on it. */
const ACTORS: Record<BudgetTransition, { codes: readonly string[]; above: boolean }> = {
  submit: { codes: WRITE_CODES, above: false },
  approve: { codes: ['budget:approve'], above: true },
  reject: { codes: ['budget:reject'], above: true },
  finalize: { codes: ['budget:finalize'], above: true },
};

/**
 * Who approves, rejects or finalises a budget: the level above its entity (a church's section, a
 * section's region, a region's national office; the national office for itself). The user must see the
 * budget (budget:view on its entity), then hold `codes` on the approving entity (403 `approverOnly`).
 * `approver` reads the approving entity, once the budget is known to be visible.
 */
export async function authorizeApprover(
  gate: Gate,
  budget: BudgetEntity,
  approver: () => Promise<BudgetEntity>,
  codes: string | readonly string[],
  db: Db,
): Promise<void> {
  await gate.authorize(budget, 'budget:view', { db });
  await gate.authorize(await approver(), codes, { db, visibilityChecked: true, forbidden: M.approverOnly });
}

/** Authorises a transition of a budget: on its entity for a submission, on the level above otherwise. */
export async function authorizeTransition(
  gate: Gate,
  action: BudgetTransition,
  budget: BudgetEntity,
  approver: () => Promise<BudgetEntity>,
  db: Db,
): Promise<void> {
  const { codes, above } = ACTORS[action];
  if (above) await authorizeApprover(gate, budget, approver, codes, db);
  else await gate.authorize(budget, codes, { db });
}

/**
 * What a budget's detail offers the user: its lines (budget:view_lines on its entity, or approving it:
 * budget:view alone shows the budget and its totals) and the actions of its `can`: edit and submit it
 * while a draft or rejected (budget:update or budget:create on its entity), delete it while a draft
 * (budget:delete or budget:update), approve or reject it once submitted and finalise it once approved
 * (on the level above).
 */
export async function budgetAbilities(
  gate: Gate,
  budget: { entity: BudgetEntity; status: BudgetStatus },
  approver: BudgetEntity,
): Promise<{ lines: boolean; can: BudgetDetail['can'] }> {
  const { entity, status } = budget;
  const editable = status === 'draft' || status === 'rejected';
  const writer = editable && (await gate.holds(entity, WRITE_CODES));
  return {
    lines: (await gate.holds(entity, 'budget:view_lines')) || (await gate.holds(approver, APPROVAL_CODES)),
    can: {
      edit: writer,
      submit: writer,
      delete: status === 'draft' && (await gate.holds(entity, ['budget:delete', 'budget:update'])),
      approve: status === 'submitted' && (await gate.holds(approver, 'budget:approve')),
      reject: status === 'submitted' && (await gate.holds(approver, 'budget:reject')),
      finalize: status === 'approved' && (await gate.holds(approver, 'budget:finalize')),
    },
  };
}
