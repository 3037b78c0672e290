import { AUDIT_MESSAGES } from '../../../../contract/audit';
import { reachesEverything, type Actor } from '../../http/authorize';
import { httpError } from '../../http/errors';
import type { Visibility } from '../../permissions/visibility';

/**
 * Who reads which audit records (decision 0044):
 * - the super-admin: every record;
 * - a national office's accountant: a user holding `expense:validate` (the accounting permission: who
 *   pays and closes the books, the office's tresorier-general in the demo) on a national office reads
 *   the records whose entity belongs to the entities where they hold it, that office and everything
 *   below it: a record on an organisation entity (national office, region, section, church,
 *   department), or on an expense request, a contribution or a fixed asset of one. Records on users,
 *   the chart of accounts, subscriptions and other installation-wide things stay the admin's.
 * Anyone else: 403 (a church's treasurer holds `expense:validate` on their church only: not an
 * accountant of the national office).
 */
export const AUDIT_PERMISSION = 'expense:validate';

export type AuditReach = { all: true } | { all: false; visibility: Visibility };

export function auditReach(actor: Actor, visibility: Visibility): AuditReach {
  if (reachesEverything(actor)) return { all: true };
  if (visibility.all) return { all: true };
  if (visibility.nationalOfficeIds.length === 0) throw httpError(403, AUDIT_MESSAGES.forbidden);
  return { all: false, visibility };
}
