import type { Db } from '../../db/client';
import { ANYWHERE, type Gate } from '../../http/authorize';
import type { Visibility } from '../../permissions/visibility';

// The faithful's rules beyond "holds the permission on the entity" (docs/features/faithful.md,
// decision 0010): on which entity a person is read or edited, and who decides a transfer.

/** Codes that let a user read the faithful. */
export const READ_CODES = ['user:view', 'member:view'];
/** The forms' people search also serves contribution entry and the choice of a new member. */
export const SEARCH_CODES = [...READ_CODES, 'contribution:create', 'member:create', 'member:manage'];
export const CREATE_CODES = ['user:create', 'member:create'];
export const UPDATE_CODES = ['user:update', 'member:update'];
/** Reading one person: a reading code, or `contribution:view` (the treasurer reads the contributor). */
const PERSON_READ_CODES = [...READ_CODES, 'contribution:view'];

/** A person already found visible (assertUserVisible: themselves, their church, or a group of theirs). */
type Person = { id: number; church_id: number | null };

/** The entity a person is authorised on: their church, or anywhere for an official without one. */
function entityOf(person: Person) {
  return person.church_id !== null ? { type: 'church', id: person.church_id } : ANYWHERE;
}

/**
 * Reading a person: oneself always; anyone else with a reading code (or `contribution:view`) on their
 * church, anywhere for an official without a church. Their visibility was checked by its own rule: only
 * the permission is asked.
 */
export async function assertMayReadPerson(gate: Gate, person: Person): Promise<void> {
  await gate.authorize(entityOf(person), PERSON_READ_CODES, {
    visibilityChecked: true,
    unless: (self) => self.userId === person.id,
  });
}

/** Editing a person: `user:update` (or `member:update`) on their church, anywhere for one without. */
export async function assertMayEditPerson(gate: Gate, person: Person): Promise<void> {
  await gate.authorize(entityOf(person), UPDATE_CODES, { visibilityChecked: true });
}

type TransferChurches = { from_church_id: number; to_church_id: number };
export type TransferDecision = 'accepted' | 'rejected' | 'cancelled';

/** A transfer is seen from either of its churches; otherwise it is answered as unknown (404). */
export function seesTransfer(visibility: Visibility, transfer: TransferChurches): boolean {
  return (
    visibility.all ||
    visibility.churchIds.includes(transfer.from_church_id) ||
    visibility.churchIds.includes(transfer.to_church_id)
  );
}

/** Who decides a transfer: the receiving church accepts or refuses it, the sending church cancels it. */
export function decidingChurch(transfer: TransferChurches, decision: TransferDecision): number {
  return decision === 'cancelled' ? transfer.from_church_id : transfer.to_church_id;
}

/**
 * Deciding a transfer (once it is seen, `seesTransfer`): `user:update` (or `member:update`) on the
 * deciding church, asked without seeing that church (the user may see only the other side).
 */
export async function assertMayDecide(
  gate: Gate,
  transfer: TransferChurches,
  decision: TransferDecision,
  options: { db?: Db } = {},
): Promise<void> {
  await gate.authorize({ type: 'church', id: decidingChurch(transfer, decision) }, UPDATE_CODES, {
    ...options,
    visibilityChecked: true,
  });
}
