import { eq } from 'drizzle-orm';
import { hashPassword } from '../../server/src/auth/password';
import type { Db } from '../../server/src/db/client';
import {
  churches,
  departments,
  managedChurches,
  nationalOffices,
  regions,
  roleAssignments,
  roles,
  sections,
  users,
  type Group,
} from '../../server/src/db/schema/core';
import { subscriptions, subscriptionTypes } from '../../server/src/db/schema/finance';

/** Password of every demo and fixture account. */
export const DEMO_PASSWORD = 'demo1234';

/**
 * A small organisation with the demo accounts of issue 3, for focused tests (and for the whole suite
 * when the demo seed is missing): 1 national office, 2 regions, 2 sections per region, 2 churches per
 * section, one department per church and per region.
 *
 *   Bureau National
 *   ├─ Région Nord: Section Nord A (Église Nord A1, A2), Section Nord B (Église Nord B1, B2)
 *   └─ Région Sud:  Section Sud A (Église Sud A1, A2),   Section Sud B (Église Sud B1, B2)
 *
 * region@ presides Nord, section@ represents Nord A, pasteur@ and tresorier@ serve Nord A1 (paid
 * subscription), impaye@ Nord A2 (unpaid), comptable@ manages Nord A1, Nord B1 and Sud A1,
 * fidele@ belongs to Nord A1.
 */
export async function seedFixture(db: Db): Promise<void> {
  const [office] = await db.insert(nationalOffices).values({ name: 'Bureau National' }).returning();
  const regionRows = await db
    .insert(regions)
    .values([
      { name: 'Région Nord', nationalOfficeId: office.id },
      { name: 'Région Sud', nationalOfficeId: office.id },
    ])
    .returning();
  const sectionRows = await db
    .insert(sections)
    .values(
      regionRows.flatMap((region) =>
        ['A', 'B'].map((letter) => ({
          name: `Section ${region.name.slice(7)} ${letter}`,
          regionId: region.id,
        })),
      ),
    )
    .returning();
  const churchRows = await db
    .insert(churches)
    .values(
      sectionRows.flatMap((section) =>
        [1, 2].map((n) => ({
          name: `Église ${section.name.slice(8)}${n}`,
          sectionId: section.id,
          city: 'Abidjan',
        })),
      ),
    )
    .returning();
  await db.insert(departments).values([
    ...churchRows.map((church) => ({
      name: `Chorale ${church.name}`,
      entityType: 'church' as const,
      entityId: church.id,
    })),
    ...regionRows.map((region) => ({
      name: `Jeunesse ${region.name}`,
      entityType: 'region' as const,
      entityId: region.id,
    })),
  ]);

  const church = (name: string) => churchRows.find((c) => c.name === name)!;
  const roleIds = new Map((await db.select().from(roles)).map((role) => [role.code, role.id]));
  const hash = await hashPassword(DEMO_PASSWORD);

  type AccountSpec = {
    email: string;
    firstname: string;
    lastname: string;
    role: string;
    group?: Group;
    groupId?: number;
    superAdmin?: boolean;
    churchId?: number;
  };
  const accounts: AccountSpec[] = [
    { email: 'admin@example.org', firstname: 'Alice', lastname: 'Admin', role: 'admin', superAdmin: true },
    {
      email: 'national@example.org',
      firstname: 'Nathan',
      lastname: 'Kouassi',
      role: 'national_office::tresorier-general',
      group: 'national_offices',
      groupId: office.id,
    },
    {
      email: 'region@example.org',
      firstname: 'Rachel',
      lastname: 'Yao',
      role: 'region::president',
      group: 'regions',
      groupId: regionRows[0].id,
    },
    {
      email: 'section@example.org',
      firstname: 'Serge',
      lastname: 'Koné',
      role: 'section::representant',
      group: 'sections',
      groupId: sectionRows[0].id,
    },
    {
      email: 'pasteur@example.org',
      firstname: 'Paul',
      lastname: 'Bamba',
      role: 'church::pasteur-titulaire',
      group: 'churches',
      groupId: church('Église Nord A1').id,
    },
    {
      email: 'tresorier@example.org',
      firstname: 'Thérèse',
      lastname: 'Diallo',
      role: 'church::tresorier-general',
      group: 'churches',
      groupId: church('Église Nord A1').id,
    },
    {
      email: 'impaye@example.org',
      firstname: 'Isaac',
      lastname: 'Touré',
      role: 'church::pasteur-titulaire',
      group: 'churches',
      groupId: church('Église Nord A2').id,
    },
    {
      email: 'comptable@example.org',
      firstname: 'Claire',
      lastname: 'Ouattara',
      role: 'external-accountant',
    },
    {
      email: 'fidele@example.org',
      firstname: 'Félix',
      lastname: 'Aka',
      role: 'faithful',
      churchId: church('Église Nord A1').id,
    },
  ];

  for (const [index, spec] of accounts.entries()) {
    const [user] = await db
      .insert(users)
      .values({
        firstname: spec.firstname,
        lastname: spec.lastname,
        email: spec.email,
        phone: `+22507000000${String(index + 1).padStart(2, '0')}`,
        registrationNumber: `MAT-${String(index + 1).padStart(4, '0')}`,
        passwordHash: hash,
        isSuperAdmin: spec.superAdmin ?? false,
        churchId: spec.churchId ?? null,
      })
      .returning();
    await db.insert(roleAssignments).values({
      userId: user.id,
      roleId: roleIds.get(spec.role)!,
      group: spec.group ?? null,
      groupId: spec.groupId ?? null,
    });
    if (spec.role === 'external-accountant') {
      await db.insert(managedChurches).values(
        ['Église Nord A1', 'Église Nord B1', 'Église Sud A1'].map((name) => ({
          userId: user.id,
          churchId: church(name).id,
        })),
      );
    }
  }

  const [type] = await db
    .insert(subscriptionTypes)
    .values({
      code: 'fixture-annual',
      name: 'Abonnement annuel',
      target: 'church',
      periodMonths: 12,
      amount: 120000,
    })
    .onConflictDoNothing()
    .returning();
  const typeId =
    type?.id ??
    (await db.select().from(subscriptionTypes).where(eq(subscriptionTypes.code, 'fixture-annual')))[0].id;
  await db.insert(subscriptions).values([
    {
      amount: 120000,
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      subscriptionTypeId: typeId,
      churchId: church('Église Nord A1').id,
      paidAt: new Date(),
    },
    {
      amount: 120000,
      startDate: '2025-01-01',
      endDate: '2025-12-31',
      subscriptionTypeId: typeId,
      churchId: church('Église Nord A2').id,
    },
  ]);
}
