import { addMonths, atTime, DAY, monthLabel } from './calendar';
import type { FinanceKit } from './ledgers';
import { fullName, type ChurchInfo, type Ledger, type LineSpec, type Member } from './model';
import { FIRST_CHURCH, type ChurchDepartment } from './organisation';

// The ledgers above and beside the churches': the churches' departments, the sections, the regions
// and the national office.

/** A church department's dues of every month and a few activities; fidele@ pays the first church's choir. */
export function departmentLife(kit: FinanceKit, d: ChurchDepartment, fidele: Member): void {
  const { rng, start, fb, monthStarts, dayIn, workHours, ledgerFor, opening, line } = kit;
  const c = d.church;
  const l = ledgerFor('department', d.id, `${d.name} — ${c.seed.name}`, c.seed.country, {
    treasurer: c.treasurer.id,
    approver: c.pastor.id,
    verifier: c.pastor.id,
  });
  opening(l, '5711', rng.amount(20_000, 80_000, 500));
  monthStarts.forEach((m, i) => {
    const isChorale1 = c.index === FIRST_CHURCH && d.name === 'Chorale' && i % 2 === 0;
    const payer = isChorale1 ? fidele : rng.pick(c.members);
    fb.receipt(l, {
      userId: payer.id,
      isAnonymous: false,
      type: 'other',
      amount: rng.amount(5_000, 25_000, 500),
      occurredAt: atTime(dayIn(m, 1, 25), rng.int(9, 18), rng.int(0, 59)),
      account: '7585',
      paymentAccount: '5711',
      notes: `Cotisation de ${monthLabel(m)}`,
      designation: `Cotisation ${d.name} — ${fullName(payer)}`,
    });
  });
  const activities: Record<string, Array<[string, string, LineSpec[]]>> = {
    Jeunesse: [
      [
        'Sortie détente de la jeunesse',
        '6238',
        [line('Location du car', 1, 75_000), line('Repas des jeunes', 40, 1_500)],
      ],
      ['Camp de jeunes', '6586', [line('Hébergement', 30, 2_500), line('Supports de formation', 30, 500)]],
    ],
    Femmes: [
      [
        'Journée de la femme chrétienne',
        '6238',
        [line('Décoration et location de chaises', 1, 35_000), line('Rafraîchissements', 80, 500)],
      ],
      ['Visite aux malades', '6585', [line('Kits de visite', 10, 3_500)]],
    ],
    Chorale: [
      [
        'Achat de tenues de la chorale',
        '6047',
        [line('Tissu pagne pour tenues', 20, 4_000), line('Couture', 20, 2_500)],
      ],
      ['Réparation du clavier', '6241', [line('Réparation du clavier Yamaha', 1, 45_000)]],
    ],
  };
  for (const [title, code, lines] of activities[d.name]) {
    const madeAt = workHours(new Date(start.getTime() + rng.int(20, 360) * DAY));
    fb.request(l, {
      title,
      description: `${title} — ${d.name}, ${c.seed.name}`,
      account: code,
      madeAt,
      lines,
      preferred: 'CASH',
    });
  }
  fb.settle(l);
}

/**
 * A section or a region: gifts, travel every month, a gathering every quarter and some equipment; a
 * region also pays its secretariat and sends 30 % of the quotes-parts it received to the national office.
 */
export function levelLife(
  kit: FinanceKit,
  l: Ledger,
  people: Member[],
  kind: 'section' | 'region',
  nationalLedger: Ledger,
): void {
  const { rng, start, account, fb, monthStarts, dayIn, workHours, line, supplierLine } = kit;
  for (let k = 0; k < (kind === 'region' ? 15 : 10); k++) {
    const m = rng.pick(people);
    const day = new Date(start.getTime() + rng.int(1, 364) * DAY);
    fb.receipt(l, {
      userId: m.id,
      isAnonymous: false,
      type: 'special_gift',
      amount: rng.amount(10_000, 200_000, 5_000),
      occurredAt: workHours(day),
      account: '7583',
      paymentAccount: rng.chance(0.5) ? '5211' : '5711',
      notes: kind === 'region' ? 'Pour la convention régionale' : 'Pour le rassemblement de section',
      designation: `Don spécial — ${fullName(m)}`,
    });
  }
  monthStarts.forEach((m, i) => {
    const label = monthLabel(addMonths(m, -1));
    fb.request(l, {
      title: `Frais de déplacement — ${label}`,
      description:
        kind === 'region'
          ? 'Visites du président de région aux sections'
          : 'Visites du représentant aux églises',
      account: '6181',
      madeAt: workHours(dayIn(m, 10, 20)),
      lines: [
        line('Carburant', rng.int(20, 60), 875),
        line('Péages et divers', 1, rng.amount(2_000, 10_000, 500)),
      ],
      preferred: 'CASH',
      routine: true,
    });
    if (kind === 'region') {
      fb.request(l, {
        title: `Indemnités du secrétariat régional — ${label}`,
        description: 'Indemnités mensuelles du secrétariat régional',
        account: '6611',
        madeAt: workHours(dayIn(m, 1, 3)),
        lines: [line('Indemnité de la secrétaire régionale', 1, 120_000)],
        preferred: 'BANK',
        routine: true,
      });
      // 30 % of the quotes-parts received last month go up to the national office
      const from = addMonths(m, -1).getTime();
      const received = l.receipts
        .filter(
          (r) =>
            r.receiptAccountId === account('7586') &&
            r.occurredAt.getTime() >= from &&
            r.occurredAt.getTime() < m.getTime(),
        )
        .reduce((sum, r) => sum + r.amount, 0);
      const share = Math.round((received * 0.3) / 100) * 100;
      if (share > 0) {
        fb.request(l, {
          title: `Quote-part nationale de ${label}`,
          description: `Reversement au bureau national de 30 % des quotes-parts reçues en ${label}`,
          account: '6587',
          madeAt: workHours(dayIn(m, 8, 12)),
          lines: [
            {
              ...line(`Quote-part nationale — ${label}`, 1, share),
              donationType: 'system_entity',
              recipientEntity: { type: 'national_office', id: 1 },
              notes: '30 % des quotes-parts reçues',
              forward: {
                ledger: nationalLedger,
                designation: `Quote-part reçue — ${l.name}`,
                notes: `Quote-part de ${label}`,
              },
            },
          ],
          preferred: 'BANK',
          routine: true,
        });
      }
    }
    if (i % 3 === 1) {
      fb.request(l, {
        title: kind === 'region' ? 'Séminaire régional des pasteurs' : 'Rassemblement de section',
        description: 'Organisation et restauration des participants',
        account: '6238',
        madeAt: workHours(dayIn(m, 1, 25)),
        lines: [
          line('Location de chaises et de bâches', 1, rng.amount(40_000, 120_000, 5_000)),
          line('Restauration des participants', rng.int(80, 300), 1_500),
        ],
        preferred: 'BANK',
      });
    }
  });
  fb.request(l, {
    title: kind === 'region' ? 'Équipement du bureau régional' : 'Vidéoprojecteur de la section',
    description: 'Acquisition de matériel',
    account: '2442',
    madeAt: workHours(new Date(start.getTime() + rng.int(30, 300) * DAY)),
    lines: [
      supplierLine(
        kind === 'region' ? 'Ordinateur et imprimante' : 'Vidéoprojecteur',
        1,
        rng.amount(250_000, 600_000, 5_000),
        'CI',
      ),
    ],
    preferred: 'BANK',
  });
  fb.settle(l);
}

/** The national office: gifts, a partner church's transfers, salaries, missions, the convention, a vehicle. */
export function nationalLife(kit: FinanceKit, l: Ledger, churchInfos: ChurchInfo[]): void {
  const { rng, start, fb, monthStarts, dayIn, workHours, line, supplierLine } = kit;
  const everyone = churchInfos.flatMap((c) => c.members);
  for (let k = 0; k < 30; k++) {
    const m = rng.pick(everyone);
    fb.receipt(l, {
      userId: m.id,
      isAnonymous: false,
      type: 'special_gift',
      amount: rng.amount(25_000, 300_000, 5_000),
      occurredAt: workHours(new Date(start.getTime() + rng.int(1, 364) * DAY)),
      account: '7583',
      paymentAccount: rng.pick(['5211', '5559', '5711']),
      notes: 'Pour la convention nationale',
      designation: `Don spécial — ${fullName(m)}`,
    });
  }
  for (let q = 0; q < 4; q++) {
    fb.receipt(l, {
      userId: null,
      isAnonymous: false,
      type: 'special_gift',
      amount: rng.amount(1_500_000, 3_000_000, 50_000),
      occurredAt: workHours(new Date(start.getTime() + (q * 91 + rng.int(5, 80)) * DAY)),
      account: '7583',
      paymentAccount: '5212',
      notes: 'Virement de l’Église sœur de Lyon (partenariat missionnaire)',
      designation: 'Don spécial — Église partenaire',
    });
  }
  monthStarts.forEach((m, i) => {
    const label = monthLabel(addMonths(m, -1));
    fb.request(l, {
      title: `Salaires du personnel du bureau national — ${label}`,
      description: 'Salaires et indemnités du personnel permanent',
      account: '6611',
      madeAt: workHours(dayIn(m, 1, 3)),
      lines: [
        line('Salaire du secrétaire exécutif', 1, 450_000),
        line('Salaire de la comptable', 1, 350_000),
        line('Salaire du chauffeur', 1, 150_000),
      ],
      preferred: 'BANK',
      routine: true,
    });
    fb.request(l, {
      title: `Missions du bureau national — ${label}`,
      description: 'Visites des régions et des sections',
      account: '6181',
      madeAt: workHours(dayIn(m, 10, 20)),
      lines: [
        line('Billets et transport', 1, rng.amount(80_000, 250_000, 5_000)),
        line('Hébergement', rng.int(2, 6), 25_000),
      ],
      preferred: 'BANK',
      routine: true,
    });
    fb.request(l, {
      title: `Téléphone et internet — ${label}`,
      description: 'Abonnements du siège',
      account: '6281',
      madeAt: workHours(dayIn(m, 5, 10)),
      lines: [line('Fibre optique du siège', 1, 45_000)],
      preferred: 'ELECTRONIK',
      routine: true,
    });
    if (i === 7) {
      fb.request(l, {
        title: 'Convention nationale annuelle',
        description: 'Organisation de la convention nationale à Yamoussoukro',
        account: '6238',
        madeAt: workHours(dayIn(m, 1, 10)),
        lines: [
          supplierLine('Location de la salle des congrès', 1, 2_500_000, 'CI'),
          line('Restauration des délégués', 600, 2_500),
          line('Transport des délégués', 1, 1_200_000),
          line('Sonorisation et éclairage', 1, 650_000),
        ],
        preferred: 'BANK',
      });
    }
  });
  fb.request(l, {
    title: 'Véhicule de mission',
    description: 'Achat d’un véhicule pour les missions dans les régions',
    account: '2451',
    madeAt: workHours(new Date(start.getTime() + 120 * DAY)),
    lines: [supplierLine('Toyota Hilux double cabine (occasion)', 1, 12_500_000, 'CI')],
    preferred: 'BANK',
  });
  fb.settle(l);
}
