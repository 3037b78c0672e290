import type { churches, departments, regions, sections, users } from '../schema/core';
import { pad } from './calendar';
import type { ChurchInfo, Member } from './model';
import {
  CHURCH_DEPARTMENTS,
  COUNTRIES,
  FEMALE_FIRST_NAMES,
  LAST_NAMES_BY_COUNTRY,
  MALE_FIRST_NAMES,
  NATIONAL_OFFICE_NAME,
  ORGANISATION,
  STREETS,
  type ChurchSeed,
} from './names';
import { asciiSlug, scrambledNumber, type Rng } from './random';

// The demo denomination: its regions, sections and churches, its 2,000 faithful with the demo
// accounts among them, the office holders of every level, and the departments.

// Indexes (0-based) into the flattened ORGANISATION churches.
export const FIRST_CHURCH = 0;
/** the church of impaye@: unpaid subscription (Temple de la Réconciliation de Bouaké, region 2) */
export const IMPAYE_CHURCH_INDEX = 9;
/** the churches comptable@ manages: the first church, Marcory (other section), Bouaké (other region) */
export const ACCOUNTANT_CHURCH_INDEXES = [0, 4, 8];
/**
 * The church reserved for the e2e flow that bills a church (decision 0027): its pastor signs in as
 * facturation@ and meets the billing gate once the admin bills it; no other spec uses it, so that a
 * new unpaid subscription there locks nothing they need (Église Évangélique de Porto-Novo).
 */
export const BILLING_CHURCH_INDEX = 19;
export const BILLING_PASTOR_EMAIL = 'facturation@example.org';
/** the national office's president: creates the subscriptions of its regions, sections and churches */
export const NATIONAL_PRESIDENT_EMAIL = 'president@example.org';
/** members per church, 2,000 in all */
const CHURCH_SIZES = [200, 160, 120, 90, 150, 100, 95, 70, 120, 90, 70, 110, 80, 75, 105, 70, 65, 90, 75, 65];
export const DEMO_FAITHFUL = 2000;

/** mobile money accounts by country: the first is the one expenses are paid from */
export const E_ACCOUNTS: Record<ChurchSeed['country'], string[]> = {
  CI: ['5551', '5552', '5554', '5553'],
  SN: ['5554', '5551'],
  TG: ['5553', '5559'],
  BJ: ['5552', '5553'],
};

function phoneFor(k: number, country: ChurchSeed['country'], rng: Rng): string {
  const c = COUNTRIES[country];
  return `${c.dial}${rng.pick(c.mobilePrefixes)}${scrambledNumber(k, c.localDigits)}`;
}

export type Organisation = ReturnType<typeof buildOrganisation>;

/**
 * The organisation, then its users (the demo accounts first, then each church's members), the office
 * holders of every church, section, region and of the national office, in this order (the draws follow it).
 */
export function buildOrganisation({ rng, now, passwordHash }: { rng: Rng; now: Date; passwordHash: string }) {
  // ---- organisation
  const nationalOfficeRows = [{ id: 1, name: NATIONAL_OFFICE_NAME }];
  const regionRows: Array<typeof regions.$inferInsert> = [];
  const sectionRows: Array<typeof sections.$inferInsert> = [];
  const churchRows: Array<typeof churches.$inferInsert> = [];
  const churchSeeds: Array<{ seed: ChurchSeed; sectionId: number; regionId: number }> = [];
  for (const region of ORGANISATION) {
    const regionId = regionRows.length + 1;
    regionRows.push({ id: regionId, name: region.name, nationalOfficeId: 1 });
    for (const section of region.sections) {
      const sectionId = sectionRows.length + 1;
      sectionRows.push({ id: sectionId, name: section.name, regionId });
      for (const seed of section.churches) {
        const id = churchRows.length + 1;
        const c = COUNTRIES[seed.country];
        const landline = { CI: '27', SN: '33', TG: '22', BJ: '0121' }[seed.country];
        churchRows.push({
          id,
          name: seed.name,
          sectionId,
          city: seed.city,
          address: `${seed.district}, ${rng.pick(STREETS)}`,
          phone: `${c.dial}${landline}${scrambledNumber(500_000 + id, c.localDigits)}`,
        });
        churchSeeds.push({ seed, sectionId, regionId });
      }
    }
  }
  if (churchRows.length !== CHURCH_SIZES.length) throw new Error('CHURCH_SIZES does not match ORGANISATION');

  // ---- users
  const userRows: Array<typeof users.$inferInsert> = [];
  const persons = new Map<number, Member>();
  const addUser = (u: {
    firstname: string;
    lastname: string;
    gender: 'M' | 'F';
    church: number | null;
    country: ChurchSeed['country'];
    email?: string;
    password?: boolean;
    superAdmin?: boolean;
  }): Member => {
    const id = userRows.length + 1;
    const churchSeed = u.church === null ? null : churchSeeds[u.church - 1].seed;
    const demo = u.email !== undefined;
    const phone = demo || rng.chance(0.93) ? phoneFor(id, u.country, rng) : null;
    const email =
      u.email ??
      (rng.chance(0.35) ? `${asciiSlug(u.firstname)}.${asciiSlug(u.lastname)}.${id}@example.com` : null);
    const address = churchSeed
      ? `${churchSeed.district}, ${rng.pick(STREETS)}, ${churchSeed.city}`
      : `Plateau, ${rng.pick(STREETS)}, Abidjan`;
    const age = rng.int(16, 78);
    userRows.push({
      id,
      firstname: u.firstname,
      lastname: u.lastname,
      email,
      phone,
      registrationNumber: `MAT-${pad(id, 6)}`,
      passwordHash: u.password || email !== null ? passwordHash : null,
      isSuperAdmin: u.superAdmin ?? false,
      churchId: u.church,
      gender: u.gender,
      birthDate: `${now.getUTCFullYear() - age}-${pad(rng.int(1, 12), 2)}-${pad(rng.int(1, 28), 2)}`,
      address,
    });
    const habitRoll = rng.next();
    const eAccounts = E_ACCOUNTS[u.country];
    const member: Member = {
      id,
      firstname: u.firstname,
      lastname: u.lastname,
      phone,
      address,
      tither: rng.chance(0.35),
      titheAmount: rng.chance(0.9) ? rng.amount(2_000, 20_000, 500) : rng.amount(20_000, 75_000, 1_000),
      titheSlot: rng.int(0, 3),
      habit: habitRoll < 0.55 ? 'CASH' : habitRoll < 0.88 ? 'ELECTRONIK' : 'BANK',
      eAccount: rng.chance(0.7) ? eAccounts[0] : rng.pick(eAccounts),
      office: false,
    };
    persons.set(id, member);
    return member;
  };
  const randomPerson = (country: ChurchSeed['country']) => {
    const gender: 'M' | 'F' = rng.chance(0.56) ? 'F' : 'M';
    const firstname = rng.pick(gender === 'F' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const lastname = rng.chance(0.85)
      ? rng.pick(LAST_NAMES_BY_COUNTRY[country])
      : rng.pick(LAST_NAMES_BY_COUNTRY.ANY);
    return { firstname, lastname, gender };
  };

  const churchNo = (index: number) => index + 1;
  const demo = {
    admin: addUser({
      firstname: 'Serge',
      lastname: 'Kouassi',
      gender: 'M',
      church: null,
      country: 'CI',
      email: 'admin@example.org',
      superAdmin: true,
    }),
    national: addUser({
      firstname: 'Jean-Baptiste',
      lastname: 'Yao',
      gender: 'M',
      church: churchNo(4),
      country: 'CI',
      email: 'national@example.org',
    }),
    region: addUser({
      firstname: 'Emmanuel',
      lastname: 'Konan',
      gender: 'M',
      church: churchNo(1),
      country: 'CI',
      email: 'region@example.org',
    }),
    section: addUser({
      firstname: 'Paul',
      lastname: "N'Guessan",
      gender: 'M',
      church: churchNo(2),
      country: 'CI',
      email: 'section@example.org',
    }),
    pasteur: addUser({
      firstname: 'Daniel',
      lastname: 'Kouadio',
      gender: 'M',
      church: churchNo(FIRST_CHURCH),
      country: 'CI',
      email: 'pasteur@example.org',
    }),
    tresorier: addUser({
      firstname: 'Marie-Claire',
      lastname: 'Aka',
      gender: 'F',
      church: churchNo(FIRST_CHURCH),
      country: 'CI',
      email: 'tresorier@example.org',
    }),
    impaye: addUser({
      firstname: 'Samuel',
      lastname: 'Ouattara',
      gender: 'M',
      church: churchNo(IMPAYE_CHURCH_INDEX),
      country: 'CI',
      email: 'impaye@example.org',
    }),
    comptable: addUser({
      firstname: 'Fatou',
      lastname: 'Ndiaye',
      gender: 'F',
      church: null,
      country: 'CI',
      email: 'comptable@example.org',
    }),
    fidele: addUser({
      firstname: 'Aminata',
      lastname: 'Koné',
      gender: 'F',
      church: churchNo(FIRST_CHURCH),
      country: 'CI',
      email: 'fidele@example.org',
    }),
  };
  demo.fidele.tither = true;
  demo.fidele.titheAmount = 15_000;
  demo.fidele.habit = 'ELECTRONIK';
  demo.fidele.eAccount = '5551';
  const demoByChurch = new Map<number, Member[]>();
  for (const [key, m] of Object.entries(demo)) {
    const church = userRows[m.id - 1].churchId;
    m.office = key !== 'fidele';
    if (church) demoByChurch.set(church, [...(demoByChurch.get(church) ?? []), m]);
  }

  const churchInfos: ChurchInfo[] = churchRows.map((row, index) => {
    const { seed, sectionId, regionId } = churchSeeds[index];
    const id = row.id!;
    const members = [...(demoByChurch.get(id) ?? [])];
    while (members.length < CHURCH_SIZES[index]) {
      members.push(addUser({ ...randomPerson(seed.country), church: id, country: seed.country }));
    }
    const generic = members.filter(
      (m) => userRows[m.id - 1].email === null || !userRows[m.id - 1].email!.endsWith('@example.org'),
    );
    const take = () => {
      const m = generic.find((g) => !g.office)!;
      m.office = true;
      return m;
    };
    const pastor =
      index === FIRST_CHURCH ? demo.pasteur : index === IMPAYE_CHURCH_INDEX ? demo.impaye : take();
    const treasurer = index === FIRST_CHURCH ? demo.tresorier : take();
    const secretary = take();
    return {
      id,
      index,
      seed,
      sectionId,
      regionId,
      size: members.length,
      members,
      pastor,
      treasurer,
      secretary,
      rents: rng.chance(0.5),
    };
  });
  const faithfulCount = churchInfos.reduce((n, c) => n + c.members.length, 0);
  if (faithfulCount !== DEMO_FAITHFUL)
    throw new Error(`seedDemo: ${faithfulCount} faithful instead of ${DEMO_FAITHFUL}`);

  const pickOfficer = (candidates: ChurchInfo[]) => {
    const pool = candidates.flatMap((c) => c.members.filter((m) => !m.office && m !== demo.fidele));
    const m = rng.pick(pool);
    m.office = true;
    return m;
  };
  const regionOfficers = regionRows.map((r, i) => {
    const inRegion = churchInfos.filter((c) => c.regionId === r.id);
    return {
      president: i === 0 ? demo.region : pickOfficer(inRegion),
      treasurer: pickOfficer(inRegion),
      secretary: pickOfficer(inRegion),
    };
  });
  const sectionOfficers = sectionRows.map((s, i) => {
    const inSection = churchInfos.filter((c) => c.sectionId === s.id);
    return {
      representant: i === 0 ? demo.section : pickOfficer(inSection),
      treasurer: pickOfficer(inSection),
      secretary: pickOfficer(inSection),
    };
  });
  const nationalOfficers = {
    president: pickOfficer(churchInfos.filter((c) => c.regionId === 1)),
    treasurer: demo.national,
    secretary: pickOfficer(churchInfos.filter((c) => c.regionId === 1)),
  };
  // every office holder can sign in with the demo password
  for (const m of persons.values()) if (m.office) userRows[m.id - 1].passwordHash = passwordHash;
  // the pastor of the church reserved for the billing flow signs in as facturation@ (no draw: the
  // rest of the data stays as it was)
  userRows[churchInfos[BILLING_CHURCH_INDEX].pastor.id - 1].email = BILLING_PASTOR_EMAIL;
  // the national president (who bills the office's regions, sections and churches: subscription:create)
  // signs in as president@, with no draw either
  userRows[nationalOfficers.president.id - 1].email = NATIONAL_PRESIDENT_EMAIL;

  return {
    nationalOfficeRows,
    regionRows,
    sectionRows,
    churchRows,
    userRows,
    demo,
    churchInfos,
    regionOfficers,
    sectionOfficers,
    nationalOfficers,
  };
}

/** A church's youth, women or choir: the departments that keep books of their own in the demo. */
export type ChurchDepartment = { id: number; name: string; church: ChurchInfo };

/** The departments of every level; those of the churches' youth, women and choir keep books (levels.ts). */
export function buildDepartments({ churchInfos, regionRows, sectionRows }: Organisation) {
  const departmentRows: Array<typeof departments.$inferInsert> = [];
  const addDepartment = (
    name: string,
    description: string,
    entityType: 'national_office' | 'region' | 'section' | 'church',
    entityId: number,
  ) => {
    const id = departmentRows.length + 1;
    departmentRows.push({ id, name, description, entityType, entityId });
    return id;
  };
  const churchDepartments: ChurchDepartment[] = [];
  for (const c of churchInfos) {
    for (const d of CHURCH_DEPARTMENTS) {
      const id = addDepartment(d.name, d.description, 'church', c.id);
      if (d.name === 'Jeunesse' || d.name === 'Femmes' || d.name === 'Chorale')
        churchDepartments.push({ id, name: d.name, church: c });
    }
  }
  addDepartment('Jeunesse nationale', 'Coordination nationale de la jeunesse', 'national_office', 1);
  addDepartment('Femmes pour Christ', 'Coordination nationale des femmes', 'national_office', 1);
  addDepartment(
    'Missions et évangélisation',
    'Départements missionnaires du bureau national',
    'national_office',
    1,
  );
  for (const r of regionRows) {
    addDepartment('Jeunesse régionale', `Jeunesse de la ${r.name}`, 'region', r.id!);
    addDepartment('Chorale régionale', `Chorale de la ${r.name}`, 'region', r.id!);
  }
  for (const s of sectionRows)
    addDepartment('Évangélisation', `Évangélisation de la ${s.name}`, 'section', s.id!);
  return { departmentRows, churchDepartments };
}
