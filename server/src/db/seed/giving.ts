import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ContributionType } from '../../../../contract/contributions';
import { DEMO_PENDING_TOKEN_PREFIX } from '../../modules/ligdicash';
import { recordSeededGift } from '../../modules/giving';
import type { Db } from '../client';
import { installDbFunctions } from '../functions';
import { queryOne, queryRows } from '../query';

/**
 * Online giving in the demo (decision 0043). Deterministic: the same organisation and date give the
 * same rows; runs once (nothing is added when the church already has its settings).
 *
 * - the church of tresorier@, pasteur@ and fidele@ takes gifts online: open, through the built-in
 *   simulator (its own merchant account, no key needed while LIGDICASH_API_URL is empty), recorded on
 *   the denomination's 'Agrégateur de paiement' account (5559, journal Électronique), public page
 *   /donner/donnerdemo;
 * - a week of gifts: fidele@'s tithe and an offering to their Chorale, other members', a visitor's and an
 *   anonymous one, each recorded as a confirmation records it (contribution, fee of 2 % as 'Frais de
 *   paiement en ligne', notices); one still pending at the simulator (it expires after an hour, like any
 *   other), one refused.
 */

export const DEMO_GIVING_CODE = 'donnerdemo';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type GiftSeed = {
  giver: 'fidele' | 0 | 1 | 2 | 'guest' | 'anonymous';
  guestName?: string;
  department?: boolean;
  type: ContributionType;
  amount: number;
  operator: string;
  /** before `now` */
  ago: number;
  outcome: 'paid' | 'pending' | 'failed';
};

const GIFTS: GiftSeed[] = [
  {
    giver: 'fidele',
    type: 'tithe',
    amount: 15_000,
    operator: 'Orange Money',
    ago: 6 * DAY + 3 * HOUR,
    outcome: 'paid',
  },
  { giver: 0, type: 'offering', amount: 5_000, operator: 'Wave', ago: 5 * DAY + 5 * HOUR, outcome: 'paid' },
  {
    giver: 'guest',
    guestName: 'Kofi Mensah',
    type: 'special_gift',
    amount: 10_000,
    operator: 'MTN MoMo',
    ago: 4 * DAY + 2 * HOUR,
    outcome: 'paid',
  },
  {
    giver: 1,
    type: 'tithe',
    amount: 25_000,
    operator: 'Carte bancaire',
    ago: 3 * DAY + 7 * HOUR,
    outcome: 'paid',
  },
  {
    giver: 'guest',
    guestName: 'Awa Traoré',
    type: 'tithe',
    amount: 7_500,
    operator: 'Moov Money',
    ago: 2 * DAY + 6 * HOUR,
    outcome: 'failed',
  },
  {
    giver: 'fidele',
    department: true,
    type: 'offering',
    amount: 2_000,
    operator: 'Moov Money',
    ago: 2 * DAY + 1 * HOUR,
    outcome: 'paid',
  },
  {
    giver: 'anonymous',
    type: 'offering',
    amount: 1_000,
    operator: 'Orange Money',
    ago: 1 * DAY + 4 * HOUR,
    outcome: 'paid',
  },
  { giver: 2, type: 'special_gift', amount: 50_000, operator: 'Wave', ago: 3 * HOUR, outcome: 'paid' },
  {
    giver: 0,
    type: 'offering',
    amount: 3_000,
    operator: 'Orange Money',
    ago: 5 * 60_000,
    outcome: 'pending',
  },
];

const silent = { info: () => {}, warn: () => {}, error: () => {} } as unknown as Parameters<
  typeof recordSeededGift
>[0]['log'];

export async function seedGiving(db: Db, options: { now?: Date } = {}): Promise<void> {
  const now = options.now ?? new Date();
  const treasurer = await queryOne<{ church_id: number | null }>(
    db,
    sql`select church_id from users where email = 'tresorier@example.org'`,
  );
  if (!treasurer?.church_id) return;
  const churchId = Number(treasurer.church_id);
  const existing = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from giving_settings where church_id = ${churchId}`,
  );
  if (Number(existing?.n) > 0) return;
  // the gifts are recorded as a confirmation records them, notices included: the permission functions
  // must exist (a first `npm start` seeds before the app installs them)
  await installDbFunctions(db);
  const account = await queryOne<{ id: number }>(
    db,
    sql`select id from operation_accounts where code = '5559' and entity_type is null`,
  );
  if (!account) return;
  const fidele = await queryOne<{ id: number; phone: string | null }>(
    db,
    sql`select id, phone from users where email = 'fidele@example.org'`,
  );
  const members = await queryRows<{ id: number; phone: string | null }>(
    db,
    sql`select u.id, u.phone from users u
        where u.church_id = ${churchId} and u.active and u.id <> ${fidele?.id ?? 0}
          and not exists (select 1 from role_assignments ra where ra.user_id = u.id
                          and ra.role_id <> (select id from roles where code = 'faithful'))
        order by u.id limit 3`,
  );
  const department = fidele
    ? await queryOne<{ id: number }>(
        db,
        sql`select d.id from department_members m join departments d on d.id = m.department_id
            where m.user_id = ${fidele.id} and d.entity_type = 'church' and d.entity_id = ${churchId}
            order by d.id limit 1`,
      )
    : null;
  const receipt = async (type: ContributionType) => {
    const code = { tithe: '7581', offering: '7582', special_gift: '7583', pledge: '7584', other: '7583' }[
      type
    ];
    const row = await queryOne<{ id: number }>(
      db,
      sql`select id from operation_accounts where code = ${code} and entity_type is null`,
    );
    return Number(row!.id);
  };

  await db.execute(
    sql`insert into giving_settings (church_id, enabled, collection, payment_account_id, code, updated_at)
        values (${churchId}, true, 'church', ${account.id}, ${DEMO_GIVING_CODE}, ${new Date(now.getTime() - 8 * DAY).toISOString()})`,
  );

  for (const [index, gift] of GIFTS.entries()) {
    const giver =
      gift.giver === 'fidele'
        ? fidele
        : typeof gift.giver === 'number'
          ? (members[gift.giver] ?? null)
          : null;
    if ((gift.giver === 'fidele' || typeof gift.giver === 'number') && !giver) continue;
    const toDepartment = gift.department && department;
    const at = new Date(now.getTime() - gift.ago);
    const created = new Date(at.getTime() - 4 * 60_000);
    const phone = giver?.phone ?? `07${String(10_203_040 + index * 1_111).slice(0, 8)}`;
    const token =
      gift.outcome === 'pending'
        ? `${DEMO_PENDING_TOKEN_PREFIX}${index}`
        : `sim_seed_${index}_${at.getTime()}`;
    const row = await queryOne<{ id: number }>(
      db,
      sql`insert into giving_checkouts
            (public_id, transaction_id, church_id, entity_type, entity_id, user_id, guest_name, is_anonymous,
             phone, type, amount, notes, payment_account_id, receipt_account_id, merchant, status, token,
             payment_url, ip, created_at, updated_at, checked_at, failure_reason)
          values (${randomBytes(16).toString('base64url')}, ${`EKD-${churchId}-demo${index}`},
            ${churchId}, ${toDepartment ? 'department' : 'church'}, ${toDepartment ? department!.id : churchId},
            ${giver?.id ?? null}, ${gift.guestName ?? null}, ${gift.giver === 'anonymous'}, ${phone}, ${gift.type},
            ${gift.amount}, null, ${account.id}, ${await receipt(gift.type)}, 'simulator',
            ${gift.outcome === 'failed' ? 'failed' : 'pending'}, ${token}, null,
            ${giver ? null : '192.0.2.10'}, ${created.toISOString()}, ${created.toISOString()},
            ${gift.outcome === 'failed' ? at.toISOString() : null},
            ${gift.outcome === 'failed' ? 'Paiement non abouti (statut LigdiCash : nocompleted).' : null})
          returning id`,
    );
    if (gift.outcome !== 'paid') continue;
    await recordSeededGift(
      { db, log: silent },
      Number(row!.id),
      {
        reference: `LGD${at.getTime()}${String(index).padStart(2, '0')}`,
        operator: gift.operator,
        fee: Math.round(gift.amount * 0.02),
      },
      at,
    );
  }
}
