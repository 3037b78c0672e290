import type { ChurchSeed } from './names';
import { addMonths, monthLabel } from './calendar';
import type { FinanceKit } from './ledgers';
import type { ChurchInfo, Ledger } from './model';

const UTILITIES: Record<ChurchSeed['country'], { power: string; water: string }> = {
  CI: { power: 'CIE', water: 'SODECI' },
  SN: { power: 'Senelec', water: 'SEN’EAU' },
  TG: { power: 'CEET', water: 'TdE' },
  BJ: { power: 'SBEE', water: 'SONEB' },
};

/**
 * A church's expense requests of the year: each month its rent (when it rents), its power and water
 * bills, the pastoral allowances, the quotes-parts owed to its section and region, every third month
 * the building works, and two ordinary requests.
 */
export function churchExpenses(
  kit: FinanceKit,
  c: ChurchInfo,
  l: Ledger,
  { sectionLedgers, regionLedgers }: { sectionLedgers: Ledger[]; regionLedgers: Ledger[] },
): void {
  const { rng, fb, monthStarts, dayIn, workHours, line, memberLine, supplierLine } = kit;
  const f = c.size / 100;
  const country = c.seed.country;
  const u = UTILITIES[country];
  const rent = Math.round((rng.amount(100_000, 250_000, 5_000) * f) / 5_000) * 5_000;
  const indemnity = Math.round((rng.amount(150_000, 300_000, 5_000) * Math.min(f, 1.5)) / 5_000) * 5_000;
  monthStarts.forEach((m, i) => {
    const previous = addMonths(m, -1);
    const label = monthLabel(previous);
    if (c.rents) {
      fb.request(l, {
        title: `Loyer de ${label}`,
        description: `Loyer du temple pour le mois de ${label}`,
        account: '6222',
        madeAt: workHours(dayIn(m, 1, 5)),
        lines: [line(`Loyer du temple — ${label}`, 1, rent)],
        preferred: 'BANK',
        routine: true,
      });
    }
    fb.request(l, {
      title: `Facture ${u.power} de ${label}`,
      description: `Électricité du temple, ${label}`,
      account: '6052',
      madeAt: workHours(dayIn(m, 8, 15)),
      lines: [
        line(`Facture ${u.power} — ${label}`, 1, Math.round((rng.amount(25_000, 90_000, 5) * f) / 5) * 5),
      ],
      preferred: 'ELECTRONIK',
      routine: true,
    });
    if (i % 2 === 0) {
      fb.request(l, {
        title: `Facture ${u.water} de ${label}`,
        description: `Eau du temple, bimestre se terminant en ${label}`,
        account: '6051',
        madeAt: workHours(dayIn(m, 8, 15)),
        lines: [line(`Facture ${u.water} — ${label}`, 1, rng.amount(10_000, 35_000, 5))],
        preferred: 'ELECTRONIK',
        routine: true,
      });
    }
    fb.request(l, {
      title: `Indemnités pastorales de ${label}`,
      description: `Indemnités du pasteur titulaire et de l'équipe pastorale, ${label}`,
      account: '6611',
      madeAt: workHours(dayIn(m, 1, 3)),
      lines: [
        line(`Indemnité du pasteur titulaire — ${label}`, 1, indemnity),
        ...(c.size >= 120
          ? [line(`Indemnité du pasteur adjoint — ${label}`, 1, Math.round(indemnity / 2 / 5_000) * 5_000)]
          : []),
      ],
      preferred: 'BANK',
      routine: true,
    });
    // quotes-parts: 10 % of last month's offerings and tithes, 40 % to the section and 60 % to the region
    const from = previous.getTime();
    const to = m.getTime();
    const base = l.receipts
      .filter(
        (r) =>
          (r.type === 'offering' || r.type === 'tithe') &&
          r.occurredAt.getTime() >= from &&
          r.occurredAt.getTime() < to,
      )
      .reduce((sum, r) => sum + r.amount, 0);
    if (base > 0) {
      const toSection = Math.round((base * 0.04) / 100) * 100;
      const toRegion = Math.round((base * 0.06) / 100) * 100;
      const section = sectionLedgers[c.sectionId - 1];
      const region = regionLedgers[c.regionId - 1];
      fb.request(l, {
        title: `Quotes-parts de ${label}`,
        description: `Reversement des quotes-parts de ${label} à la section et à la région`,
        account: '6587',
        madeAt: workHours(dayIn(m, 4, 6)),
        lines: [
          {
            ...line(`Quote-part ${section.name} — ${label}`, 1, toSection),
            donationType: 'system_entity',
            notes: `4 % des offrandes et dîmes de ${label}`,
            recipientEntity: { type: 'section', id: section.entityId },
            forward: {
              ledger: section,
              designation: `Quote-part reçue — ${c.seed.name}`,
              notes: `Quote-part de ${label}`,
            },
          },
          {
            ...line(`Quote-part ${region.name} — ${label}`, 1, toRegion),
            donationType: 'system_entity',
            notes: `6 % des offrandes et dîmes de ${label}`,
            recipientEntity: { type: 'region', id: region.entityId },
            forward: {
              ledger: region,
              designation: `Quote-part reçue — ${c.seed.name}`,
              notes: `Quote-part de ${label}`,
            },
          },
        ],
        preferred: 'BANK',
        routine: true,
      });
    }
    // the building project, funded by the construction collections and the pledges
    if (i % 3 === 2) {
      fb.request(l, {
        title: `Travaux de construction du temple — ${label}`,
        description: 'Poursuite des travaux du nouveau temple (gros œuvre)',
        account: '2313',
        madeAt: workHours(dayIn(m, 5, 20)),
        lines: [
          line('Ciment (sacs de 50 kg)', Math.round(rng.int(80, 250) * f), 5_500),
          line('Fer à béton', Math.round(rng.int(40, 120) * f), 4_500),
          line(
            'Main-d’œuvre maçonnerie',
            1,
            Math.round((rng.amount(300_000, 800_000, 10_000) * f) / 10_000) * 10_000,
          ),
        ],
        preferred: 'BANK',
      });
    }
    // two ordinary requests a month
    for (let k = 0; k < 2; k++) {
      const madeAt = workHours(dayIn(m, 1, 27));
      const kind = rng.int(0, 9);
      if (kind <= 1) {
        fb.request(l, {
          title: 'Fournitures de bureau',
          description: 'Fournitures pour le secrétariat et la trésorerie',
          account: '6047',
          madeAt,
          lines: [
            line('Rames de papier A4', rng.int(2, 10), 3_500),
            ...(rng.chance(0.5) ? [line("Cartouches d'encre", rng.int(1, 3), 25_000)] : []),
            ...(rng.chance(0.4) ? [line('Registres et cahiers de caisse', rng.int(2, 6), 2_500)] : []),
          ],
          preferred: 'CASH',
        });
      } else if (kind === 2) {
        fb.request(l, {
          title: 'Déplacement pastoral',
          description: `Déplacement du pasteur pour ${rng.pick(['la convention de section', 'une visite aux familles', 'un séminaire de formation', 'des obsèques'])}`,
          account: '6181',
          madeAt,
          lines: [
            line('Transport aller-retour', 1, rng.amount(10_000, 60_000, 500)),
            ...(rng.chance(0.5) ? [line('Hébergement', rng.int(1, 3), 15_000)] : []),
          ],
          preferred: 'CASH',
        });
      } else if (kind === 3) {
        fb.request(l, {
          title: rng.pick([
            'Réparation de la toiture',
            'Entretien du temple',
            'Réparation des ventilateurs',
            'Travaux de peinture',
          ]),
          description: 'Travaux d’entretien du temple',
          account: '6241',
          madeAt,
          lines: [
            line('Main-d’œuvre', 1, rng.amount(15_000, 80_000, 1_000)),
            line('Matériaux', 1, rng.amount(10_000, 120_000, 1_000)),
          ],
          preferred: 'CASH',
        });
      } else if (kind === 4) {
        const beneficiary = rng.pick(c.members);
        const reason = rng.pick(['deuil', 'hospitalisation', 'naissance', 'frais de scolarité']);
        fb.request(l, {
          title: `Aide sociale — ${reason}`,
          description: `Soutien de l'église à un membre (${reason})`,
          account: '6585',
          madeAt,
          lines: [
            memberLine(
              beneficiary,
              `Soutien à la famille ${beneficiary.lastname}`,
              rng.amount(20_000, 100_000, 5_000),
              `Aide pour ${reason}`,
            ),
          ],
          preferred: 'CASH',
        });
      } else if (kind === 5) {
        fb.request(l, {
          title: `Campagne d'évangélisation à ${c.seed.district}`,
          description: 'Croisade et évangélisation de masse dans le quartier',
          account: '6586',
          madeAt,
          lines: [
            line('Location de bâches et de chaises', 1, rng.amount(30_000, 80_000, 5_000)),
            line('Tracts et nouveaux testaments', rng.int(100, 300), 250),
            line('Transport des équipes', 1, rng.amount(10_000, 40_000, 1_000)),
          ],
          preferred: 'CASH',
        });
      } else if (kind === 6) {
        fb.request(l, {
          title: 'Forfait internet et téléphone',
          description: 'Abonnement internet et crédit téléphonique du secrétariat',
          account: '6281',
          madeAt,
          lines: [
            line('Forfait internet mensuel', 1, rng.amount(10_000, 30_000, 500)),
            line('Crédit téléphonique', 1, 5_000),
          ],
          preferred: 'ELECTRONIK',
        });
      } else if (kind === 7) {
        fb.request(l, {
          title: 'Accueil des invités',
          description: 'Réception des pasteurs invités au culte spécial',
          account: '6238',
          madeAt,
          lines: [line('Repas des invités', rng.int(5, 20), 3_000), line('Boissons', rng.int(10, 40), 500)],
          preferred: 'CASH',
        });
      } else if (kind === 8 && rng.chance(0.5)) {
        const asset = rng.pick([
          ['2441', 'Achat de chaises', 'Chaises plastiques renforcées', rng.int(20, 60), 12_500],
          [
            '2443',
            'Achat de matériel de sonorisation',
            'Table de mixage 12 voies',
            1,
            rng.amount(250_000, 600_000, 5_000),
          ],
          [
            '2442',
            'Ordinateur du secrétariat',
            'Ordinateur portable',
            1,
            rng.amount(300_000, 450_000, 5_000),
          ],
        ] as const);
        fb.request(l, {
          title: asset[1],
          description: `${asset[1]} pour ${c.seed.name}`,
          account: asset[0],
          madeAt,
          lines: [supplierLine(asset[2], asset[3], asset[4], country)],
          preferred: 'BANK',
        });
      } else {
        fb.request(l, {
          title: 'Produits d’entretien',
          description: 'Produits de nettoyage du temple',
          account: '6047',
          madeAt,
          lines: [line("Produits d'entretien", 1, rng.amount(5_000, 25_000, 500))],
          preferred: 'CASH',
        });
      }
    }
  });
}
