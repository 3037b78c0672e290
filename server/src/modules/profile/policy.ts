import { PROFILE_MESSAGES } from '../../../../contract/profile';
import { httpError } from '../../http/errors';

// The profile's rules (docs/features/profile.md). Every call of /mon-profil is on the signed-in user's
// own record (authorizeSignedIn): its services read and write `actor.userId`'s rows, nobody else's.

/**
 * A user keeps a way to sign in: the phone, the email or the matricule. A change of contact that clears
 * both the phone and the email of a user without matricule is refused (400).
 */
export function assertSignInKept(
  contact: { phone: string | null; email: string | null },
  registrationNumber: string | null,
): void {
  if (!contact.phone && !contact.email && !registrationNumber)
    throw httpError(400, PROFILE_MESSAGES.contactRequired);
}

/**
 * A new password, in this order: the current one was given right, the new one differs from it, and in
 * production it holds no demo password (`demoPassword`, in any case). Each refusal is a 400 in French;
 * its length is the contract's (passwordChangeBodySchema).
 */
export function assertNewPassword(change: {
  currentValid: boolean;
  current: string;
  next: string;
  production: boolean;
  demoPassword: string;
}): void {
  if (!change.currentValid) throw httpError(400, PROFILE_MESSAGES.currentWrong);
  if (change.next === change.current) throw httpError(400, PROFILE_MESSAGES.sameAsCurrent);
  if (change.production && change.next.toLowerCase().includes(change.demoPassword))
    throw httpError(400, PROFILE_MESSAGES.demoForbidden);
}
