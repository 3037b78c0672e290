import {
  ACTIVITY_MESSAGES as M,
  type ActivityReportDetail,
  type DepartmentRole,
} from '../../../../contract/activities';
import type { Actor, Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import type { Owner, ReportFacts } from './entities';

// The rules of the activities beyond "holds the permission on the entity" (decisions 0024 and 0028):
// what a department's leader and members may do, who edits a planned activity, and who reads, edits,
// submits and sends back an activity report. The services call them with the facts they read; the
// permissions are asked through the request's Gate.

/** Codes that only read (`activity:view`, `member:view`...). */
const readsOnly = (codes: readonly string[]) => codes.every((code) => code.endsWith(':view'));

/**
 * Whether the user's role in a department is enough for `codes` there: its leader acts as a holder of
 * the department's activity and report codes, a member only reads.
 */
export function departmentRoleSuffices(
  role: DepartmentRole | null,
  codes: string | readonly string[],
): boolean {
  return role === 'leader' || (role === 'member' && readsOnly(typeof codes === 'string' ? [codes] : codes));
}

/**
 * Authorises `codes` on an owner: a department's leader or member as far as their role goes
 * (departmentRoleSuffices), anyone else by holding one of `codes` there (401, 404, 403).
 * `role`: the user's role in the owner when it is a department, else null.
 */
export async function authorizeOnOwner(
  gate: Gate,
  owner: Owner,
  codes: string | readonly string[],
  role: DepartmentRole | null,
): Promise<void> {
  if (owner.type === 'department' && departmentRoleSuffices(role, codes)) return;
  await gate.authorize(owner, codes);
}

/**
 * The permissions that read an entity's money (the journals' readers): a department's money totals are
 * shown to their holders on the department (its owning entity's chain) and to its leader
 * (leadsDepartment); its members, or a holder of `activity:view` alone, see its counts only
 * (decisions 0041 and 0047).
 */
export const MONEY_READERS = ['contribution:view', 'expense:view'] as const;

/**
 * A department's leader answers for its money (decision 0047): they read its contributions, its expense
 * requests (their lines, payments and files) and the money of its dashboard, and ask for its expenses,
 * without a finance permission. Its members do not, nor the leader of another department. The `unless`
 * of those checks; `leaders`: the department's leaders (none for any other entity).
 */
export function leadsDepartment(leaders: readonly number[]): (user: Pick<Actor, 'userId'>) => boolean {
  return (user) => leaders.includes(user.userId);
}

/**
 * Whether the user reads the money figures of a department: its leader (leadsDepartment), or a holder
 * of a finance permission there. `role`: the user's role in the department, or null.
 */
export async function seesDepartmentMoney(
  gate: Gate,
  department: Owner,
  role: DepartmentRole | null,
): Promise<boolean> {
  if (role === 'leader') return true;
  return gate.holds(department, MONEY_READERS);
}

/** Who edits a planned activity: its department's leader, or a holder of activity:update on its entity. */
export async function mayEditActivity(
  gate: Gate,
  owner: Owner,
  role: DepartmentRole | null,
): Promise<boolean> {
  return role === 'leader' || gate.holds(owner, 'activity:update');
}

/**
 * Whether the user reads an entity's reports from the level above (report:view on `parent`, and no role
 * in the department): its drafts are not theirs to read, unless they wrote them.
 */
export async function readsFromAbove(
  gate: Gate,
  parent: Owner | null,
  role: DepartmentRole | null,
): Promise<boolean> {
  if (role !== null || parent === null) return false;
  return gate.holds(parent, 'report:view');
}

/** What the user may do with a report, once they may read it (reportRights). */
export type ReportRights = { fromAbove: boolean; can: ActivityReportDetail['can'] };

/**
 * What the user may do with a report they may read at its level (report:view, or a role in its
 * department), `parent` being the level above its entity:
 * - a draft is read at its level only: read from above, it is not found (404) but for its author;
 * - its author, its department's leader, or a holder of report:update on its entity (not reading it from
 *   above, unless they wrote it) edits it while it is a draft or sent back, and submits it then when
 *   there is a level above;
 * - a holder of report:update on the level above sends a submitted report back.
 */
export async function reportRights(
  gate: Gate,
  report: ReportFacts,
  facts: { role: DepartmentRole | null; parent: Owner | null },
): Promise<ReportRights> {
  const { role, parent } = facts;
  const fromAbove = await readsFromAbove(gate, parent, role);
  const author = report.createdBy === gate.actor.userId;
  if (report.status === 'draft' && fromAbove && !author) throw httpError(404, M.reportNotFound);
  const writer =
    role === 'leader' || ((!fromAbove || author) && (await gate.holds(report.owner, 'report:update')));
  const editable = report.status === 'draft' || report.status === 'returned';
  const returner =
    parent !== null && report.status === 'submitted' && (await gate.holds(parent, 'report:update'));
  return {
    fromAbove,
    can: { edit: editable && writer, submit: editable && writer && parent !== null, return: returner },
  };
}

/**
 * Refuses a change of a report (its fields, its files) the user may not make: 409 `locked` once it is
 * submitted, 403 `forbidden` otherwise.
 */
export function assertMayEdit(
  report: ReportFacts,
  rights: ReportRights,
  messages: { locked: string; forbidden: string },
): void {
  if (rights.can.edit) return;
  if (report.status === 'submitted') throw httpError(409, messages.locked);
  throw httpError(403, messages.forbidden);
}

/** Refuses a submission: 409 without a level above or once submitted, 403 to whoever may not edit it. */
export function assertMaySubmit(
  report: ReportFacts,
  rights: ReportRights,
  parent: Owner | null,
): asserts parent is Owner {
  if (!parent) throw httpError(409, M.reportNoLevelAbove);
  if (rights.can.submit) return;
  if (report.status === 'submitted') throw httpError(409, M.reportNotSubmittable);
  throw httpError(403, 'Vous ne pouvez pas soumettre ce rapport.');
}

/** Refuses sending a report back: 409 unless it is submitted, 403 but from the level above. */
export function assertMayReturn(report: ReportFacts, rights: ReportRights): void {
  if (rights.can.return) return;
  if (report.status !== 'submitted') throw httpError(409, M.reportNotReturnable);
  throw httpError(403, M.returnOnlyAbove);
}
