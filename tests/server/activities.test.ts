import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryOne, queryRows } from '../../server/src/db/query';
import { expenseTestApp, json, message, type ExpenseIds } from './expenses-setup';
import type { TestApp } from './helpers';

// Issue 14: activity types, departments and their members, planned activities, activity reports and
// their workflow (brouillon -> soumis -> renvoyé), and who reads what.

const SECTION = 'section@example.org';
const FIDELE = 'fidele@example.org';
const PASTOR = 'pasteur@example.org';

type Report = {
  id: number;
  status: string;
  entity_type: string;
  entity_id: number;
  return_comment: string | null;
  can: { edit: boolean; submit: boolean; return: boolean };
};

let t: TestApp;
let ids: ExpenseIds;
let section: number;
let chorale: number;

const req = (login: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  t.as(login, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

const report = (extra: Record<string, unknown> = {}) => ({
  entity_type: 'CHURCH',
  entity_id: ids.church1,
  title: 'Journée de prière',
  period_start: '2026-11-01',
  period_end: '2026-11-01',
  men: 10,
  women: 20,
  children: 5,
  summary: 'Une journée de prière et de jeûne.',
  ...extra,
});

beforeAll(async () => {
  ({ t, ids } = await expenseTestApp());
  section = Number(
    (await queryOne<{ id: number }>(
      t.db,
      sql`select section_id as id from churches where id = ${ids.church1}`,
    ))!.id,
  );
  chorale = Number(
    (await queryOne<{ id: number }>(
      t.db,
      sql`select id from departments where entity_type = 'church' and entity_id = ${ids.church1} and name = 'Chorale'`,
    ))!.id,
  );
});
afterAll(async () => {
  await t.close();
});

describe('demo seed and GET /me', () => {
  it('fidele@ leads the Chorale of their church; GET /me lists it', async () => {
    const me = json<{ departments: Array<{ id: number; name: string; role: string }> }>(
      await req(FIDELE, 'GET', '/api/me'),
    );
    expect(me.departments).toContainEqual({ id: chorale, name: 'Chorale', role: 'leader' });
    const states = await queryRows<{ status: string }>(
      t.db,
      sql`select distinct status from activity_reports order by status`,
    );
    expect(states.map((s) => s.status)).toEqual(['draft', 'returned', 'submitted']);
  });

  it('the leader sees the department dashboard and members; a stranger does not', async () => {
    const summary = await req(FIDELE, 'GET', `/api/departments/${chorale}/summary`);
    expect(summary.statusCode, summary.body).toBe(200);
    const data = json<{
      data: { members: number; my_role: string; months: unknown[] | null; upcoming: unknown[] };
    }>(summary).data;
    expect(data.my_role).toBe('leader');
    expect(data.members).toBeGreaterThanOrEqual(2);
    // its money to its leader, a faithful without a finance permission (decision 0047, amending 0041)
    expect(data.months).toHaveLength(6);
    const treasurer = json<{ data: { months: unknown[] | null } }>(
      await req('tresorier@example.org', 'GET', `/api/departments/${chorale}/summary`),
    ).data;
    expect(treasurer.months).toHaveLength(6);
    const members = await req(FIDELE, 'GET', `/api/departments/${chorale}/members`);
    expect(members.statusCode).toBe(200);
    expect(json<{ data: Array<{ role: string }> }>(members).data[0].role).toBe('leader');
    const stranger = await req(ids.otherTreasurer, 'GET', `/api/departments/${chorale}/summary`);
    expect(stranger.statusCode).toBe(403);
  });
});

describe('activity types and departments', () => {
  it('creates a church type (409 on a duplicate) and refuses another church', async () => {
    const created = await req(ids.secretary, 'POST', '/api/activity-types', {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      name: 'Veillée de prière',
    });
    expect(created.statusCode, created.body).toBe(201);
    const again = await req(ids.secretary, 'POST', '/api/activity-types', {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      name: 'veillée de prière',
    });
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe("Ce type d'activité existe déjà.");
    const empty = await req(ids.secretary, 'POST', '/api/activity-types', {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      name: ' ',
    });
    expect(empty.statusCode).toBe(400);
    expect(message(empty)).toContain('Le nom est obligatoire.');
    const other = await req(ids.secretary, 'POST', '/api/activity-types', {
      entity_type: 'CHURCH',
      entity_id: ids.otherChurch,
      name: 'Intrus',
    });
    expect(other.statusCode).toBe(403);
    const list = json<{ data: Array<{ name: string }> }>(
      await req(ids.secretary, 'GET', `/api/activity-types?entity_type=CHURCH&entity_id=${ids.church1}`),
    );
    expect(list.data.map((d) => d.name)).toEqual(expect.arrayContaining(['Culte', 'Veillée de prière']));
  });

  it('creates a department with a leader of the church, adds a member; refuses a faithful of another church', async () => {
    const faithful = await queryRows<{ id: number; church_id: number }>(
      t.db,
      sql`select id, church_id from users where church_id in (${ids.church1}, ${ids.otherChurch})
          and email is null order by id`,
    );
    const mine = faithful.filter((f) => Number(f.church_id) === ids.church1);
    const theirs = faithful.find((f) => Number(f.church_id) === ids.otherChurch)!;
    const created = await req(PASTOR, 'POST', '/api/departments', {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      name: 'Hommes',
      leader_id: Number(mine[0].id),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = json<{ data: { id: number } }>(created).data.id;
    const add = await req(PASTOR, 'POST', `/api/departments/${id}/members`, { user_id: Number(mine[1].id) });
    expect(add.statusCode, add.body).toBe(201);
    const dup = await req(PASTOR, 'POST', `/api/departments/${id}/members`, { user_id: Number(mine[1].id) });
    expect(dup.statusCode).toBe(409);
    const foreign = await req(PASTOR, 'POST', `/api/departments/${id}/members`, {
      user_id: Number(theirs.id),
    });
    expect(foreign.statusCode).toBe(400);
    expect(message(foreign)).toBe('Ce fidèle ne peut pas être membre de ce département.');
    const list = json<{ data: Array<{ role: string }> }>(
      await req(PASTOR, 'GET', `/api/departments/${id}/members`),
    );
    expect(list.data.map((m) => m.role)).toEqual(['leader', 'member']);
    const removed = await req(PASTOR, 'DELETE', `/api/departments/${id}/members/${Number(mine[1].id)}`);
    expect(removed.statusCode).toBe(200);
    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where entity_type = 'department' and entity_id = ${id} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'department.create',
      'department.member_add',
      'department.member_remove',
    ]);
  });
});

describe('planned activities', () => {
  it('plans, lists by month, links checks and updates the status', async () => {
    const bad = await req(ids.secretary, 'POST', '/api/activities', {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      title: '',
      planned_date: '2026-02-30',
      planned_time: '25:00',
      estimated_cost: -5,
    });
    expect(bad.statusCode).toBe(400);
    const fields = json<{ errors: Array<{ field: string; message: string }> }>(bad).errors;
    expect(fields.map((f) => f.field).sort()).toEqual([
      'estimated_cost',
      'planned_date',
      'planned_time',
      'title',
    ]);
    const otherDept = await queryOne<{ id: number }>(
      t.db,
      sql`select id from departments where entity_type = 'church' and entity_id = ${ids.otherChurch} limit 1`,
    );
    const foreign = await req(ids.secretary, 'POST', '/api/activities', {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      title: 'Sortie',
      planned_date: '2026-12-05',
      department_id: Number(otherDept!.id),
    });
    expect(foreign.statusCode).toBe(400);
    expect(message(foreign)).toBe("Ce département n'appartient pas à cette entité.");
    const created = await req(ids.secretary, 'POST', '/api/activities', {
      entity_type: 'CHURCH',
      entity_id: ids.church1,
      title: 'Fête de Noël',
      planned_date: '2026-12-24',
      planned_time: '18:00',
      place: 'Temple',
      department_id: chorale,
      estimated_cost: 200000,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = json<{ data: { id: number } }>(created).data.id;
    const month = json<{ data: Array<{ id: number; status: string; department: { name: string } | null }> }>(
      await req(
        ids.secretary,
        'GET',
        `/api/activities?entity_type=CHURCH&entity_id=${ids.church1}&month=2026-12`,
      ),
    );
    expect(month.data.find((a) => a.id === id)).toMatchObject({
      status: 'planned',
      department: { name: 'Chorale' },
    });
    // the department's leader sees it among the department's activities
    const dept = json<{ data: Array<{ id: number }> }>(
      await req(FIDELE, 'GET', `/api/activities?entity_type=ACTIVITY_GROUP&entity_id=${chorale}`),
    );
    expect(dept.data.map((a) => a.id)).toContain(id);
    const done = await req(ids.secretary, 'PUT', `/api/activities/${id}`, {
      title: 'Fête de Noël',
      planned_date: '2026-12-24',
      status: 'done',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(json<{ data: { status: string; actual_cost: number } }>(done).data).toMatchObject({
      status: 'done',
      actual_cost: 0,
    });
    const stranger = await req(ids.otherTreasurer, 'GET', `/api/activities/${id}`);
    expect(stranger.statusCode).toBe(403);
  });
});

describe('activity reports: workflow and who reads what', () => {
  let draft: number;

  it('the secretary drafts a report; the period and attendance are checked', async () => {
    const bad = await req(
      ids.secretary,
      'POST',
      '/api/activity-reports',
      report({ period_end: '2026-10-01', men: -1, summary: '' }),
    );
    expect(bad.statusCode).toBe(400);
    const fields = json<{ errors: Array<{ field: string; message: string }> }>(bad).errors;
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: 'men', message: 'Le nombre de participants doit être un entier positif ou nul.' },
        { field: 'summary', message: 'Le résumé est obligatoire.' },
      ]),
    );
    const created = await req(ids.secretary, 'POST', '/api/activity-reports', report());
    expect(created.statusCode, created.body).toBe(201);
    draft = json<{ data: { id: number } }>(created).data.id;
    const detail = json<{ data: Report }>(
      await req(ids.secretary, 'GET', `/api/activity-reports/${draft}`),
    ).data;
    expect(detail).toMatchObject({ status: 'draft', can: { edit: true, submit: true, return: false } });
  });

  it('another church cannot read the draft; the section above does not see it either', async () => {
    expect((await req(ids.otherTreasurer, 'GET', `/api/activity-reports/${draft}`)).statusCode).toBe(403);
    const other = await req(
      ids.otherTreasurer,
      'GET',
      `/api/activity-reports?entity_type=CHURCH&entity_id=${ids.church1}`,
    );
    expect(other.statusCode).toBe(403);
    expect((await req(SECTION, 'GET', `/api/activity-reports/${draft}`)).statusCode).toBe(404);
    const sectionList = json<{ data: Array<{ id: number; status: string }> }>(
      await req(SECTION, 'GET', `/api/activity-reports?entity_type=SECTION&entity_id=${section}&scope=below`),
    );
    expect(sectionList.data.map((r) => r.id)).not.toContain(draft);
    expect(sectionList.data.every((r) => r.status !== 'draft')).toBe(true);
    const drill = json<{ data: Array<{ id: number; status: string }> }>(
      await req(
        SECTION,
        'GET',
        `/api/activity-reports?entity_type=CHURCH&entity_id=${ids.church1}&scope=own`,
      ),
    );
    expect(drill.data.every((r) => r.status !== 'draft')).toBe(true);
    // the church itself sees its drafts
    const own = json<{ data: Array<{ id: number }> }>(
      await req(PASTOR, 'GET', `/api/activity-reports?entity_type=CHURCH&entity_id=${ids.church1}&scope=own`),
    );
    expect(own.data.map((r) => r.id)).toContain(draft);
  });

  it('submits; the section reads it, cannot edit it, and sends it back with a comment the author sees', async () => {
    const early = await req(SECTION, 'POST', `/api/activity-reports/${draft}/return`, {
      comment: 'Trop tôt',
    });
    expect(early.statusCode).toBe(404);
    const submitted = await req(ids.secretary, 'POST', `/api/activity-reports/${draft}/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const again = await req(ids.secretary, 'POST', `/api/activity-reports/${draft}/submit`);
    expect(again.statusCode).toBe(409);
    const edit = await req(ids.secretary, 'PUT', `/api/activity-reports/${draft}`, report());
    expect(edit.statusCode).toBe(409);
    expect(message(edit)).toBe('Seul un rapport en brouillon ou renvoyé peut être modifié.');

    const read = json<{ data: Report }>(await req(SECTION, 'GET', `/api/activity-reports/${draft}`)).data;
    expect(read).toMatchObject({ status: 'submitted', can: { edit: false, submit: false, return: true } });
    const listed = json<{ data: Array<{ id: number }> }>(
      await req(SECTION, 'GET', `/api/activity-reports?entity_type=SECTION&entity_id=${section}&scope=below`),
    );
    expect(listed.data.map((r) => r.id)).toContain(draft);
    // the church cannot send back its own report
    const self = await req(PASTOR, 'POST', `/api/activity-reports/${draft}/return`, { comment: 'Non' });
    expect(self.statusCode).toBe(403);
    const noComment = await req(SECTION, 'POST', `/api/activity-reports/${draft}/return`, { comment: '' });
    expect(noComment.statusCode).toBe(400);
    expect(message(noComment)).toContain('Le commentaire est obligatoire pour renvoyer un rapport.');
    const back = await req(SECTION, 'POST', `/api/activity-reports/${draft}/return`, {
      comment: 'Merci de préciser les résultats.',
    });
    expect(back.statusCode, back.body).toBe(200);
    const seen = json<{ data: Report }>(
      await req(ids.secretary, 'GET', `/api/activity-reports/${draft}`),
    ).data;
    expect(seen).toMatchObject({
      status: 'returned',
      return_comment: 'Merci de préciser les résultats.',
      can: { edit: true, submit: true },
    });
    const fixed = await req(
      ids.secretary,
      'PUT',
      `/api/activity-reports/${draft}`,
      report({ results: 'Dix conversions.' }),
    );
    expect(fixed.statusCode, fixed.body).toBe(200);
    const audit = await queryRows<{ action: string }>(
      t.db,
      sql`select action from audit_log where action like 'activity_report.%' and (data->>'id')::int = ${draft} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'activity_report.create',
      'activity_report.submit',
      'activity_report.return',
      'activity_report.update',
    ]);
  });

  it("the church lists its departments' submitted reports; a member of the department only reads", async () => {
    const below = json<{ data: Array<{ entity_type: string; status: string }> }>(
      await req(
        PASTOR,
        'GET',
        `/api/activity-reports?entity_type=CHURCH&entity_id=${ids.church1}&scope=below`,
      ),
    );
    expect(below.data.length).toBeGreaterThan(0);
    expect(below.data.every((r) => r.entity_type === 'ACTIVITY_GROUP' && r.status !== 'draft')).toBe(true);
    const leaderReport = await req(FIDELE, 'POST', '/api/activity-reports', {
      ...report({ entity_type: 'ACTIVITY_GROUP', entity_id: chorale, title: 'Répétitions de novembre' }),
    });
    expect(leaderReport.statusCode, leaderReport.body).toBe(201);
    // a member (here another church's treasurer, added directly) reads the department but does not write
    await t.db.execute(
      sql`insert into department_members (department_id, user_id, role)
          select ${chorale}, id, 'member' from users where email = ${ids.otherTreasurer}`,
    );
    expect((await req(ids.otherTreasurer, 'GET', `/api/departments/${chorale}/summary`)).statusCode).toBe(
      200,
    );
    const write = await req(ids.otherTreasurer, 'POST', '/api/activity-reports', {
      ...report({ entity_type: 'ACTIVITY_GROUP', entity_id: chorale }),
    });
    expect(write.statusCode).toBe(403);
  });
});
