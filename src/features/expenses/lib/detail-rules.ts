import { ENTITY_TYPES } from '@contract/values/common';
import { EXPENSE_MESSAGES } from '@contract/values/expenses';
import type { ExpenseLine, ExpenseRequestDetail } from '@contract/expenses';
import { PERMISSIONS } from '@contract/values/permissions';

/**
 * Who may do what on the detail of a request (SPEC.md sections 4 and 6), as pure functions of the
 * request and the answers of ONE permission check on the request's entity. manage implies approve,
 * validate and cancel. The server checks every write again: these rules only decide what is shown.
 */

/** Every code the detail page needs, asked in one POST /permissions/check-multiple. */
export const DETAIL_PERMISSION_CODES = [
  PERMISSIONS.EXPENSE_APPROVE,
  PERMISSIONS.EXPENSE_VALIDATE,
  PERMISSIONS.EXPENSE_CANCEL,
  PERMISSIONS.EXPENSE_REQUEST_MANAGE,
  /** the verification */
  'expense_request:validate',
  /** adding, editing and deleting lines before approval (the creator may too) */
  'expense:create',
  'expense:update',
] as const;

export type DetailPermissions = {
  has: (code: string) => boolean;
  /** the signed-in user created the request */
  isCreator: boolean;
  /** a super-admin approves even a request they created (four eyes, decision 0014) */
  isSuperAdmin?: boolean;
};

export type RequestRules = {
  /** the approval block (approvers and managers) */
  showApprovalBlock: boolean;
  canApprove: boolean;
  canReject: boolean;
  canValidate: boolean;
  canVerify: boolean;
  canAddLine: boolean;
  /** four eyes: the creator may not approve their own request (nor validate it before approval) */
  ownRequest: boolean;
  /** nothing to do: the page is read-only */
  readOnly: boolean;
};

export type LineAction = { visible: boolean; disabled: boolean };
export type LineRules = {
  details: LineAction;
  edit: LineAction;
  remove: LineAction;
  pay: LineAction;
  cancel: LineAction;
};

const BEFORE_APPROVAL = ['approval_pending', 'rejected'];
const AFTER_APPROVAL = ['approved', 'validated'];

/** The entity check of the approval actions: null when fine, else the message to show (SPEC.md section 8). */
export function entityProblem(
  request: Pick<ExpenseRequestDetail, 'entity_type' | 'entity_id'>,
): string | null {
  if (!request.entity_type || !request.entity_id) return EXPENSE_MESSAGES.missingEntity;
  if (!(ENTITY_TYPES as readonly string[]).includes(request.entity_type))
    return EXPENSE_MESSAGES.unsupportedEntityType;
  return null;
}

export function requestRules(
  request: Pick<ExpenseRequestDetail, 'status' | 'verified_at' | 'amount_validated'>,
  { has, isCreator, isSuperAdmin = false }: DetailPermissions,
): RequestRules {
  // Four eyes (decision 0014): the server refuses the creator's approval with a 403; the page hides it.
  const ownRequest = isCreator && !isSuperAdmin;
  const manage = has(PERMISSIONS.EXPENSE_REQUEST_MANAGE);
  const approver = manage || has(PERMISSIONS.EXPENSE_APPROVE);
  const validator = manage || has(PERMISSIONS.EXPENSE_VALIDATE);
  const canceller = manage || has(PERMISSIONS.EXPENSE_CANCEL);
  const verifier = manage || has('expense_request:validate');
  const lineEditor = manage || isCreator || has('expense:create') || has('expense:update');
  const verified = Boolean(request.verified_at);
  const before = BEFORE_APPROVAL.includes(request.status);
  const after = AFTER_APPROVAL.includes(request.status);

  const rules = {
    showApprovalBlock: approver && !verified,
    canApprove: approver && !verified && before && !ownRequest,
    canReject:
      approver &&
      !verified &&
      (request.status === 'approval_pending' ||
        (request.status === 'approved' && request.amount_validated === 0)),
    canValidate:
      approver &&
      validator &&
      !verified &&
      (request.status === 'approved' || (request.status === 'approval_pending' && !ownRequest)),
    canVerify: verifier && !verified && after,
    canAddLine: lineEditor && !verified && before,
  };
  const anyLineAction = !verified && ((before && lineEditor) || (after && (validator || canceller)));
  return {
    ...rules,
    ownRequest: ownRequest && approver && !verified && before,
    readOnly:
      !anyLineAction &&
      !rules.canApprove &&
      !rules.canReject &&
      !rules.canValidate &&
      !rules.canVerify &&
      !rules.canAddLine,
  };
}

const hidden: LineAction = { visible: false, disabled: true };

export function lineRules(
  request: Pick<ExpenseRequestDetail, 'status' | 'verified_at'>,
  line: Pick<ExpenseLine, 'status'>,
  { has, isCreator }: DetailPermissions,
): LineRules {
  const manage = has(PERMISSIONS.EXPENSE_REQUEST_MANAGE);
  const verified = Boolean(request.verified_at);
  const before = BEFORE_APPROVAL.includes(request.status);
  const after = AFTER_APPROVAL.includes(request.status);
  const editor = !verified && before && (manage || isCreator || has('expense:update'));
  const remover = !verified && before && (manage || isCreator || has('expense:update'));
  const payer = !verified && after && (manage || has(PERMISSIONS.EXPENSE_VALIDATE));
  const canceller = !verified && after && (manage || has(PERMISSIONS.EXPENSE_CANCEL));
  const cancelled = line.status === 'cancelled';
  return {
    details: { visible: true, disabled: false },
    edit: editor ? { visible: true, disabled: false } : hidden,
    remove: remover ? { visible: true, disabled: false } : hidden,
    pay: payer ? { visible: true, disabled: cancelled || line.status === 'validated' } : hidden,
    cancel: canceller ? { visible: true, disabled: cancelled } : hidden,
  };
}
