import { describe, expect, it } from 'vitest';
import { ACTIVITY_MESSAGES as M } from '../../../contract/activities';
import type { Owner, ReportFacts } from '../../../server/src/modules/activities/entities';
import {
  assertMayEdit,
  assertMayReturn,
  assertMaySubmit,
  authorizeOnOwner,
  departmentRoleSuffices,
  leadsDepartment,
  mayEditActivity,
  readsFromAbove,
  reportRights,
  seesDepartmentMoney,
  type ReportRights,
} from '../../../server/src/modules/activities/policy';
import { gateStub, refusal } from './grants-gate';

// The activities' rules alone (decisions 0024 and 0028), with hand-made facts and a Gate stub.

const church: Owner = { type: 'church', id: 12 };
const section: Owner = { type: 'section', id: 3 };
const department: Owner = { type: 'department', id: 40 };
const AUTHOR = 7;
const SOMEONE = 8;

const report = (status: ReportFacts['status'], owner: Owner = church, createdBy = SOMEONE): ReportFacts => ({
  id: 100,
  owner,
  status,
  createdBy,
});

describe("a department's leader and members", () => {
  it('lets the leader act for every code, a member only read', () => {
    expect(departmentRoleSuffices('leader', ['activity:create', 'report:update'])).toBe(true);
    expect(departmentRoleSuffices('member', 'activity:view')).toBe(true);
    expect(departmentRoleSuffices('member', ['member:view', 'activity:view'])).toBe(true);
    expect(departmentRoleSuffices('member', 'report:create')).toBe(false);
    expect(departmentRoleSuffices('member', ['activity:view', 'activity:update'])).toBe(false);
    expect(departmentRoleSuffices(null, 'activity:view')).toBe(false);
  });

  it('authorises a role that suffices without asking the permission, anyone else by the permission', async () => {
    const gate = gateStub();
    await authorizeOnOwner(gate, department, 'report:create', 'leader');
    await authorizeOnOwner(gate, department, 'activity:view', 'member');
    expect(gate.calls).toEqual([]);

    expect(
      await refusal(() => authorizeOnOwner(gate, department, 'activity:create', 'member')),
    ).toMatchObject({
      status: 403,
    });
    expect(await refusal(() => authorizeOnOwner(gate, church, 'activity:view', null))).toMatchObject({
      status: 403,
    });
    expect(gate.calls.map((call) => call.entity)).toEqual([department, church]);

    const holder = gateStub([{ on: church, codes: ['activity:view'] }]);
    await authorizeOnOwner(holder, church, 'activity:view', null);
    expect(holder.calls).toHaveLength(1);
  });

  it('lets the leader or a holder of activity:update edit a planned activity', async () => {
    const nobody = gateStub();
    expect(await mayEditActivity(nobody, department, 'leader')).toBe(true);
    expect(nobody.asked).toEqual([]);
    expect(await mayEditActivity(nobody, department, 'member')).toBe(false);
    expect(await mayEditActivity(gateStub([{ on: church, codes: ['activity:update'] }]), church, null)).toBe(
      true,
    );
  });
});

describe('who reads a level from above', () => {
  it('is a holder of report:view on the level above, without a role in the department', async () => {
    const above = gateStub([{ on: section, codes: ['report:view'] }]);
    expect(await readsFromAbove(above, section, null)).toBe(true);
    expect(await readsFromAbove(above, null, null)).toBe(false);
    expect(await readsFromAbove(above, section, 'member')).toBe(false);
    expect(await readsFromAbove(gateStub(), section, null)).toBe(false);
  });
});

describe("a report's rights", () => {
  const churchWriter = gateStub([{ on: church, codes: ['report:view', 'report:update'] }], AUTHOR);
  // a section's role covers its churches: it holds report:update on the church too
  const sectionLeader = gateStub([
    { on: section, codes: ['report:view', 'report:update'] },
    { on: church, codes: ['report:view', 'report:update'] },
  ]);

  it('hides a draft from the level above, but from its author', async () => {
    expect(
      await refusal(() => reportRights(sectionLeader, report('draft'), { role: null, parent: section })),
    ).toEqual({ status: 404, message: M.reportNotFound });
    const author = gateStub(
      [
        { on: section, codes: ['report:view'] },
        { on: church, codes: ['report:update'] },
      ],
      AUTHOR,
    );
    const rights = await reportRights(author, report('draft', church, AUTHOR), {
      role: null,
      parent: section,
    });
    expect(rights).toEqual({ fromAbove: true, can: { edit: true, submit: true, return: false } });
  });

  it('lets its level edit and submit a draft or sent-back report, only where there is a level above', async () => {
    for (const status of ['draft', 'returned'] as const)
      expect(await reportRights(churchWriter, report(status), { role: null, parent: section })).toEqual({
        fromAbove: false,
        can: { edit: true, submit: true, return: false },
      });
    const office: Owner = { type: 'national_office', id: 1 };
    const officeWriter = gateStub([{ on: office, codes: ['report:update'] }]);
    expect(
      (await reportRights(officeWriter, report('draft', office), { role: null, parent: null })).can,
    ).toEqual({
      edit: true,
      submit: false,
      return: false,
    });
  });

  it("lets a department's leader write its report without the permission, not a member", async () => {
    const nobody = gateStub();
    expect(
      (await reportRights(nobody, report('draft', department), { role: 'leader', parent: church })).can,
    ).toEqual({ edit: true, submit: true, return: false });
    expect(
      (await reportRights(nobody, report('draft', department), { role: 'member', parent: church })).can,
    ).toEqual({ edit: false, submit: false, return: false });
  });

  it('lets the level above send a submitted report back, never edit it', async () => {
    expect(await reportRights(sectionLeader, report('submitted'), { role: null, parent: section })).toEqual({
      fromAbove: true,
      can: { edit: false, submit: false, return: true },
    });
    expect(
      (await reportRights(churchWriter, report('submitted'), { role: null, parent: section })).can,
    ).toEqual({
      edit: false,
      submit: false,
      return: false,
    });
  });
});

describe('the refusals of a write on a report', () => {
  const rights = (can: Partial<ReportRights['can']>): ReportRights => ({
    fromAbove: false,
    can: { edit: false, submit: false, return: false, ...can },
  });
  const messages = { locked: 'verrouillé', forbidden: 'interdit' };

  it('refuses an edit with 409 once submitted, 403 otherwise', async () => {
    expect(() => assertMayEdit(report('draft'), rights({ edit: true }), messages)).not.toThrow();
    expect(await refusal(() => assertMayEdit(report('submitted'), rights({}), messages))).toEqual({
      status: 409,
      message: 'verrouillé',
    });
    expect(await refusal(() => assertMayEdit(report('draft'), rights({}), messages))).toEqual({
      status: 403,
      message: 'interdit',
    });
  });

  it('refuses a submission without a level above, once submitted, or to whoever may not edit', async () => {
    expect(() => assertMaySubmit(report('draft'), rights({ submit: true }), section)).not.toThrow();
    expect(await refusal(() => assertMaySubmit(report('draft'), rights({ submit: true }), null))).toEqual({
      status: 409,
      message: M.reportNoLevelAbove,
    });
    expect(await refusal(() => assertMaySubmit(report('submitted'), rights({}), section))).toEqual({
      status: 409,
      message: M.reportNotSubmittable,
    });
    expect(await refusal(() => assertMaySubmit(report('returned'), rights({}), section))).toMatchObject({
      status: 403,
    });
  });

  it('refuses sending back a report that is not submitted, or from elsewhere than the level above', async () => {
    expect(() => assertMayReturn(report('submitted'), rights({ return: true }))).not.toThrow();
    expect(await refusal(() => assertMayReturn(report('draft'), rights({})))).toEqual({
      status: 409,
      message: M.reportNotReturnable,
    });
    expect(await refusal(() => assertMayReturn(report('submitted'), rights({})))).toEqual({
      status: 403,
      message: M.returnOnlyAbove,
    });
  });
});

describe("who reads a department's money (decisions 0041 and 0047)", () => {
  it('a holder of contribution:view or expense:view there, not a member nor activity:view alone', async () => {
    expect(
      await seesDepartmentMoney(
        gateStub([{ on: department, codes: ['contribution:view'] }]),
        department,
        null,
      ),
    ).toBe(true);
    expect(
      await seesDepartmentMoney(gateStub([{ on: department, codes: ['expense:view'] }]), department, null),
    ).toBe(true);
    expect(
      await seesDepartmentMoney(
        gateStub([{ on: department, codes: ['activity:view'] }]),
        department,
        'member',
      ),
    ).toBe(false);
    expect(await seesDepartmentMoney(gateStub([]), department, 'member')).toBe(false);
    expect(await seesDepartmentMoney(gateStub([]), department, null)).toBe(false);
    // asked on the department itself: the server resolves it to its owning entity's chain
    const gate = gateStub([{ on: department, codes: ['expense:view'] }]);
    await seesDepartmentMoney(gate, department, null);
    expect(gate.asked).toEqual([{ entity: department, codes: ['contribution:view', 'expense:view'] }]);
  });

  it('its leader, without a finance permission and without asking one', async () => {
    const gate = gateStub([]);
    expect(await seesDepartmentMoney(gate, department, 'leader')).toBe(true);
    expect(gate.asked).toEqual([]);
  });

  it("leadsDepartment passes the department's leaders only", () => {
    const rule = leadsDepartment([7, 9]);
    expect(rule({ userId: 7 })).toBe(true);
    expect(rule({ userId: 9 })).toBe(true);
    expect(rule({ userId: 8 })).toBe(false);
    expect(leadsDepartment([])({ userId: 7 })).toBe(false);
  });
});
