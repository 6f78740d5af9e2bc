import type { ApprovalEntry, PageResult } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client.ts';
import { firstId, newProjectBody, projectRefs } from '../../test/demo.ts';
import { allowSelfApproval, bearer, body } from '../../test/helper.ts';
import { useTestApp } from '../../test/use-test-app.ts';

const t = useTestApp({ pm: true });
let ids: { customer: number; org: number; pmEmployee: number; otherEmployee: number; leftEmployee: number };

beforeAll(async () => {
  // These tests submit and approve as admin; segregation of duties has tests of its own.
  await allowSelfApproval(t.app, t.admin);
  const db = t.database.db;
  const refs = await projectRefs(db);
  ids = {
    customer: refs.customer,
    org: refs.org,
    pmEmployee: refs.manager,
    otherEmployee: await firstId(
      db,
      sql`select id from employees where status = 'active' and user_id is null order by code limit 1`,
    ),
    leftEmployee: await firstId(db, sql`select id from employees where status = 'left' limit 1`),
  };
});

const { post } = t;
const page = async (entity: string, token = t.admin, wheres: unknown[] = []) =>
  body(await post(`/api/${entity}/getPageData`, { page: 1, rows: 100, wheres }, token)).data as PageResult;
const rowOf = async (entity: string, code: string, token = t.admin) =>
  (await page(entity, token, [{ name: 'code', value: code, displayType: 'eq' }])).rows[0] as Record<string, unknown>;

const newProject = (code: string, extra: Record<string, unknown> = {}) =>
  newProjectBody(
    { customer: ids.customer, org: ids.org, manager: ids.pmEmployee },
    { code, name: `Project ${code}`, ...extra },
  );

describe('projects: kinds and scope', () => {
  it('shows delivery projects on ProjectInformation and O&M ones on YWProjectInformation, never the other kind', async () => {
    const delivery = await page('ProjectInformation');
    const om = await page('YWProjectInformation');
    expect(delivery.total).toBe(16);
    expect(om.total).toBe(4);
    expect(delivery.rows.every((r) => String(r.code).startsWith('XM'))).toBe(true);
    const someOm = om.rows[0]?.id;
    const crossed = await post('/api/ProjectInformation/update', {
      mainData: { id: someOm, version: 1, name: 'Hijacked' },
    });
    expect(crossed.statusCode).toBe(404);
  });

  it('lets pm see only the projects it is a member of, in list, detail and export', async () => {
    const mine = await page('ProjectInformation', t.pm);
    const members = await queryRows<{ project_id: number }>(
      t.database.db,
      sql`select pm.project_id from project_members pm join users u on u.id = pm.user_id
          join projects p on p.id = pm.project_id where u.user_key = 'pm' and p.type = 'DELIVERY'`,
    );
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.rows.map((r) => r.id).sort()).toEqual(members.map((m) => m.project_id).sort());
    // The export holds the same rows: one line per project, after the header.
    const exported = await post('/api/ProjectInformation/export', { page: 1, rows: 30 }, t.pm);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(new Uint8Array(exported.rawPayload).buffer);
    expect((wb.worksheets[0]?.rowCount ?? 0) - 1).toBe(mine.total);
    const other = (await page('ProjectInformation')).rows.find((r) => !members.some((m) => m.project_id === r.id));
    const detail = await post('/api/ProjectInformation/getDetailPage', { page: 1, rows: 30, value: other?.id }, t.pm);
    expect(detail.statusCode).toBe(404);
    const ownDetail = await post(
      '/api/ProjectInformation/getDetailPage',
      { page: 1, rows: 30, value: mine.rows[0]?.id },
      t.pm,
    );
    expect((body(ownDetail).data as PageResult).rows.length).toBeGreaterThan(0);
    const hidden = await post('/api/ProjectInformation/update', { mainData: { id: other?.id, version: 1 } }, t.pm);
    expect(hidden.statusCode).toBe(404);
  });
});

describe('projects: approval and lifecycle', () => {
  it('walks draft → in approval → approved, locks the plan, then allows only listed status moves', async () => {
    const added = await post('/api/ProjectInformation/add', newProject('XM-T-001'), t.pm);
    expect(added.statusCode, added.body).toBe(200);
    // The creator keeps seeing what it added (membership), as a draft.
    let row = await rowOf('ProjectInformation', 'XM-T-001', t.pm);
    expect(row).toMatchObject({ status: 'DRAFT', auditStatus: 0 });
    /** pm's edit of the project as last read. */
    const edit = (mainData: object) =>
      post('/api/ProjectInformation/update', { mainData: { id: row.id, version: row.version, ...mainData } }, t.pm);

    // Draft cannot jump to in progress by editing.
    const jump = await edit({ status: 'IN_PROGRESS' });
    expect([jump.statusCode, body(jump).message]).toEqual([422, 'The status cannot go from DRAFT to IN_PROGRESS']);

    expect((await post('/api/ProjectInformation/submit', { keys: [row.id] }, t.pm)).statusCode).toBe(200);
    row = await rowOf('ProjectInformation', 'XM-T-001', t.pm);
    const locked = await edit({ name: 'Renamed' });
    expect([locked.statusCode, body(locked).message]).toEqual([
      422,
      'This document is in approval: it cannot change until it is approved or rejected',
    ]);
    // pm holds no Audit grant.
    expect((await post('/api/ProjectInformation/audit', { keys: [row.id], status: 1 }, t.pm)).statusCode).toBe(403);
    const noReason = await post('/api/ProjectInformation/audit', { keys: [row.id], status: 2 });
    expect(noReason.statusCode).toBe(400);
    expect((await post('/api/ProjectInformation/audit', { keys: [row.id], status: 1, reason: 'Go' })).statusCode).toBe(
      200,
    );

    row = await rowOf('ProjectInformation', 'XM-T-001', t.pm);
    expect(row).toMatchObject({ status: 'IN_PROGRESS', auditStatus: 1 });
    const plan = await edit({ plannedEnd: '2027-09-30' });
    expect([plan.statusCode, body(plan).message]).toEqual([
      422,
      'This document is approved: Planned end can change only through an amendment',
    ]);
    const hold = await edit({ status: 'ON_HOLD', progressPct: '12.50' });
    expect(hold.statusCode, hold.body).toBe(200);
    row = await rowOf('ProjectInformation', 'XM-T-001', t.pm);
    const close = await edit({ status: 'CLOSED' });
    expect([close.statusCode, body(close).message]).toEqual([422, 'The status cannot go from ON_HOLD to CLOSED']);
    expect((await post('/api/ProjectInformation/del', [row.id])).statusCode).toBe(422);

    const history = await t.app.inject({
      method: 'GET',
      url: `/api/ProjectInformation/approvalHistory?key=${row.id}`,
      headers: bearer(t.pm),
    });
    expect((body(history).data as ApprovalEntry[]).map((s) => [s.action, s.reason, s.userName])).toEqual([
      ['submit', '', 'Paula Meyer'],
      ['approve', 'Go', 'Administrator'],
    ]);
  });

  it('sends a rejected project back with its reason, editable and ready to resubmit', async () => {
    await post('/api/ProjectInformation/add', newProject('XM-T-002'));
    let row = await rowOf('ProjectInformation', 'XM-T-002');
    await post('/api/ProjectInformation/submit', { keys: [row.id] });
    const again = await post('/api/ProjectInformation/submit', { keys: [row.id] });
    expect([again.statusCode, body(again).message]).toEqual([422, 'This document is already in approval']);
    await post('/api/ProjectInformation/audit', { keys: [row.id], status: 2, reason: 'Budget missing' });
    row = await rowOf('ProjectInformation', 'XM-T-002');
    expect(row).toMatchObject({ auditStatus: 2, auditReason: 'Budget missing', status: 'DRAFT' });
    const edited = await post('/api/ProjectInformation/update', {
      mainData: { id: row.id, version: row.version, name: 'Fixed' },
    });
    expect(edited.statusCode).toBe(200);
    expect((await post('/api/ProjectInformation/submit', { keys: [row.id] })).statusCode).toBe(200);
    const audited = await post('/api/ProjectInformation/audit', { keys: [row.id, row.id], status: 1 });
    expect(audited.statusCode).toBe(200);
  });

  it('refuses a manager who left, reversed dates and an O&M service period that ends before it starts', async () => {
    const left = await post('/api/ProjectInformation/add', newProject('XM-T-003', { managerId: ids.leftEmployee }));
    expect([left.statusCode, body(left).message]).toEqual([422, 'The project manager must be an active employee']);
    const reversed = await post('/api/ProjectInformation/add', newProject('XM-T-004', { plannedEnd: '2026-11-30' }));
    expect([reversed.statusCode, body(reversed).message]).toEqual([
      422,
      'The planned end cannot be before the planned start',
    ]);
    const om = await post(
      '/api/YWProjectInformation/add',
      newProject('YW-T-001', {
        serviceStart: '2027-01-01',
        serviceEnd: '2026-12-31',
        serviceScope: 'Quarterly inspection',
        billingCycle: 'QUARTERLY',
      }),
    );
    expect([om.statusCode, body(om).message]).toEqual([422, 'The service end must be after the service start']);
    const omOk = await post(
      '/api/YWProjectInformation/add',
      newProject('YW-T-002', {
        serviceStart: '2027-01-01',
        serviceEnd: '2027-12-31',
        serviceScope: 'Quarterly inspection',
        billingCycle: 'QUARTERLY',
        type: 'DELIVERY',
      }),
    );
    expect(omOk.statusCode, omOk.body).toBe(200);
    // Whatever the body says, an O&M screen writes O&M projects.
    expect(await rowOf('YWProjectInformation', 'YW-T-002')).toMatchObject({ type: 'OM', status: 'DRAFT' });
  });

  it('adds the team with the project, and team members see it in their scope', async () => {
    // Managed by someone else: pm sees the project as a team member.
    const res = await post('/api/ProjectInformation/add', {
      mainData: { ...newProject('XM-T-005').mainData, managerId: ids.otherEmployee },
      detailData: { ProjectTeam: [{ employeeId: ids.pmEmployee, role: 'TECH_LEAD', allocationPct: '50' }] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowOf('ProjectInformation', 'XM-T-005', t.pm)).toBeDefined();
    const bad = await post('/api/ProjectInformation/add', {
      mainData: newProject('XM-T-006').mainData,
      detailData: { ProjectTeam: [{ employeeId: ids.leftEmployee, role: 'ENGINEER' }] },
    });
    expect([bad.statusCode, body(bad).message]).toEqual([422, 'The team member must be an active employee']);
  });
});

describe('projects: team lines and pickers', () => {
  it('takes an approved project back unchanged with its lines, and refuses a change to a line', async () => {
    const added = await post('/api/ProjectInformation/add', {
      mainData: newProject('XM-T-010').mainData,
      detailData: { ProjectTeam: [{ employeeId: ids.otherEmployee, role: 'ENGINEER' }] },
    });
    const key = (body(added).data as { key: number }).key;
    await post('/api/ProjectInformation/submit', { keys: [key] });
    await post('/api/ProjectInformation/audit', { keys: [key], status: 1 });
    const row = await rowOf('ProjectInformation', 'XM-T-010');
    const loaded = body(await post('/api/ProjectInformation/getDetailPage', { page: 1, rows: 30, value: key }))
      .data as PageResult;
    const lines = {
      rows: loaded.rows.map(({ id, version, employeeId, role, joinDate, leaveDate, allocationPct }) => ({
        id,
        version,
        employeeId,
        role,
        joinDate,
        leaveDate,
        allocationPct,
      })),
    };
    // What the edit dialog sends: the main row with a status change, and every line as it was loaded.
    const same = await post('/api/ProjectInformation/update', {
      mainData: { id: key, version: row.version, status: 'ON_HOLD' },
      detailData: { ProjectTeam: lines.rows },
    });
    expect(same.statusCode, same.body).toBe(200);
    const changed = await post('/api/ProjectInformation/update', {
      mainData: { id: key, version: Number(row.version) + 1 },
      detailData: { ProjectTeam: lines.rows.map((l) => ({ ...l, role: 'TECH_LEAD' })) },
    });
    expect([changed.statusCode, body(changed).message]).toEqual([
      422,
      'This document is approved: its lines can change only through an amendment',
    ]);
  });

  it("offers a line's choices through the master's lookup, from every screen over the referenced table", async () => {
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/ProjectInformation/lookup?${query}`, headers: bearer(t.admin) });
    const employees = await get('field=employeeId&detail=ProjectTeam&q=a');
    expect((body(employees).data as unknown[]).length).toBeGreaterThan(0);
    // Delivery and O&M projects both: the lookup is not limited to the first screen over `projects`.
    const projects = body(await get('field=projectId&detail=ProjectTeam&q=O%26M')).data as { label: string }[];
    expect(projects.map((p) => p.label)).toContainEqual(expect.stringMatching(/^YW\S+ — Metro network O&M$/));
    expect((await get('field=employeeId&detail=Nope')).statusCode).toBe(400);
    expect((await get('field=employeeId')).statusCode).toBe(400);
  });
});

describe('customers', () => {
  it('refuses deleting a customer that projects name', async () => {
    const res = await post('/api/Customer/del', [ids.customer]);
    expect([res.statusCode, body(res).message]).toEqual([
      422,
      'This customer is used by a project or a document: disable it instead of deleting it',
    ]);
  });
});
