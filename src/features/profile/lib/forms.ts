import { z } from 'zod';
import { profileUpdateBodySchema } from '@contract/profile';
import { PASSWORD_MIN, PROFILE_MESSAGES } from '@contract/values/profile';

/**
 * The contact form: the body of PUT /profile itself (contract/profile), both fields always sent, an
 * emptied one as null.
 */
export const contactFormSchema = profileUpdateBodySchema;
export type ContactFormInput = { phone: string; email: string };

export const passwordFormSchema = z
  .object({
    current_password: z.string().min(1, PROFILE_MESSAGES.currentRequired),
    new_password: z
      .string()
      .min(PASSWORD_MIN, PROFILE_MESSAGES.newTooShort)
      .max(200, PROFILE_MESSAGES.newTooLong),
    confirm: z.string(),
  })
  .refine((values) => values.confirm === values.new_password, {
    path: ['confirm'],
    message: PROFILE_MESSAGES.confirmMismatch,
  })
  .refine((values) => values.new_password !== values.current_password, {
    path: ['new_password'],
    message: PROFILE_MESSAGES.sameAsCurrent,
  });
export type PasswordFormValues = z.infer<typeof passwordFormSchema>;

/** 'Chrome sur Android' from a User-Agent, roughly; the raw string when nothing is recognised. */
export function deviceLabel(userAgent: string | null): string {
  if (!userAgent) return 'Appareil inconnu';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : null;
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} sur ${system}`;
  return browser ?? system ?? userAgent.slice(0, 60);
}
