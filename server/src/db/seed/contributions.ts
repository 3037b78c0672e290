import { atTime, DAY, frDate, HOUR, monthLabel } from './calendar';
import type { FinanceKit } from './ledgers';
import { fullName, type ChurchInfo, type Ledger, type Member } from './model';
import { E_ACCOUNTS, FIRST_CHURCH } from './organisation';

/**
 * A church's receipts of the year, Sunday by Sunday: the offering, the tithes of its tithers, special
 * gifts, thanksgivings, pledges and the quarterly building collection; then two tithes cancelled
 * (recorded twice by mistake). fidele@ gives on set Sundays of the first church.
 */
export function churchReceipts(kit: FinanceKit, c: ChurchInfo, l: Ledger, fidele: Member): void {
  const { rng, now, fb, sundays } = kit;
  const eAccounts = E_ACCOUNTS[c.seed.country];
  const pledgers = rng.sample(c.members, Math.max(2, Math.round(c.size / 10)));
  sundays.forEach((sunday, week) => {
    fb.receipt(l, {
      userId: null,
      isAnonymous: true,
      type: 'offering',
      amount: Math.max(5_000, Math.floor((c.size * rng.int(600, 1_400)) / 25) * 25),
      occurredAt: atTime(sunday, 12, rng.int(0, 90)),
      account: '7582',
      paymentAccount: '5711',
      notes: null,
      designation: `Offrandes du culte du ${frDate(sunday)}`,
    });
    for (const m of c.members) {
      if (!m.tither || week % 4 !== m.titheSlot) continue;
      const amount = Math.max(500, Math.round((m.titheAmount * rng.int(90, 115)) / 100 / 500) * 500);
      const occurredAt =
        m.habit === 'CASH'
          ? atTime(sunday, 11, rng.int(0, 120))
          : atTime(new Date(sunday.getTime() - rng.int(0, 6) * DAY), rng.int(7, 21), rng.int(0, 59));
      fb.receipt(l, {
        userId: m.id,
        isAnonymous: false,
        type: 'tithe',
        amount,
        occurredAt,
        account: '7581',
        paymentAccount: m.habit === 'CASH' ? '5711' : m.habit === 'BANK' ? '5211' : m.eAccount,
        notes: rng.chance(0.2) ? `Dîme de ${monthLabel(sunday)}` : null,
        designation: `Dîme — ${fullName(m)}`,
      });
    }
    if (rng.chance(0.3) || (c.index === FIRST_CHURCH && week % 13 === 5)) {
      const m = c.index === FIRST_CHURCH && week % 13 === 5 ? fidele : rng.pick(c.members);
      const anonymous = m !== fidele && rng.chance(0.2);
      const electronic = rng.chance(0.4);
      fb.receipt(l, {
        userId: anonymous ? null : m.id,
        isAnonymous: anonymous,
        type: 'special_gift',
        amount: rng.amount(10_000, 150_000, 1_000),
        occurredAt: atTime(sunday, 11, rng.int(0, 150)),
        account: '7583',
        paymentAccount: electronic ? rng.pick(eAccounts) : '5711',
        notes: rng.pick([
          'Pour la construction du temple',
          'En action de grâce pour la naissance de mon enfant',
          "Soutien à l'évangélisation",
          null,
        ]),
        designation: `Don spécial — ${anonymous ? 'Anonyme' : fullName(m)}`,
      });
    }
    if (rng.chance(0.15)) {
      const m = rng.pick(c.members);
      fb.receipt(l, {
        userId: m.id,
        isAnonymous: false,
        type: 'special_gift',
        amount: rng.amount(5_000, 50_000, 500),
        occurredAt: atTime(sunday, 11, rng.int(0, 150)),
        account: '7587',
        paymentAccount: '5711',
        notes: rng.pick(['Guérison', 'Réussite aux examens', 'Nouvel emploi', 'Mariage', null]),
        designation: `Action de grâce — ${fullName(m)}`,
      });
    }
    if (rng.chance(0.2) || (c.index === FIRST_CHURCH && week === 20)) {
      const m = c.index === FIRST_CHURCH && week === 20 ? fidele : rng.pick(pledgers);
      fb.receipt(l, {
        userId: m.id,
        isAnonymous: false,
        type: 'pledge',
        amount: rng.amount(10_000, 100_000, 5_000),
        occurredAt: atTime(sunday, 11, rng.int(0, 150)),
        account: '7584',
        paymentAccount: rng.chance(0.5) ? '5211' : '5711',
        notes: 'Engagement pour la construction du temple',
        designation: `Promesse / engagement — ${fullName(m)}`,
      });
    }
    if (week % 13 === 0) {
      fb.receipt(l, {
        userId: null,
        isAnonymous: true,
        type: 'other',
        amount: Math.floor((c.size * rng.int(1_500, 4_000)) / 25) * 25,
        occurredAt: atTime(sunday, 13, rng.int(0, 30)),
        account: '7588',
        paymentAccount: '5711',
        notes: 'Collecte trimestrielle',
        designation: `Collecte pour la construction du ${frDate(sunday)}`,
      });
    }
  });
  // a couple of receipts cancelled (recorded twice by mistake): a reversal movement each
  for (const c2 of rng.sample(
    l.receipts.filter(
      (r) => r.type === 'tithe' && r.userId !== fidele.id && now.getTime() - r.occurredAt.getTime() > 4 * DAY,
    ),
    2,
  )) {
    c2.cancelledAt = fb.capped(new Date(c2.occurredAt.getTime() + rng.int(2, 72) * HOUR));
    c2.cancelledBy = c.treasurer.id;
    c2.cancelReason = 'Saisie en double';
  }
}
