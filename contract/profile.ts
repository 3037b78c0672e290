import { z } from 'zod';
import { emailField, FAITHFUL_MESSAGES, phoneField } from './faithful';
import { PROFILE_MESSAGES, PASSWORD_MIN } from './values/profile';
export * from './values/profile';

/** The user's own record (/mon-profil): who they are and where they hold each role. */
export const profileSchema = z.object({
  id: z.number().int(),
  firstname: z.string(),
  lastname: z.string(),
  registration_number: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  church: z.string().nullable(),
  roles: z.array(
    z.object({
      name: z.string(),
      /** the entity where the role is held ('Église …', 'Région …'), null for a role held anywhere */
      entity: z.string().nullable(),
    }),
  ),
});
export type Profile = z.infer<typeof profileSchema>;
export const profileAnswerSchema = z.object({ data: profileSchema });

/**
 * A field the body must carry (absent is refused with `required`), whose value may be null or '' (it is
 * then cleared): an absent field is not read as 'clear it'.
 */
const present = (field: typeof phoneField | typeof emailField, required: string, invalid: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : invalid) })
    .nullable()
    // the field takes any input; typed here as what it receives after the presence check
    .pipe(field as unknown as z.ZodType<string | null, string | null>);

/**
 * PUT /profile: phone and email, both required in the body (null or '' clears one); a sign-in needs one
 * of them or the matricule.
 */
export const profileUpdateBodySchema = z.object({
  phone: present(phoneField, PROFILE_MESSAGES.phoneRequired, FAITHFUL_MESSAGES.phoneInvalid),
  email: present(emailField, PROFILE_MESSAGES.emailRequired, FAITHFUL_MESSAGES.emailInvalid),
});

/** PUT /profile/password */
export const passwordChangeBodySchema = z.object({
  current_password: z
    .string({ error: PROFILE_MESSAGES.currentRequired })
    .min(1, PROFILE_MESSAGES.currentRequired)
    .max(200, PROFILE_MESSAGES.currentWrong),
  new_password: z
    .string({ error: PROFILE_MESSAGES.newTooShort })
    .min(PASSWORD_MIN, PROFILE_MESSAGES.newTooShort)
    .max(200, PROFILE_MESSAGES.newTooLong),
});

export const sessionSchema = z.object({
  /** an opaque handle of the session (not its cookie) */
  id: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** the session of this request */
  current: z.boolean(),
});
export type UserSession = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.object({ data: z.array(sessionSchema) });
export const sessionIdParamSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{16}$/, PROFILE_MESSAGES.sessionNotFound),
});
