import { z } from 'zod';
import { entityTypeSchema, MAX_ID } from './common';

export { DASHBOARD_MESSAGES } from './values/dashboard';

/** GET /dashboard: the figures of one entity of the organisation (its dashboard, decision 0026). */
export const dashboardQuerySchema = z.object({
  entity_type: entityTypeSchema.exclude(['ACTIVITY_GROUP']),
  entity_id: z.coerce
    .number({ error: 'Identifiant invalide.' })
    .int('Identifiant invalide.')
    .positive('Identifiant invalide.')
    .max(MAX_ID, 'Identifiant invalide.'),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const period = z.object({ receipts: z.number().int(), expenses: z.number().int() });

export const dashboardSchema = z.object({
  entity: z.object({ type: z.string(), id: z.number().int(), name: z.string() }),
  /** ISO date the figures were computed for (UTC, Africa/Abidjan) */
  as_of: z.string(),
  /** the entity's own treasury (its journals): receipts and expenses net of reversals */
  month: period,
  /** the same month last year */
  month_last_year: period,
  /** from 1 January to today */
  year: period,
  /** from 1 January to the same day last year */
  year_last_year: period,
  balances: z.array(
    z.object({
      account_id: z.number().int(),
      name: z.string(),
      journal_type: z.enum(['CASH', 'BANK', 'ELECTRONIK']),
      balance: z.number().int(),
    }),
  ),
  pending: z.object({
    /** expense requests of the entity awaiting approval */
    to_approve: z.number().int(),
    /** approved requests with a line still to pay */
    to_pay: z.number().int(),
  }),
  counts: z.object({
    /** people holding a position in the entity's group */
    members: z.number().int(),
    /** faithful of the entity's churches */
    faithful: z.number().int(),
    churches: z.number().int(),
  }),
  /**
   * The entity's approved (or finalised) budget of the year and how much of its expense side is used:
   * what was paid this year on the requests attached to its lines, as the budget's own page counts it.
   * Null when the entity has no such budget.
   */
  budget: z
    .object({
      id: z.number().int(),
      year: z.number().int(),
      status: z.enum(['approved', 'finalized']),
      planned_expense: z.number().int(),
      spent: z.number().int(),
    })
    .nullable(),
  /** the last 12 months, oldest first: 'YYYY-MM' */
  series: z.array(z.object({ month: z.string(), receipts: z.number().int(), expenses: z.number().int() })),
  /** the entities just below (regions, sections or churches) with their whole treasury this year */
  children: z.array(
    z.object({
      type: z.enum(['REGION', 'SECTION', 'CHURCH']),
      id: z.number().int(),
      name: z.string(),
      receipts: z.number().int(),
      expenses: z.number().int(),
      faithful: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardAnswerSchema = z.object({ data: dashboardSchema });

/** GET /dashboard/me: the member's own giving. */
export const personalDashboardSchema = z.object({
  year: z.object({ amount: z.number().int(), count: z.number().int() }),
  year_last_year: z.object({ amount: z.number().int(), count: z.number().int() }),
  month: z.object({ amount: z.number().int(), count: z.number().int() }),
  last: z
    .object({
      id: z.number().int(),
      amount: z.number().int(),
      date: z.string(),
      receipt_number: z.string().nullable(),
    })
    .nullable(),
});
export type PersonalDashboard = z.infer<typeof personalDashboardSchema>;
export const personalDashboardAnswerSchema = z.object({ data: personalDashboardSchema });

/** GET /dashboard/admin: the administrator's home (the whole installation). */
export const adminDashboardSchema = z.object({
  as_of: z.string(),
  /** entities in use (archived ones left out) and people */
  counts: z.object({
    national_offices: z.number().int(),
    regions: z.number().int(),
    sections: z.number().int(),
    churches: z.number().int(),
    departments: z.number().int(),
    /** active accounts */
    users: z.number().int(),
    /** active accounts attached to a church */
    faithful: z.number().int(),
    external_accountants: z.number().int(),
  }),
  sessions: z.object({
    /** sessions not expired */
    active: z.number().int(),
    /** distinct users seen in the last 24 hours */
    users_today: z.number().int(),
    /** failed sign-ins in the last 24 hours */
    failed_logins_today: z.number().int(),
  }),
  /** subscriptions billed and not paid, with their total */
  unpaid_subscriptions: z.object({ count: z.number().int(), amount: z.number().int() }),
  /** faithful transfers waiting for the receiving church */
  pending_transfers: z.number().int(),
  /** the latest writes of the audit log, newest first */
  audit: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      entity_type: z.string().nullable(),
      entity_id: z.number().int().nullable(),
      user: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
export const adminDashboardAnswerSchema = z.object({ data: adminDashboardSchema });
