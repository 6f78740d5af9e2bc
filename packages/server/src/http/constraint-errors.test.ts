import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { bearer, body } from '../test/helper.ts';
import { useTestApp } from '../test/use-test-app.ts';
import { constraintAnswer, inRow } from './constraint-errors.ts';

/** A PostgreSQL error as drizzle hands it on: wrapped, the driver's error as `cause`. */
const wrapped = (fields: Record<string, string>) =>
  Object.assign(new Error('Failed query: …'), { cause: Object.assign(new Error('db'), fields) });

const noCatalog = () => undefined;
const catalog = (name: string) =>
  ({
    employees_code: ['tenant_id', 'code'],
    project_budget_line_item: ['tenant_id', 'budget_id', 'category', "COALESCE(item_name, ''::character varying)"],
    employees_organization_id_fk: ['organization_id'],
    project_milestone_type_check: ['type'],
    acceptance_test_dates: ['actual_start', 'actual_end'],
  })[name];

describe('a constraint the database enforced, as the client’s answer', () => {
  it('a duplicate is 409 naming the unique key’s fields, without the tenant, from the catalog or the detail', () => {
    for (const [err, columns] of [
      [wrapped({ code: '23505', constraint: 'employees_code' }), catalog],
      [wrapped({ code: '23505', detail: 'Key (tenant_id, code)=(1, E1001) already exists.' }), noCatalog],
    ] as const) {
      expect(constraintAnswer(err, columns)).toMatchObject({
        status: 409,
        code: 'conflict',
        data: { fieldErrors: { code: 'already exists' } },
      });
    }
  });

  it('names the columns of an expression index, and keeps to the fields of the row, in a nested body', () => {
    const err = inRow(
      wrapped({ code: '23505', constraint: 'project_budget_line_item' }),
      'detailData.ProjectBudgetLine.2.',
      (f) => f !== 'budgetId',
    );
    expect(constraintAnswer(err, catalog)?.data).toEqual({
      fieldErrors: {
        'detailData.ProjectBudgetLine.2.category': 'already exists',
        'detailData.ProjectBudgetLine.2.itemName': 'already exists',
      },
    });
  });

  it('a reference to a missing row is 400 on the field; deleting a row still referenced is 409', () => {
    const missing = inRow(
      wrapped({
        code: '23503',
        constraint: 'employees_organization_id_fk',
        detail: 'Key is not present in table "organizations".',
      }),
      'mainData.',
    );
    expect(constraintAnswer(missing, catalog)).toMatchObject({
      status: 400,
      data: { fieldErrors: { 'mainData.organizationId': 'refers to a record that does not exist' } },
    });
    const used = wrapped({
      code: '23503',
      constraint: 'employees_organization_id_fk',
      detail: 'Key is still referenced from table "employees".',
    });
    expect(constraintAnswer(used, catalog)).toMatchObject({
      status: 409,
      message: 'This record is still used by other records',
    });
  });

  it('a value a check refuses is 400 on its column, or on each column of a rule over several', () => {
    expect(
      constraintAnswer(wrapped({ code: '23514', constraint: 'project_milestone_type_check' }), catalog),
    ).toMatchObject({
      status: 400,
      data: { fieldErrors: { type: 'is not an allowed value' } },
    });
    expect(constraintAnswer(wrapped({ code: '23514', constraint: 'acceptance_test_dates' }), catalog)?.data).toEqual({
      fieldErrors: {
        actualStart: 'breaks the rule acceptance_test_dates',
        actualEnd: 'breaks the rule acceptance_test_dates',
      },
    });
    expect(constraintAnswer(wrapped({ code: '23502', column: 'name' }), catalog)).toMatchObject({
      status: 400,
      data: { fieldErrors: { name: 'required' } },
    });
  });

  it('leaves every other failure alone', () => {
    expect(constraintAnswer(wrapped({ code: '22003' }), catalog)).toBeNull();
    expect(constraintAnswer(new Error('boom'), catalog)).toBeNull();
    expect(constraintAnswer(Object.assign(new Error('pipe'), { code: 'EPIPE' }), catalog)).toBeNull();
    const other = new Error('not a constraint');
    expect(inRow(other, 'mainData.')).toBe(other);
  });
});

describe('through the grid engine', () => {
  const t = useTestApp();

  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(t.admin) });
  const page = async (url: string, payload: unknown) =>
    (body(await post(url, payload)).data as { rows: Record<string, unknown>[] }).rows;

  it('a duplicate detail line is a 409 on that line’s field, and nothing of the save is written', async () => {
    const [dict] = await page('/api/Dictionary/getPageData', {
      rows: 1,
      wheres: [{ name: 'code', value: 'budgetCategory' }],
    });
    const lines = await page('/api/Dictionary/getDetailPage', { value: dict?.id, rows: 50 });
    const line = { value: 'NEW_ONE', label: 'New', labelZh: '新', sort: 99, enabled: true };
    const res = await post('/api/Dictionary/update', {
      mainData: { id: dict?.id, version: dict?.version, name: 'Renamed in the failed save' },
      detailData: { DictionaryList: [line, line] },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(body(res).data).toEqual({ fieldErrors: { 'detailData.DictionaryList.1.value': 'already exists' } });
    expect(await page('/api/Dictionary/getDetailPage', { value: dict?.id, rows: 50 })).toHaveLength(lines.length);
    const [after] = await page('/api/Dictionary/getPageData', {
      rows: 1,
      wheres: [{ name: 'code', value: 'budgetCategory' }],
    });
    expect(after?.name).toBe(dict?.name);
  });

  it('a member twice on a project’s team is a 409 on the second line’s employee', async () => {
    const [project] = await queryRows<{ id: number; version: number }>(
      t.database.db,
      sql`select id, version from projects where tenant_id = 1 and deleted_at is null order by id limit 1`,
    );
    const [employee] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from employees where tenant_id = 1 and id not in (select employee_id from project_team where project_id = ${project?.id}) limit 1`,
    );
    const member = { employeeId: employee?.id, role: 'ENGINEER' };
    const res = await post('/api/ProjectInformation/update', {
      mainData: { id: project?.id, version: project?.version },
      detailData: { ProjectTeam: [member, member] },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(body(res).data).toEqual({ fieldErrors: { 'detailData.ProjectTeam.1.employeeId': 'already exists' } });
  });

  it('a reference to a row that does not exist is a 400 on the field, not a 500', async () => {
    const res = await post('/api/Employee/add', {
      mainData: {
        code: 'E-FK-1',
        name: 'Nobody',
        gender: 'male',
        hireDate: '2024-01-01',
        status: 'active',
        organizationId: 2_000_000_000,
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys((body(res).data as { fieldErrors: object }).fieldErrors)).toEqual(['mainData.organizationId']);
  });

  it('a value the table’s check refuses is a 400 on the field', async () => {
    const [milestone] = await page('/api/ProjectMilestone/getPageData', { rows: 1 });
    const res = await post('/api/ProjectMilestone/update', {
      mainData: { id: milestone?.id, version: milestone?.version, type: 'NOT_A_TYPE' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(body(res).data).toEqual({ fieldErrors: { 'mainData.type': 'is not an allowed value' } });
  });
});
