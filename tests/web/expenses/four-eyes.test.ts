import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '@contract/permissions';
import { requestRules } from '@/features/expenses/lib/detail-rules';

/** Four eyes (decision 0014): the detail page hides the approval of a request from its creator (four eyes). */
const approver = (code: string) =>
  [PERMISSIONS.EXPENSE_APPROVE, PERMISSIONS.EXPENSE_VALIDATE].includes(code as never);
const pending = { status: 'approval_pending' as const, verified_at: null, amount_validated: 0 };

describe('four eyes on the expense detail', () => {
  it('hides Approuver and Valider from the creator, and says why', () => {
    const rules = requestRules(pending, { has: approver, isCreator: true });
    expect(rules.canApprove).toBe(false);
    expect(rules.canValidate).toBe(false);
    expect(rules.canReject).toBe(true);
    expect(rules.ownRequest).toBe(true);
  });

  it('shows them to another approver, and to a super-admin creator', () => {
    for (const perms of [
      { has: approver, isCreator: false },
      { has: approver, isCreator: true, isSuperAdmin: true },
    ]) {
      const rules = requestRules(pending, perms);
      expect(rules.canApprove).toBe(true);
      expect(rules.canValidate).toBe(true);
      expect(rules.ownRequest).toBe(false);
    }
  });

  it('lets the creator validate once another person approved', () => {
    const rules = requestRules({ ...pending, status: 'approved' }, { has: approver, isCreator: true });
    expect(rules.canValidate).toBe(true);
    expect(rules.ownRequest).toBe(false);
  });
});
