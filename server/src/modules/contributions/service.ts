import { randomBytes } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { ACCOUNT_CATEGORIES } from '../../../../contract/accounts';
import type { z } from 'zod';
import {
  CONTRIBUTION_MESSAGES,
  CONTRIBUTION_TYPE_LABELS,
  type Contribution,
  type contributionListQuerySchema,
  type ContributionType,
  type createContributionBodySchema,
} from '../../../../contract/contributions';
import { audit } from '../../audit/audit';
import type { Db } from '../../db/client';
import { queryOne, queryRows } from '../../db/query';
import { departments, users } from '../../db/schema/core';
import { contributions, type FinanceEntityType } from '../../db/schema/finance';
import type { Actor, Gate } from '../../http/authorize';
import { httpError } from '../../http/errors';
import { assertAccountOfEntity } from '../accounts';
import { departmentLeaderRule } from '../activities';
import { assertRecordYearOpen, recordMovement, reverseMovement } from '../treasury';
import { authorizeListScope } from './policy';
import { assertPeriod, getContribution, listContributions, memberChurch } from './queries';

/**
 * GET /contributions: whose contributions the user may list (policy.ts), the period checked, then one
 * page and the totals of the whole filtered set.
 */
export async function listVisibleContributions(
  db: Db,
  gate: Gate,
  query: z.output<typeof contributionListQuerySchema>,
) {
  const scope = await authorizeListScope(
    gate,
    query,
    (userId) => memberChurch(db, userId),
    (entity) => departmentLeaderRule(db, entity),
  );
  assertPeriod(query);
  return listContributions(db, scope, query);
}

type CreateBody = z.output<typeof createContributionBodySchema>;

type Contributor = Pick<typeof users.$inferSelect, 'id' | 'firstname' | 'lastname'>;

/** The owner (type, id) of a department, or the entity itself. */
async function ownerOf(
  db: Db,
  type: FinanceEntityType,
  id: number,
): Promise<{ type: FinanceEntityType; id: number }> {
  if (type !== 'department') return { type, id };
  const [row] = await db
    .select({ type: departments.entityType, id: departments.entityId })
    .from(departments)
    .where(eq(departments.id, id));
  if (!row) throw httpError(404, 'Département introuvable.');
  return row;
}

/** SQL: the church id column belongs to the entity (a church of it, or below it). */
function churchWithin(type: FinanceEntityType, id: number, churchId: SQL): SQL {
  switch (type) {
    case 'church':
      return sql`${churchId} = ${id}`;
    case 'section':
      return sql`exists (select 1 from churches ch where ch.id = ${churchId} and ch.section_id = ${id})`;
    case 'region':
      return sql`exists (select 1 from churches ch join sections s on s.id = ch.section_id
                         where ch.id = ${churchId} and s.region_id = ${id})`;
    case 'national_office':
      return sql`exists (select 1 from churches ch join sections s on s.id = ch.section_id
                         join regions r on r.id = s.region_id where ch.id = ${churchId} and r.national_office_id = ${id})`;
    default:
      return sql`false`;
  }
}

/** The contributor, when they are an active faithful member of a church of the entity (or below it). */
async function faithfulOfEntity(
  db: Db,
  type: FinanceEntityType,
  id: number,
  userId: number,
): Promise<Contributor | null> {
  const owner = await ownerOf(db, type, id);
  const row = await queryOne<Contributor>(
    db,
    sql`select u.id, u.firstname, u.lastname from users u
        where u.id = ${userId} and u.active and u.church_id is not null
          and ${churchWithin(owner.type, owner.id, sql`u.church_id`)}`,
  );
  return row ?? null;
}

/** Validates occurred_at: a real instant, not before 1900, not in the future (5 minutes of clock skew). */
export function parseOccurredAt(value: string): string {
  const [, hh, mm] = /T(\d{2}):(\d{2})/.exec(value) ?? [];
  if (Number(hh) > 23 || Number(mm) > 59) throw httpError(400, CONTRIBUTION_MESSAGES.timeInvalid);
  const hasOffset = /(Z|[+-]\d{2}:\d{2})$/.test(value);
  const date = new Date(hasOffset ? value : `${value}Z`);
  if (Number.isNaN(date.getTime())) throw httpError(400, CONTRIBUTION_MESSAGES.dateInvalid);
  if (date.getTime() < Date.UTC(1900, 0, 1)) throw httpError(400, CONTRIBUTION_MESSAGES.dateTooOld);
  if (date.getTime() > Date.now() + 5 * 60_000) throw httpError(400, CONTRIBUTION_MESSAGES.dateFuture);
  return date.toISOString();
}

/** A contribution checked and ready to write. */
export type NewContribution = {
  entityType: FinanceEntityType;
  entityId: number;
  userId: number | null;
  contributorName: string | null;
  isAnonymous: boolean;
  type: ContributionType;
  amount: number;
  occurredAt: string;
  receiptAccountId: number;
  paymentAccountId: number;
  notes: string | null;
  /** the giver's name when they are not a member (a guest's online gift) */
  giverName?: string | null;
  /** an online gift (decision 0043): the provider's transaction reference (unique) and the operator */
  online?: { reference: string; operator: string | null } | null;
};

/** Who records a contribution: a signed-in user, or nobody for an online gift the provider confirmed. */
export type ContributionAuthor = Pick<Actor, 'userId' | 'ip'> | { userId: null; ip: string | null };

/** An online gift as the giving module describes it, before the contribution's rules are checked. */
export type OnlineGift = {
  entityType: 'church' | 'department';
  entityId: number;
  /** the member who gives; null for a guest */
  userId: number | null;
  giverName: string | null;
  isAnonymous: boolean;
  type: ContributionType;
  amount: number;
  /** when the provider confirmed it (ISO) */
  occurredAt: string;
  receiptAccountId: number;
  paymentAccountId: number;
  notes: string | null;
  online: { reference: string; operator: string | null } | null;
};

/**
 * The rules of a new contribution for an online gift (decision 0043), as for one recorded at the
 * counter: a named member is an active faithful of the entity (or below it), both accounts are active
 * and authorised to the entity. Checked when the checkout starts, and again when it is recorded.
 */
export async function checkOnlineContribution(db: Db, gift: OnlineGift): Promise<NewContribution> {
  let contributor: Contributor | null = null;
  if (gift.userId !== null) {
    contributor = await faithfulOfEntity(db, gift.entityType, gift.entityId, gift.userId);
    if (!contributor) throw httpError(400, CONTRIBUTION_MESSAGES.contributorNotFaithful);
  }
  const accounts = [
    [gift.receiptAccountId, ACCOUNT_CATEGORIES.RECEIPT, CONTRIBUTION_MESSAGES.receiptAccountInvalid],
    [gift.paymentAccountId, ACCOUNT_CATEGORIES.TREASURY, CONTRIBUTION_MESSAGES.paymentAccountInvalid],
  ] as const;
  for (const [accountId, category, message] of accounts)
    await assertAccountOfEntity(db, accountId, [category], gift.entityType, gift.entityId, message);
  const anonymous = gift.isAnonymous;
  return {
    entityType: gift.entityType,
    entityId: gift.entityId,
    userId: contributor?.id ?? null,
    contributorName: anonymous
      ? null
      : contributor
        ? `${contributor.firstname} ${contributor.lastname}`
        : gift.giverName,
    isAnonymous: anonymous,
    type: gift.type,
    amount: gift.amount,
    occurredAt: gift.occurredAt,
    receiptAccountId: gift.receiptAccountId,
    paymentAccountId: gift.paymentAccountId,
    notes: gift.notes,
    giverName: contributor || anonymous ? null : gift.giverName,
    online: gift.online,
  };
}

/**
 * The rules of a new contribution, checked before its transaction: a named contributor is an active
 * faithful of the entity (or below it), the instant is plausible, and both accounts are active and
 * authorised to the entity. (The anonymous permission is the caller's to check.)
 */
export async function checkNewContribution(
  db: Db,
  type: FinanceEntityType,
  body: CreateBody,
): Promise<NewContribution> {
  let contributor: Contributor | null = null;
  if (!body.is_anonymous) {
    if (!body.user_id) throw httpError(400, CONTRIBUTION_MESSAGES.contributorRequired);
    contributor = await faithfulOfEntity(db, type, body.entity_id, body.user_id);
    if (!contributor) throw httpError(400, CONTRIBUTION_MESSAGES.contributorNotFaithful);
  }
  const occurredAt = parseOccurredAt(body.occurred_at);
  const accounts = [
    [body.receipt_account_id, ACCOUNT_CATEGORIES.RECEIPT, CONTRIBUTION_MESSAGES.receiptAccountInvalid],
    [body.payment_account_id, ACCOUNT_CATEGORIES.TREASURY, CONTRIBUTION_MESSAGES.paymentAccountInvalid],
  ] as const;
  for (const [accountId, category, message] of accounts)
    await assertAccountOfEntity(db, accountId, [category], type, body.entity_id, message);
  return {
    entityType: type,
    entityId: body.entity_id,
    userId: contributor?.id ?? null,
    contributorName: contributor ? `${contributor.firstname} ${contributor.lastname}` : null,
    isAnonymous: body.is_anonymous,
    type: body.type,
    amount: body.amount,
    occurredAt,
    receiptAccountId: body.receipt_account_id,
    paymentAccountId: body.payment_account_id,
    notes: body.notes ? body.notes : null,
  };
}

export function newPublicId(): string {
  return randomBytes(16).toString('base64url');
}

/** 'Dîme - Kouassi Aya' / 'Offrande - Anonyme': the designation of the movement in the journals. */
export function designationOf(type: ContributionType, name: string | null): string {
  return `${CONTRIBUTION_TYPE_LABELS[type]} - ${name ?? 'Anonyme'}`;
}

/**
 * Writes the contribution (receipt number, public id), its treasury movement and its audit record,
 * inside the caller's transaction (the idempotent write's). Answers the contribution as written.
 */
export async function recordContribution(
  tx: Db,
  actor: ContributionAuthor,
  input: NewContribution,
): Promise<Contribution> {
  const year = new Date().getUTCFullYear();
  const row = await queryOne<Pick<typeof contributions.$inferSelect, 'id'> & { receipt_number: string }>(
    tx,
    sql`insert into contributions
          (entity_type, entity_id, user_id, is_anonymous, type, amount, occurred_at, receipt_account_id,
           payment_account_id, notes, receipt_number, public_id, status, created_by, giver_name,
           online_reference, online_operator)
        values (${input.entityType}, ${input.entityId}, ${input.userId}, ${input.isAnonymous}, ${input.type},
           ${input.amount}, ${input.occurredAt}, ${input.receiptAccountId}, ${input.paymentAccountId},
           ${input.notes}, ${`R-${year}-`} || lpad(nextval('contribution_receipt_number_seq')::text, 6, '0'),
           ${newPublicId()}, 'valid', ${actor.userId}, ${input.giverName ?? null},
           ${input.online?.reference ?? null}, ${input.online?.operator ?? null})
        returning id, receipt_number`,
  );
  if (!row) throw new Error('contribution not inserted');
  const id = Number(row.id);
  const movement = await recordMovement(tx, {
    entityType: input.entityType,
    entityId: input.entityId,
    paymentAccountId: input.paymentAccountId,
    operationAccountId: input.receiptAccountId,
    occurredAt: input.occurredAt,
    designation: designationOf(input.type, input.contributorName),
    reference: row.receipt_number,
    receipt: input.amount,
    observations: input.notes,
    sourceType: 'contribution',
    sourceId: id,
    createdBy: actor.userId,
  });
  await audit(tx, {
    userId: actor.userId,
    action: 'contribution.create',
    entityType: 'contribution',
    entityId: id,
    data: {
      entity_type: input.entityType,
      entity_id: input.entityId,
      receipt_number: row.receipt_number,
      amount: input.amount,
      type: input.type,
      anonymous: input.isAnonymous,
      movement_id: movement.id,
      ...(input.online ? { online_reference: input.online.reference, giver_user_id: input.userId } : {}),
    },
    ip: actor.ip,
  });
  return (await getContribution(tx, id))!;
}

/**
 * Cancels a valid contribution inside the caller's transaction: the receipt becomes 'cancelled' and
 * each of its movements not yet reversed gets its reversal, dated now (movements are never changed); 409
 * when it was already cancelled, or when its date lies in a year its entity closed: its status is a
 * figure of that year (the receipts of the year, its budget's actual income: decision 0042). Answers the
 * contribution as cancelled.
 */
export async function cancelContribution(
  tx: Db,
  actor: Actor,
  id: number,
  reason: string | null,
): Promise<Contribution> {
  const current = await queryOne<{
    status: string;
    entity_type: FinanceEntityType;
    entity_id: number;
    year: string;
  }>(
    tx,
    sql`select status, entity_type, entity_id, to_char(occurred_at at time zone 'Africa/Abidjan', 'YYYY') as year
        from contributions where id = ${id} for update`,
  );
  if (current?.status !== 'valid') throw httpError(409, CONTRIBUTION_MESSAGES.alreadyCancelled);
  const entity = { type: current.entity_type, id: Number(current.entity_id) };
  await assertRecordYearOpen(tx, entity, Number(current.year));
  await tx.execute(
    sql`update contributions set status = 'cancelled', cancelled_at = now(), cancelled_by = ${actor.userId}
        where id = ${id}`,
  );
  const movements = await queryRows<{ id: number }>(
    tx,
    sql`select m.id from treasury_movements m
        where m.source_type = 'contribution' and m.source_id = ${id}
          and not exists (select 1 from treasury_movements r where r.reverses_id = m.id)`,
  );
  for (const movement of movements)
    await reverseMovement(tx, Number(movement.id), { createdBy: actor.userId, observations: reason });
  await audit(tx, {
    userId: actor.userId,
    action: 'contribution.cancel',
    entityType: 'contribution',
    entityId: id,
    data: { reason, reversed_movements: movements.map((m) => Number(m.id)) },
    ip: actor.ip,
  });
  return (await getContribution(tx, id))!;
}
