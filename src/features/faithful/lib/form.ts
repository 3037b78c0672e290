import { z } from 'zod';
import {
  birthDateProblem,
  EMAIL_PATTERN,
  FAITHFUL_MESSAGES,
  normalizePhone,
  PHONE_PATTERN,
  REGISTRATION_PATTERN,
} from '@contract/values/faithful';
import type { CreateFaithfulBody, UpdateFaithfulBody, UserDetail } from '@contract/faithful';

/**
 * The faithful form as typed (strings), checked with the server's rules and French messages
 * (contract/faithful.ts), before anything is sent.
 */
export function faithfulFormSchema({ pickChurch }: { pickChurch: boolean }) {
  return z.object({
    firstname: z
      .string()
      .trim()
      .min(1, FAITHFUL_MESSAGES.firstnameRequired)
      .max(100, FAITHFUL_MESSAGES.nameTooLong),
    lastname: z
      .string()
      .trim()
      .min(1, FAITHFUL_MESSAGES.lastnameRequired)
      .max(100, FAITHFUL_MESSAGES.nameTooLong),
    phone: z
      .string()
      .refine(
        (v) => !v.trim() || PHONE_PATTERN.test(normalizePhone(v.trim())),
        FAITHFUL_MESSAGES.phoneInvalid,
      ),
    email: z
      .string()
      .refine(
        (v) => !v.trim() || (v.trim().length <= 150 && EMAIL_PATTERN.test(v.trim())),
        FAITHFUL_MESSAGES.emailInvalid,
      ),
    registration_number: z
      .string()
      .refine((v) => !v.trim() || REGISTRATION_PATTERN.test(v.trim()), FAITHFUL_MESSAGES.registrationInvalid),
    gender: z.enum(['', 'M', 'F'], { error: FAITHFUL_MESSAGES.genderInvalid }),
    birth_date: z.string().superRefine((value, ctx) => {
      const problem = value ? birthDateProblem(value) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    address: z.string().max(250, FAITHFUL_MESSAGES.addressTooLong),
    church_id: pickChurch ? z.string().min(1, FAITHFUL_MESSAGES.churchRequired) : z.string(),
  });
}

export type FaithfulFormValues = z.infer<ReturnType<typeof faithfulFormSchema>>;

export const emptyFaithfulForm: FaithfulFormValues = {
  firstname: '',
  lastname: '',
  phone: '',
  email: '',
  registration_number: '',
  gender: '',
  birth_date: '',
  address: '',
  church_id: '',
};

export function formValuesOf(user: UserDetail): FaithfulFormValues {
  return {
    firstname: user.firstname,
    lastname: user.lastname,
    phone: user.phone ?? '',
    email: user.email ?? '',
    registration_number: user.registration_number ?? '',
    gender: user.gender ?? '',
    birth_date: user.birth_date ?? '',
    address: user.address ?? '',
    church_id: user.church ? String(user.church.id) : '',
  };
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

/** The body of PUT /users/{id}: every field, empty ones cleared. */
export function toUpdateBody(values: FaithfulFormValues): UpdateFaithfulBody {
  return {
    firstname: values.firstname.trim(),
    lastname: values.lastname.trim(),
    phone: orNull(values.phone),
    email: orNull(values.email),
    registration_number: orNull(values.registration_number),
    gender: values.gender || null,
    birth_date: orNull(values.birth_date),
    address: orNull(values.address),
  };
}

/** The body of POST /users/faithful; empty optional fields are left out. */
export function toCreateBody(values: FaithfulFormValues, churchId: number): CreateFaithfulBody {
  const body: Record<string, unknown> = { church_id: churchId };
  for (const [key, value] of Object.entries(toUpdateBody(values))) if (value !== null) body[key] = value;
  return body as CreateFaithfulBody;
}

/** The server's 409/400 `errors` as form field errors (phone taken, email taken...). */
export function fieldErrorsOf(error: unknown): { field: keyof FaithfulFormValues; message: string }[] {
  const errors = (error as { errors?: { field: string; message: string }[] } | null)?.errors;
  if (!Array.isArray(errors)) return [];
  const fields = Object.keys(emptyFaithfulForm);
  return errors
    .filter((e) => fields.includes(e.field))
    .map((e) => ({ field: e.field as keyof FaithfulFormValues, message: e.message }));
}
