import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { Group, roleAssignments } from '../schema/core';
import { DAY } from './calendar';
import { ACCOUNTANT_CHURCH_INDEXES, type Organisation } from './organisation';

/** Every member's role 'faithful', the offices of every level, the admin and the external accountant. */
export function buildRoleAssignments(org: Organisation, roleId: (code: string) => number) {
  const { demo, churchInfos, sectionOfficers, regionOfficers, nationalOfficers } = org;
  const assignments: Array<typeof roleAssignments.$inferInsert> = [];
  const assign = (userId: number, code: string, group: Group | null = null, groupId: number | null = null) =>
    assignments.push({ userId, roleId: roleId(code), group, groupId, assignedBy: demo.admin.id });
  assign(demo.admin.id, 'admin');
  assign(demo.comptable.id, 'external-accountant');
  for (const c of churchInfos) for (const m of c.members) assign(m.id, 'faithful');
  for (const c of churchInfos) {
    assign(c.pastor.id, 'church::pasteur-titulaire', 'churches', c.id);
    assign(c.treasurer.id, 'church::tresorier-general', 'churches', c.id);
    assign(c.secretary.id, 'church::secretaire-general', 'churches', c.id);
  }
  sectionOfficers.forEach((o, i) => {
    assign(o.representant.id, 'section::representant', 'sections', i + 1);
    assign(o.treasurer.id, 'section::tresorier-sectoriel', 'sections', i + 1);
    assign(o.secretary.id, 'section::secretaire-sectoriel', 'sections', i + 1);
  });
  regionOfficers.forEach((o, i) => {
    assign(o.president.id, 'region::president', 'regions', i + 1);
    assign(o.treasurer.id, 'region::tresorier', 'regions', i + 1);
    assign(o.secretary.id, 'region::secretaire', 'regions', i + 1);
  });
  assign(nationalOfficers.president.id, 'national_office::president', 'national_offices', 1);
  assign(nationalOfficers.treasurer.id, 'national_office::tresorier-general', 'national_offices', 1);
  assign(nationalOfficers.secretary.id, 'national_office::secretaire-general', 'national_offices', 1);
  const managedChurchRows = ACCOUNTANT_CHURCH_INDEXES.map((i) => ({
    userId: demo.comptable.id,
    churchId: churchInfos[i].id,
  }));
  return { assignments, managedChurchRows };
}

/**
 * A grant about to expire in 5 days, on the section section@ represents: their bell tells it
 * ('Permission bientôt expirée', decision 0031). Their office already gives it there: no right changes.
 */
export async function seedExpiringGrant(db: Db, now: Date | undefined): Promise<void> {
  const expiresAt = new Date((now ?? new Date()).getTime() + 5 * DAY).toISOString();
  await db.execute(sql`insert into user_permissions (user_id, permission_id, entity_type, entity_id, expires_at, granted_by)
    select u.id, p.id, 'section', ra.group_id, ${expiresAt}::timestamptz, admin.id
    from users u
    join role_assignments ra on ra.user_id = u.id and ra."group" = 'sections'
    join permissions p on p.code = 'contribution:view'
    join users admin on admin.email = 'admin@example.org'
    where u.email = 'section@example.org'`);
}
