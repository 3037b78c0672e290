import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { computeClosing } from '../../modules/closings';
import { queryOne } from '../query';

/**
 * The accounting back office of the demo (decision 0025). Deterministic: the same organisation and year give
 * the same rows; runs once (nothing is added when the national office already has fixed assets).
 *
 * - fixed assets of the first national office in several asset accounts (furniture, computers, sound,
 *   vehicles, buildings), bought over the last four years, one not depreciable, one prorated;
 * - the year before last of that office closed, with its carry-forward (so that last year can be closed
 *   in the demo: years close in order);
 * - the register of the first church (tresorier@'s): its pews, the sound desk's computer and projector,
 *   the children's hall built two years ago (its own back office, decision 0048). No closing there: its
 *   accountant (comptable@) closes last year in the demo.
 */

type AssetSeed = {
  name: string;
  account: string | null;
  price: number;
  extra: number;
  /** years before the current one, month, day */
  bought: [number, number, number];
  /** months after the purchase before the commissioning, or null */
  commissionedAfter: number | null;
  life: number | null;
  rate: number | null;
  residual: number;
  depreciable: boolean;
  supplier: string;
  location: string;
};

/** The secretariat's computers and printer: one account, one supplier, three years, in one place. */
const SECRETARIAT_EQUIPMENT = {
  account: '2442',
  commissionedAfter: null,
  life: 3,
  rate: null,
  residual: 0,
  depreciable: true,
  supplier: 'Bureau Vallée Plateau',
  location: 'Secrétariat général',
} as const;

const ASSETS: AssetSeed[] = [
  {
    name: 'Véhicule de mission Toyota Hilux',
    account: '2451',
    price: 18_500_000,
    extra: 650_000,
    bought: [3, 4, 12],
    commissionedAfter: 1,
    life: 5,
    rate: null,
    residual: 2_000_000,
    depreciable: true,
    supplier: 'CFAO Motors',
    location: 'Siège national',
  },
  {
    name: 'Ordinateurs du secrétariat (3)',
    price: 1_650_000,
    extra: 0,
    bought: [2, 9, 3],
    ...SECRETARIAT_EQUIPMENT,
  },
  {
    name: 'Imprimante multifonction',
    price: 420_000,
    extra: 35_000,
    bought: [1, 2, 20],
    ...SECRETARIAT_EQUIPMENT,
  },
  {
    name: 'Sonorisation de la salle de conférence',
    account: '2443',
    price: 3_200_000,
    extra: 250_000,
    bought: [2, 6, 15],
    commissionedAfter: 2,
    life: 4,
    rate: null,
    residual: 200_000,
    depreciable: true,
    supplier: 'Sono Pro Abidjan',
    location: 'Salle de conférence',
  },
  {
    name: 'Mobilier de bureau',
    account: '2441',
    price: 2_100_000,
    extra: 150_000,
    bought: [3, 1, 8],
    commissionedAfter: null,
    life: 10,
    rate: 10,
    residual: 0,
    depreciable: true,
    supplier: 'Ivoire Meubles',
    location: 'Siège national',
  },
  {
    name: 'Climatiseurs de la salle de réunion',
    account: '2313',
    price: 1_800_000,
    extra: 300_000,
    bought: [1, 11, 4],
    commissionedAfter: null,
    life: 5,
    rate: null,
    residual: 100_000,
    depreciable: true,
    supplier: 'Froid Service CI',
    location: 'Salle de réunion',
  },
  {
    name: 'Terrain du futur siège (Bingerville)',
    account: '2313',
    price: 25_000_000,
    extra: 1_200_000,
    bought: [2, 3, 1],
    commissionedAfter: null,
    life: null,
    rate: null,
    residual: 0,
    depreciable: false,
    supplier: 'Étude notariale Kouassi',
    location: 'Bingerville',
  },
];

/** The first church's register: furniture, computers and a building (not account 2443, left empty). */
const CHURCH_ASSETS: AssetSeed[] = [
  {
    name: 'Bancs de la nef (60)',
    account: '2441',
    price: 2_400_000,
    extra: 120_000,
    bought: [3, 2, 10],
    commissionedAfter: null,
    life: 10,
    rate: null,
    residual: 0,
    depreciable: true,
    supplier: 'Menuiserie Saint-Joseph',
    location: 'Nef',
  },
  {
    name: 'Ordinateur et vidéoprojecteur de la régie',
    account: '2442',
    price: 950_000,
    extra: 0,
    bought: [1, 5, 6],
    commissionedAfter: null,
    life: 3,
    rate: null,
    residual: 0,
    depreciable: true,
    supplier: 'Bureau Vallée Plateau',
    location: 'Régie',
  },
  {
    name: 'Extension de la salle des enfants',
    account: '2313',
    price: 6_500_000,
    extra: 400_000,
    bought: [2, 8, 1],
    commissionedAfter: 3,
    life: 20,
    rate: null,
    residual: 0,
    depreciable: true,
    supplier: 'Entreprise Bâtir CI',
    location: 'Cour de l’église',
  },
];

const day = (year: number, month: number, d: number) =>
  `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

export async function seedBackOffice(db: Db, options: { now?: Date } = {}): Promise<{ assets: number }> {
  const office = await queryOne<{ id: number }>(db, sql`select min(id)::int as id from national_offices`);
  if (!office?.id) return { assets: 0 };
  const existing = await queryOne<{ n: number }>(
    db,
    sql`select count(*)::int as n from fixed_assets where entity_type = 'NATIONAL_OFFICE' and entity_id = ${office.id}`,
  );
  if (Number(existing?.n ?? 0) > 0) return { assets: 0 };
  const year = (options.now ?? new Date()).getUTCFullYear();
  const treasurer = await queryOne<{ id: number }>(
    db,
    sql`select id from users where email = 'national@example.org'`,
  );
  await insertAssets(db, ASSETS, 'NATIONAL_OFFICE', office.id, year, treasurer?.id ?? null);
  const closed = year - 2;
  const c = await computeClosing(db, 'NATIONAL_OFFICE', office.id, closed);
  const row = await queryOne<{ id: number }>(
    db,
    sql`insert into fiscal_closings (entity_type, entity_id, year, products, charges, depreciation, disposals, result, closed_by, created_at)
        values ('national_office', ${office.id}, ${closed}, ${c.products}, ${c.charges}, ${c.depreciation}, ${c.disposals}, ${c.result},
          ${treasurer?.id ?? null}, ${`${closed + 1}-01-15T09:00:00Z`})
        returning id`,
  );
  for (const a of c.accounts)
    await db.execute(
      sql`insert into fiscal_closing_accounts (closing_id, payment_account_id, opening_balance, receipts, expenses, closing_balance)
          values (${row!.id}, ${a.payment_account_id}, ${a.opening_balance}, ${a.receipts}, ${a.expenses}, ${a.closing_balance})`,
    );
  const church = await queryOne<{ id: number; treasurer: number | null }>(
    db,
    sql`select c.id, (select id from users where email = 'tresorier@example.org') as treasurer
        from churches c where c.id = (select min(id) from churches)`,
  );
  if (church?.id) await insertAssets(db, CHURCH_ASSETS, 'CHURCH', church.id, year, church.treasurer ?? null);
  return { assets: ASSETS.length + (church?.id ? CHURCH_ASSETS.length : 0) };
}

/** Each asset of `assets` in the register of the entity, bought `bought[0]` years before `year`. */
async function insertAssets(
  db: Db,
  assets: AssetSeed[],
  entityType: 'NATIONAL_OFFICE' | 'CHURCH',
  entityId: number,
  year: number,
  createdBy: number | null,
) {
  for (const a of assets) {
    const [back, month, d] = a.bought;
    const purchase = day(year - back, month, d);
    const commissioning =
      a.commissionedAfter === null
        ? null
        : day(
            year - back + Math.floor((month - 1 + a.commissionedAfter) / 12),
            ((month - 1 + a.commissionedAfter) % 12) + 1,
            1,
          );
    await db.execute(
      sql`insert into fixed_assets (name, operation_account_id, purchase_price, additional_costs, currency,
              purchase_date, commissioning_date, supplier, location, depreciable, useful_life_years, residual_value,
              annual_depreciation_rate, entity_type, entity_id, created_by)
            values (${a.name}, (select id from operation_accounts where code = ${a.account} and entity_type is null),
              ${a.price}, ${a.extra}, 'XOF', ${purchase}, ${commissioning}, ${a.supplier}, ${a.location},
              ${a.depreciable}, ${a.life}, ${a.residual}, ${a.rate}, ${entityType}, ${entityId},
              ${createdBy})`,
    );
  }
}
