import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryOne } from '../../db/query';
import type { FinanceEntityType, JournalType, MovementSourceType } from '../../db/schema/finance';
import { SECURITY_MESSAGES } from '../../../../contract/security';
import { isArchivedEntity } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { assertYearOpen } from './closed-years';

/**
 * The one writer of treasury movements (append-only: the journals, the general journal, the account
 * journals and the financial report all read them). Call it inside the transaction of the write that
 * causes the movement (a contribution, an expense payment), never alone.
 */

export const MOVEMENT_MESSAGES = {
  notTreasuryAccount:
    'Le compte de paiement doit être un compte de trésorerie (caisse, banque ou électronique).',
  alreadyReversed: 'Ce mouvement a déjà été annulé.',
  notFound: 'Mouvement de trésorerie introuvable.',
} as const;

export type NewMovement = {
  entityType: FinanceEntityType;
  entityId: number;
  /** a treasury account (it has a journal type); its journal type is copied onto the movement */
  paymentAccountId: number;
  /** the receipt or expense account */
  operationAccountId: number | null;
  occurredAt: Date | string;
  designation: string;
  reference?: string | null;
  /** exactly one of receipt and expense is positive */
  receipt?: number;
  expense?: number;
  observations?: string | null;
  sourceType: Exclude<MovementSourceType, 'reversal'>;
  sourceId: number | null;
  createdBy: number | null;
};

export type MovementRow = { id: number; journal_type: JournalType };

/** The journal type of a treasury account, or a 400 when the account is not one. */
export async function journalTypeOf(tx: Db, paymentAccountId: number): Promise<JournalType> {
  const row = await queryOne<{ journal_type: JournalType | null }>(
    tx,
    sql`select journal_type from operation_accounts where id = ${paymentAccountId} and active`,
  );
  if (!row?.journal_type) throw httpError(400, MOVEMENT_MESSAGES.notTreasuryAccount);
  return row.journal_type;
}

/** Appends one movement; answers its id and journal type. */
export async function recordMovement(tx: Db, movement: NewMovement): Promise<MovementRow> {
  const receipt = movement.receipt ?? 0;
  const expense = movement.expense ?? 0;
  if (
    !Number.isInteger(receipt) ||
    !Number.isInteger(expense) ||
    receipt < 0 ||
    expense < 0 ||
    receipt > 0 === expense > 0
  )
    throw new Error('recordMovement: exactly one of receipt and expense must be a positive integer');
  // no money moves in an archived entity, whoever asks (decision 0027; authorize refuses it first)
  if (await isArchivedEntity(tx, movement.entityType, movement.entityId))
    throw httpError(409, SECURITY_MESSAGES.archivedEntity);
  const journalType = await journalTypeOf(tx, movement.paymentAccountId);
  const occurredAt =
    movement.occurredAt instanceof Date ? movement.occurredAt.toISOString() : movement.occurredAt;
  await assertYearOpen(tx, movement.entityType, movement.entityId, occurredAt);
  const row = await queryOne<{ id: number }>(
    tx,
    sql`insert into treasury_movements
          (entity_type, entity_id, payment_account_id, journal_type, operation_account_id, occurred_at,
           designation, reference, receipt, expense, observations, source_type, source_id, created_by)
        values (${movement.entityType}, ${movement.entityId}, ${movement.paymentAccountId}, ${journalType},
           ${movement.operationAccountId}, ${occurredAt}, ${movement.designation}, ${movement.reference ?? null},
           ${receipt}, ${expense}, ${movement.observations ?? null}, ${movement.sourceType},
           ${movement.sourceId}, ${movement.createdBy})
        returning id`,
  );
  return { id: Number(row!.id), journal_type: journalType };
}

/**
 * Cancels a movement by appending its opposite (source 'reversal', `reverses_id`), dated `at`
 * (default now). A movement is reversed at most once (409 otherwise). The reversal is a movement of its
 * own day: refused when that day's year is closed (closed-years.ts), accepted otherwise even when the
 * movement it cancels lies in a closed year, whose figures stay (decision 0042).
 */
export async function reverseMovement(
  tx: Db,
  movementId: number,
  options: { createdBy: number | null; at?: Date | string; observations?: string | null },
): Promise<MovementRow> {
  const original = await queryOne<{
    entity_type: FinanceEntityType;
    entity_id: number;
    payment_account_id: number;
    journal_type: JournalType;
    operation_account_id: number | null;
    designation: string;
    reference: string | null;
    receipt: number;
    expense: number;
    reversed: boolean;
  }>(
    tx,
    sql`select m.entity_type, m.entity_id, m.payment_account_id, m.journal_type, m.operation_account_id,
               m.designation, m.reference, m.receipt, m.expense,
               exists (select 1 from treasury_movements r where r.reverses_id = m.id) as reversed
        from treasury_movements m where m.id = ${movementId} for update`,
  );
  if (!original) throw httpError(404, MOVEMENT_MESSAGES.notFound);
  if (original.reversed) throw httpError(409, MOVEMENT_MESSAGES.alreadyReversed);
  const at = options.at instanceof Date ? options.at.toISOString() : (options.at ?? new Date().toISOString());
  await assertYearOpen(tx, original.entity_type, original.entity_id, at);
  const row = await queryOne<{ id: number }>(
    tx,
    sql`insert into treasury_movements
          (entity_type, entity_id, payment_account_id, journal_type, operation_account_id, occurred_at,
           designation, reference, receipt, expense, observations, source_type, source_id, reverses_id, created_by)
        values (${original.entity_type}, ${original.entity_id}, ${original.payment_account_id}, ${original.journal_type},
           ${original.operation_account_id}, ${at}, ${`Annulation : ${original.designation}`}, ${original.reference},
           ${original.expense}, ${original.receipt}, ${options.observations ?? null}, 'reversal', null,
           ${movementId}, ${options.createdBy})
        returning id`,
  );
  return { id: Number(row!.id), journal_type: original.journal_type };
}
