import { z } from 'zod';
import { myDepartmentSchema } from './activities';
import { entityRefSchema } from './common';

export const loginBodySchema = z.strictObject({
  /** email, phone or registration number (matricule) */
  login: z.string({ error: "L'identifiant est requis." }).trim().min(1, "L'identifiant est requis.").max(200),
  password: z.string({ error: 'Le mot de passe est requis.' }).min(1, 'Le mot de passe est requis.').max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const roleSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type Role = z.infer<typeof roleSchema>;

export const churchRefSchema = entityRefSchema.extend({
  /** true when the church has a subscription without payment: the church space shows the billing screen */
  has_unpaid_subscription: z.boolean(),
});
export type ChurchRef = z.infer<typeof churchRefSchema>;

/**
 * Who a user is, as every answer naming one person carries it (the account, a member): the id, the
 * name and the three identifiers a sign-in accepts (email, phone, matricule).
 */
export const personSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  registration_number: z.string().nullable(),
});

/**
 * The signed-in account, answered by POST /login and GET /me (the body is the account itself).
 * `church`, `section`, `region`, `nationalOffice` are the contexts of the user's leadership roles
 * (the first group where they hold a role of that level), null when none.
 */
export const accountSchema = personSchema.extend({
  roles: z.array(roleSchema),
  is_super_admin: z.boolean(),
  church: churchRefSchema.nullable(),
  section: entityRefSchema.nullable(),
  region: entityRefSchema.nullable(),
  nationalOffice: entityRefSchema.nullable(),
  managedChurches: z.array(entityRefSchema),
  /** the church the user belongs to as a faithful member */
  faithfulChurch: entityRefSchema.nullable(),
  /** GET /me: the departments the user leads or belongs to (docs/features/activities.md) */
  departments: z.array(myDepartmentSchema).optional(),
});
export type Account = z.infer<typeof accountSchema>;

/** DELETE /logout answers the JSON value `null`: the SPA stores it as the account (guest). */
export const logoutAnswerSchema = z.null();

export const LOGIN_FAILED_MESSAGE = 'E_HTTP_EXCEPTION: Identifiant ou mot de passe incorrect.';
