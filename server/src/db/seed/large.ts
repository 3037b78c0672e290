import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { queryRows } from '../query';
import { operationAccountIdsByCode } from './accounts';
import { PEOPLE_AND_MONEY_TABLES, resetIdSequences, resetReceiptNumbers } from './sequences';
import {
  COUNTRIES,
  FEMALE_FIRST_NAMES,
  LAST_NAMES_BY_COUNTRY,
  MALE_FIRST_NAMES,
  ORGANISATION,
  STREETS,
  type ChurchSeed,
} from './names';

export type SeedLargeOptions = {
  log?: (message: string) => void;
  /** faithful to add (default 100,000) */
  faithful?: number;
  /** treasury movements to add, contributions and expense payments together (default 1,000,000) */
  movements?: number;
  /** expense requests of the first church (default 10,000: the list's benchmark, decision 0003) */
  firstChurchRequests?: number;
  /** expense requests spread over the other churches (default 15,000) */
  otherRequests?: number;
  now?: Date;
};

export type SeedLargeSummary = { counts: Record<string, number>; durationMs: number };

const E_ACCOUNT: Record<ChurchSeed['country'], string> = { CI: '5551', SN: '5554', TG: '5553', BJ: '5552' };

/** A deterministic pseudo-random non-negative bigint from an integer SQL expression and a salt
 * (PostgreSQL's own hash function, sign bit cleared): different salts give independent draws. */
const h = (expr: string, salt: number) =>
  `(hashint8extended((${expr})::bigint, ${salt}) & 9223372036854775807)`;
const M = [48271, 69621, 16807, 39373, 40692, 40014, 62089911, 630360016, 742938285, 950706376, 1226874159];

/**
 * The benchmark volume on top of the demo (`npm run seed -- --large`): 100,000 faithful spread over the
 * churches, expense requests (10,000 in the first church) with lines paid in two instalments, and
 * contributions, so that contributions and payments give 1,000,000 treasury movements. Everything is
 * built in SQL (INSERT ... SELECT FROM generate_series) and is deterministic; the invariants of the demo
 * hold (one movement per contribution and per payment).
 */
export async function seedLarge(db: Db, options: SeedLargeOptions = {}): Promise<SeedLargeSummary> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const faithful = options.faithful ?? 100_000;
  const targetMovements = options.movements ?? 1_000_000;
  const firstChurchRequests = options.firstChurchRequests ?? 10_000;
  const otherRequests = options.otherRequests ?? 15_000;
  const now = (options.now ?? new Date()).toISOString();
  let lap = performance.now();
  const step = (message: string) => {
    const t = performance.now();
    log(`[large] ${message} (${((t - lap) / 1000).toFixed(1)} s)`);
    lap = t;
  };

  // ---- what the demo built
  const churchRows = await queryRows<{
    id: number;
    name: string;
    city: string | null;
    treasurer: number | null;
  }>(
    db,
    sql`
      select c.id, c.name, c.city,
        (select ra.user_id from role_assignments ra join roles r on r.id = ra.role_id
          where r.code = 'church::tresorier-general' and ra."group" = 'churches' and ra.group_id = c.id
          order by ra.id limit 1) as treasurer
      from churches c order by c.id`,
  );
  if (churchRows.length === 0) throw new Error('seedLarge: seed the demo first');
  const seeds = new Map(
    ORGANISATION.flatMap((r) => r.sections.flatMap((s) => s.churches)).map((c) => [c.name, c]),
  );
  const accounts = await operationAccountIdsByCode(db);
  const acc = (code: string) => accounts.get(code)!;
  const [{ faithfulRole, anyUser }] = await queryRows<{ faithfulRole: number; anyUser: number }>(
    db,
    sql`
      select (select id from roles where code = 'faithful') as "faithfulRole",
             (select min(id) from users) as "anyUser"`,
  );
  const churchTable = churchRows.map((c, idx) => {
    const seed = seeds.get(c.name);
    const country = COUNTRIES[seed?.country ?? 'CI'];
    return {
      idx,
      id: c.id,
      dial: country.dial,
      prefixes: country.mobilePrefixes.join(','),
      nprefixes: country.mobilePrefixes.length,
      digits: country.localDigits,
      modulus: 10 ** country.localDigits,
      place: `${seed?.district ?? 'Centre'}, ${seed?.city ?? c.city ?? 'Abidjan'}`,
      eaccount: acc(E_ACCOUNT[seed?.country ?? 'CI']),
      treasurer: c.treasurer ?? anyUser,
    };
  });
  const n = churchTable.length;
  // the churches as a derived table
  const churchesCte = sql`c as (
    select * from jsonb_to_recordset(${JSON.stringify(churchTable)}::jsonb) as x(
      idx int, id int, dial text, prefixes text, nprefixes int, digits int, modulus bigint, place text,
      eaccount int, treasurer int))`;
  const maxId = async (table: string) =>
    Number(
      (
        await queryRows<{ max: number | null }>(
          db,
          sql.raw(`select coalesce(max(id), 0)::bigint as max from ${table}`),
        )
      )[0].max,
    );

  // ---- faithful
  const userBase = await maxId('users');
  const names = sql`p as (select
      array(select jsonb_array_elements_text(${JSON.stringify(FEMALE_FIRST_NAMES)}::jsonb)) as female,
      array(select jsonb_array_elements_text(${JSON.stringify(MALE_FIRST_NAMES)}::jsonb)) as male,
      array(select jsonb_array_elements_text(${JSON.stringify(Object.values(LAST_NAMES_BY_COUNTRY).flat())}::jsonb)) as last,
      array(select jsonb_array_elements_text(${JSON.stringify(STREETS)}::jsonb)) as streets)`;
  const USER_CHUNK = 25_000;
  for (let from = 1; from <= faithful; from += USER_CHUNK) {
    const to = Math.min(faithful, from + USER_CHUNK - 1);
    await db.execute(sql`
      with ${churchesCte}, ${names},
      g as (select i, ${sql.raw(String(userBase))} + i as k, ${sql.raw(h('i', M[0]))} % 100 < 56 as female,
                   ${sql.raw(h('i', M[1]))} as h1, ${sql.raw(h('i', M[2]))} as h2, ${sql.raw(h('i', M[3]))} as h3,
                   ${sql.raw(h('i', M[4]))} as h4
            from generate_series(${from}::int, ${to}::int) as i)
      insert into users (id, firstname, lastname, email, phone, registration_number, password_hash, church_id,
                         gender, birth_date, address)
      select g.k,
        case when g.female then p.female[1 + g.h1 % cardinality(p.female)] else p.male[1 + g.h1 % cardinality(p.male)] end,
        p.last[1 + g.h2 % cardinality(p.last)],
        case when g.h3 % 100 < 20 then 'fidele.' || g.k || '@example.com' end,
        case when g.h3 % 100 < 95 then c.dial || (string_to_array(c.prefixes, ','))[1 + g.h4 % c.nprefixes]
          || lpad(((g.k::bigint * 7654321 + 3141593) % c.modulus)::text, c.digits, '0') end,
        'MAT-' || lpad(g.k::text, 6, '0'),
        null,
        c.id,
        case when g.female then 'F' else 'M' end,
        to_char(date '1950-01-01' + (g.h4 % 20000)::int, 'YYYY-MM-DD'),
        p.streets[1 + g.h2 % cardinality(p.streets)] || ', ' || c.place
      from g cross join p join c on c.idx = g.i % ${n}`);
    step(`fidèles ${from}–${to}`);
  }
  await db.execute(sql`
    insert into role_assignments (user_id, role_id)
    select id, ${faithfulRole}::int from users where id > ${userBase}::int`);
  step(`${faithful} rôles 'faithful'`);

  // ---- expense requests of the churches, two lines each, each line paid in two instalments
  const requestBase = await maxId('expense_requests');
  const lineBase = await maxId('expense_lines');
  const paymentBase = await maxId('expense_payments');
  let movementBase = await maxId('treasury_movements');
  const expenseAccounts = ['6047', '6052', '6051', '6181', '6241', '6585', '6586', '6281', '6238'].map(acc);
  const titles = [
    'Fournitures de bureau',
    'Facture d’électricité',
    'Facture d’eau',
    'Déplacement pastoral',
    'Entretien du temple',
    'Aide sociale',
    'Campagne d’évangélisation',
    'Forfait internet',
    'Accueil des invités',
  ];
  const requests = firstChurchRequests + otherRequests;
  // r: one row per request, l: per line, p: per payment (validated requests only)
  const expenseCtes = sql`${churchesCte},
    r as (select i, ${sql.raw(String(requestBase))} + i as rid,
            case when i <= ${firstChurchRequests}::int then 0 else 1 + (i % ${n - 1}::int) end as cidx,
            ${sql.raw(h('i', M[5]))} % 10 = 0 as pending,
            ${sql.raw(h('i', M[6]))} % ${expenseAccounts.length}::int as kind,
            ${now}::timestamptz - interval '5 days' - (${sql.raw(h('i', M[7]))} % (355 * 24 * 60)) * interval '1 minute' as made_at,
            1000 * (1 + ${sql.raw(h('i * 2 + 1', M[8]))} % 150) as amount1,
            1000 * (1 + ${sql.raw(h('i * 2 + 2', M[8]))} % 150) as amount2
          from generate_series(1, ${requests}::int) as i),
    l as (select r.*, k, ${sql.raw(String(lineBase))} + (r.i - 1) * 2 + k as lid,
            case when k = 1 then r.amount1 else r.amount2 end as amount
          from r cross join generate_series(1, 2) as k),
    p as (select l.*, q, ${sql.raw(String(paymentBase))} + (l.lid - ${sql.raw(String(lineBase))} - 1) * 2 + q as pid,
            l.made_at + q * interval '2 days' as paid_at,
            case when ${sql.raw(h('l.lid * 2 + q', M[9]))} % 3 = 0 then 'BANK' else 'CASH' end as journal
          from l cross join generate_series(1, 2) as q where not l.pending)`;
  const accountsArray = sql.raw(`array[${expenseAccounts.join(',')}]`);
  const titlesJson = JSON.stringify(titles);
  await db.execute(sql`
    with ${expenseCtes},
    t as (select array(select jsonb_array_elements_text(${titlesJson}::jsonb)) as titles)
    insert into expense_requests (id, title, description, status, amount, entity_type, entity_id, operation_account_id,
      made_at, created_by, approved_by, approved_at, validated_by, validated_at, created_at, updated_at)
    select r.rid, t.titles[1 + r.kind], 'Demande générée pour les mesures de performance',
      case when r.pending then 'approval_pending' else 'validated' end,
      r.amount1 + r.amount2,
      'CHURCH', c.id, (${accountsArray})[1 + r.kind], r.made_at, c.treasurer,
      case when not r.pending then c.treasurer end, case when not r.pending then r.made_at + interval '1 day' end,
      case when not r.pending then c.treasurer end, case when not r.pending then r.made_at + interval '4 days' end,
      r.made_at, r.made_at
    from r cross join t join c on c.idx = r.cidx`);
  step(`${requests} demandes de dépense (${firstChurchRequests} pour la première église)`);
  await db.execute(sql`
    with ${expenseCtes}
    insert into expense_lines (id, expense_request_id, name, quantity, unit_price, amount, amount_validated, status,
      created_at, updated_at)
    select l.lid, l.rid, 'Ligne ' || l.k, 1, l.amount, l.amount, case when l.pending then 0 else l.amount end,
      case when l.pending then 'pending' else 'validated' end, l.made_at, l.made_at
    from l`);
  step(`${requests * 2} lignes de dépense`);
  const paymentMovement = (pid: string) => `${movementBase} + (${pid} - ${paymentBase})`;
  await db.execute(sql`
    with ${expenseCtes}
    insert into treasury_movements (id, entity_type, entity_id, payment_account_id, journal_type, operation_account_id,
      occurred_at, designation, reference, receipt, expense, observations, source_type, source_id, created_by, created_at)
    select ${sql.raw(paymentMovement('p.pid'))}, 'church', c.id,
      case when p.journal = 'BANK' then ${acc('5211')}::int else ${acc('5711')}::int end, p.journal,
      (${accountsArray})[1 + p.kind], p.paid_at, 'Ligne ' || p.k || ' — demande n° ' || p.rid,
      'DEP-' || lpad(p.rid::text, 6, '0'), 0, p.amount / 2, case when p.q = 1 then 'Acompte' else 'Solde' end,
      'expense_payment', p.pid, c.treasurer, p.paid_at
    from p join c on c.idx = p.cidx`);
  await db.execute(sql`
    with ${expenseCtes}
    insert into expense_payments (id, expense_line_id, amount, validated_at, payment_method, payment_account_id, user_id,
      treasury_movement_id, created_at)
    select p.pid, p.lid, p.amount / 2, p.paid_at, case when p.journal = 'BANK' then 'bank_transfer' else 'cash' end,
      case when p.journal = 'BANK' then ${acc('5211')}::int else ${acc('5711')}::int end, c.treasurer,
      ${sql.raw(paymentMovement('p.pid'))}, p.paid_at
    from p join c on c.idx = p.cidx`);
  const payments = Number(
    (
      await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from expense_payments where id > ${paymentBase}::int`,
      )
    )[0].count,
  );
  step(`${payments} paiements et leurs mouvements`);

  // ---- contributions of the new faithful, each with its movement
  const contributionsToAdd = Math.max(0, targetMovements - payments);
  const contributionBase = await maxId('contributions');
  movementBase = await maxId('treasury_movements');
  const receiptBase = Number(
    (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from contributions`))[0].n,
  );
  const types = [
    ['tithe', '7581', 'Dîme'],
    ['offering', '7582', 'Offrande'],
    ['special_gift', '7583', 'Don spécial'],
    ['pledge', '7584', 'Promesse / engagement'],
    ['other', '7585', 'Cotisation'],
  ] as const;
  const typeCase = (column: 0 | 1 | 2) =>
    sql.raw(
      `case when g.t < 55 then ${q(types[0][column])} when g.t < 80 then ${q(types[1][column])} ` +
        `when g.t < 90 then ${q(types[2][column])} when g.t < 97 then ${q(types[3][column])} else ${q(types[4][column])} end`,
    );
  const accountCase = sql.raw(
    `case when g.t < 55 then ${acc('7581')} when g.t < 80 then ${acc('7582')} when g.t < 90 then ${acc('7583')} ` +
      `when g.t < 97 then ${acc('7584')} else ${acc('7585')} end`,
  );
  const CONTRIBUTION_CHUNK = 100_000;
  for (let from = 1; from <= contributionsToAdd; from += CONTRIBUTION_CHUNK) {
    const to = Math.min(contributionsToAdd, from + CONTRIBUTION_CHUNK - 1);
    await db.execute(sql`
      with ${churchesCte},
      g as (select i, 1 + ${sql.raw(h('i', M[0]))} % ${faithful}::int as j, ${sql.raw(h('i', M[1]))} % 100 as t,
                   ${sql.raw(h('i', M[2]))} % 10 as pay,
                   ${now}::timestamptz - (${sql.raw(h('i', M[3]))} % (365 * 24 * 60)) * interval '1 minute' as at,
                   ${sql.raw(String(receiptBase))} + i as n
            from generate_series(${from}::int, ${to}::int) as i)
      insert into contributions (id, entity_type, entity_id, user_id, is_anonymous, type, amount, occurred_at,
        receipt_account_id, payment_account_id, notes, receipt_number, public_id, status, created_by, created_at)
      select ${sql.raw(String(contributionBase))} + g.i, 'church', c.id, ${sql.raw(String(userBase))} + g.j, false,
        ${typeCase(0)}, 500 * (1 + ${sql.raw(h('g.i', M[4]))} % 100), g.at, ${accountCase},
        case when g.pay < 5 then ${acc('5711')}::int when g.pay < 8 then c.eaccount else ${acc('5211')}::int end,
        null,
        'R-' || extract(year from g.at)::int || '-' || case when g.n < 1000000 then lpad(g.n::text, 6, '0') else g.n::text end,
        translate(encode(decode(md5('large-receipt-' || g.n), 'hex'), 'base64'), '+/=', '-_'),
        'valid', c.treasurer, g.at
      from g join c on c.idx = g.j % ${n}`);
    await db.execute(sql`
      insert into treasury_movements (id, entity_type, entity_id, payment_account_id, journal_type, operation_account_id,
        occurred_at, designation, reference, receipt, expense, source_type, source_id, created_by, created_at)
      select ${movementBase}::bigint + (k.id - ${contributionBase}::int), k.entity_type, k.entity_id, k.payment_account_id,
        a.journal_type, k.receipt_account_id, k.occurred_at,
        ${sql.raw(typeCaseOn('k.type'))} || ' — ' || u.firstname || ' ' || u.lastname,
        k.receipt_number, k.amount, 0, 'contribution', k.id, k.created_by, k.created_at
      from contributions k
        join operation_accounts a on a.id = k.payment_account_id
        join users u on u.id = k.user_id
      where k.id between ${contributionBase + from}::int and ${contributionBase + to}::int`);
    step(`contributions et mouvements ${from}–${to} / ${contributionsToAdd}`);
  }

  // ---- sequences and statistics
  await resetIdSequences(db, PEOPLE_AND_MONEY_TABLES);
  await resetReceiptNumbers(db);
  await db.execute(sql`analyze`);
  step('séquences et statistiques');

  const counts = {
    faithful,
    expenseRequests: requests,
    expensePayments: payments,
    contributions: contributionsToAdd,
    treasuryMovements: payments + contributionsToAdd,
  };
  const durationMs = Math.round(performance.now() - started);
  log(`[large] terminé en ${(durationMs / 1000).toFixed(1)} s`);
  return { counts, durationMs };

  function q(value: string) {
    return `'${value.replace(/'/g, "''")}'`;
  }
  function typeCaseOn(column: string) {
    return `case ${column} ${types.map(([type, , label]) => `when ${q(type)} then ${q(label)}`).join(' ')} end`;
  }
}
