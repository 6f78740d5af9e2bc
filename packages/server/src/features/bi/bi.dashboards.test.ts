import type { MenuItem } from '@trestle/shared';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  addUserWithGrants,
  contractsDataset,
  dashboardOf,
  monthlyChart,
  roleId,
  saveBi,
  sqlDataset,
} from '../../test/bi.ts';
import { body } from '../../test/helper.ts';
import { createOtherTenant } from '../../test/tenants.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';

/** Dashboards over HTTP: their checks, who they are shared with, what a viewer is sent, and menu entries. */
const t = useTestApp({ pm: true });

const fieldErrorsOf = (res: LightMyRequestResponse) => res.json().data.fieldErrors as Record<string, string>;

/** Admin's designs: a dataset over the contracts, a SQL one, a chart on each; a second company; a viewer. */
const made = madeInBeforeAll(async () => {
  const contracts = await saveBi(t, 'dataset', { name: 'Contracts', definition: contractsDataset() });
  const raw = await saveBi(t, 'dataset', { name: 'Raw', definition: sqlDataset() });
  const monthly = await saveBi(t, 'chart', { name: 'Monthly', definition: monthlyChart(contracts.id) });
  const rawMonthly = await saveBi(t, 'chart', { name: 'Raw monthly', definition: rawMonthlyChart(raw.id) });
  await createOtherTenant(t.database.db, 'globex', ['System', 'BIDesign', 'dashboards', 'Project', 'ProjectContract']);
  // A member of staff granted the Dashboards screen, whose role no dashboard here is shared with.
  await addUserWithGrants(t.database.db, 'viewer', { dashboards: ['Search'] });
  return {
    raw: raw.id,
    monthly: monthly.id,
    rawMonthly: rawMonthly.id,
    pmRole: await roleId(t.database.db, 'pm'),
    globex: await t.login('globex-admin', 'Other@2026'),
    viewer: await t.login('viewer', 'Pm@2026'),
  };
});

/** A monthly bar of the SQL dataset's amounts. */
function rawMonthlyChart(datasetId: number) {
  return monthlyChart(datasetId, {
    type: 'bar',
    dimensions: [{ field: 'month', bucket: 'month' }],
    measures: [{ field: 'amount', agg: 'sum' }],
  });
}

/** A dashboard of the two charts with a date filter on each, shared with `shareRoles`. */
const twoCharts = () =>
  dashboardOf([
    { id: made.monthly, dateField: 'signDate' },
    { id: made.rawMonthly, dateField: 'month' },
  ]);

const saveDashboard = (name: string, shareRoles: number[]) =>
  saveBi(t, 'dashboard', { name, definition: twoCharts(), shareRoles });

describe('a dashboard is checked before it is saved', () => {
  it('refuses overlapping tiles, a chart that is not there, and a date range on a field that is not a date', async () => {
    const definition = twoCharts();
    const [first, second] = definition.items;
    if (!first || !second) throw new Error('two tiles');
    const res = await t.post('/api/bi/dashboard/save', {
      name: 'Broken',
      description: '',
      definition: {
        ...definition,
        items: [
          first,
          { ...second, x: 6, y: 0 },
          { id: 'ghost', kind: 'chart', chartId: 999_999, x: 0, y: 20, w: 6, h: 4 },
        ],
        filters: [{ ...definition.filters[0], targets: [{ chartId: made.monthly, field: 'customerId.name' }] }],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('The dashboard has errors');
    expect(fieldErrorsOf(res)).toEqual({
      'definition.items.1': 'overlaps t0',
      'definition.items.2.chartId': 'no chart 999999',
      'definition.filters.0.targets.0.field': "customerId.name is not a date, so a date range can't filter it",
    });
  });

  it('refuses share roles that are not the company’s own', async () => {
    const res = await t.post('/api/bi/dashboard/save', {
      name: 'Overshared',
      description: '',
      definition: twoCharts(),
      shareRoles: [made.pmRole, 999_999],
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)).toEqual({ shareRoles: 'no role 999999 in this company' });
  });

  it('refuses a save over a version someone else saved since (409), keeping the other save', async () => {
    const saved = await saveDashboard('Raced', []);
    const again = { ...saved, description: '', definition: twoCharts(), shareRoles: [] };
    expect((await t.post('/api/bi/dashboard/save', { ...again, name: 'First' })).statusCode).toBe(200);
    const stale = await t.post('/api/bi/dashboard/save', { ...again, name: 'Second' });
    expect(stale.statusCode).toBe(409);
    expect((await t.get(`/api/bi/dashboard?id=${saved.id}`)).json().data).toMatchObject({ name: 'First', version: 2 });
  });

  it('keeps a chart a dashboard shows (409), and refuses a change to it that would break the dashboard', async () => {
    const dashboard = await saveDashboard('Holding', []);
    const refused = await t.post('/api/bi/chart/del', { id: made.monthly });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toMatch(/^The chart is on \d+ dashboards?: take it off them first$/);
    const chart = (await t.get(`/api/bi/chart?id=${made.monthly}`)).json().data as { version: number };
    // Moved onto the SQL dataset, the chart has no signDate for the dashboard's date filter.
    const moved = await t.post('/api/bi/chart/save', {
      id: made.monthly,
      version: chart.version,
      name: 'Monthly',
      definition: rawMonthlyChart(made.raw),
    });
    expect(moved.statusCode).toBe(400);
    expect(fieldErrorsOf(moved).definition).toMatch(
      new RegExp(
        `dashboard “Holding” \\(${dashboard.id}\\) would break: chart ${made.monthly}'s dataset has no field signDate`,
      ),
    );
  });
});

describe('who may open a dashboard', () => {
  it('lists a dashboard shared with pm among pm’s, and sends pm what to draw it with, never a dataset’s SQL', async () => {
    const shared = await saveDashboard('Shared with pm', [made.pmRole]);
    const mine = (await t.get('/api/dashboards/mine', t.pm)).json().data as { id: number; sharedWith: string[] }[];
    expect(mine.map((d) => d.id)).toContain(shared.id);
    const res = await t.get(`/api/dashboards/view?id=${shared.id}`, t.pm);
    expect(res.statusCode).toBe(200);
    const view = body(res).data as { charts: { id: number }[]; fields: Record<string, { name: string }[]> };
    expect(view.charts.map((c) => c.id).sort()).toEqual([made.monthly, made.rawMonthly].sort());
    expect(view.fields[String(made.rawMonthly)]?.map((f) => f.name)).toEqual(['month', 'amount']);
    expect(res.body).not.toMatch(/sales_contracts|amount_incl_tax/);
    expect(res.body).not.toMatch(/ProjectContract/);
  });

  it('answers a dashboard not shared with the viewer as missing, and leaves it out of their list', async () => {
    const unshared = await saveDashboard('Not for pm', []);
    const res = await t.get(`/api/dashboards/view?id=${unshared.id}`, t.pm);
    expect(res.statusCode).toBe(404);
    const mine = (await t.get('/api/dashboards/mine', t.pm)).json().data as { id: number }[];
    expect(mine.map((d) => d.id)).not.toContain(unshared.id);
    // Shared with pm, it is still not the viewer's: their role is not among those it is shared with.
    const shared = await saveDashboard('Only pm', [made.pmRole]);
    expect((await t.get(`/api/dashboards/view?id=${shared.id}`, made.viewer)).statusCode).toBe(404);
  });

  it('answers another company’s dashboard ids as missing on every path', async () => {
    const ours = await saveDashboard('Ours', [made.pmRole]);
    const theirs = made.globex;
    expect((await t.get(`/api/bi/dashboard?id=${ours.id}`, theirs)).statusCode).toBe(404);
    expect((await t.get(`/api/dashboards/view?id=${ours.id}`, theirs)).statusCode).toBe(404);
    const over = { ...ours, name: 'Taken', description: '', definition: { items: [], filters: [] }, shareRoles: [] };
    expect((await t.post('/api/bi/dashboard/save', over, theirs)).statusCode).toBe(404);
    expect((await t.post('/api/bi/dashboard/del', { id: ours.id }, theirs)).statusCode).toBe(404);
    expect((await t.post('/api/bi/dashboard/publish', { id: ours.id }, theirs)).statusCode).toBe(404);
    // Nor may their dashboard show our charts, or be shared with our roles.
    const borrowed = await t.post(
      '/api/bi/dashboard/save',
      { name: 'Borrowed', description: '', definition: twoCharts(), shareRoles: [made.pmRole] },
      theirs,
    );
    expect(fieldErrorsOf(borrowed)).toMatchObject({
      'definition.items.0.chartId': `no chart ${made.monthly}`,
      shareRoles: `no role ${made.pmRole} in this company`,
    });
    expect(((await t.get('/api/dashboards/mine', theirs)).json().data as unknown[]).length).toBe(0);
  });
});

describe('publishing a dashboard as a menu entry', () => {
  const menuOf = async (token: string) => (await t.get('/api/menu/getTreeMenu', token)).json().data as MenuItem[];

  it('puts it into the menus of those who may open it, under the folder chosen, and takes it out again', async () => {
    const shared = await saveDashboard('Published for pm', [made.pmRole]);
    const published = await t.post('/api/bi/dashboard/publish', { id: shared.id, parentMenu: 'Project' });
    expect(published.statusCode).toBe(200);
    const pmMenu = await menuOf(t.pm);
    const entry = pmMenu.find((m) => m.url === `/dashboards/${shared.id}`);
    const project = pmMenu.find((m) => m.name === 'Projects');
    expect(entry).toMatchObject({ name: 'Published for pm', parentId: project?.id });
    expect(entry?.id).toBeLessThan(0);
    expect((await t.get(`/api/bi/dashboard?id=${shared.id}`)).json().data.menuCode).toBe('Project');
    // The viewer holds the Dashboards screen, but the dashboard is not shared with them.
    expect((await menuOf(made.viewer)).some((m) => m.url === `/dashboards/${shared.id}`)).toBe(false);
    await t.data('/api/bi/dashboard/unpublish', { id: shared.id });
    expect((await menuOf(t.pm)).some((m) => m.url === `/dashboards/${shared.id}`)).toBe(false);
  });

  it('refuses a folder that is no menu folder', async () => {
    const shared = await saveDashboard('Misplaced', []);
    for (const parentMenu of ['NoSuchFolder', 'Employee']) {
      const res = await t.post('/api/bi/dashboard/publish', { id: shared.id, parentMenu });
      expect(res.statusCode, parentMenu).toBe(400);
      expect(fieldErrorsOf(res).parentMenu).toBe(`no menu folder ${parentMenu}`);
    }
  });

  it('keeps a company’s published dashboard out of every other company’s menu, the platform’s included', async () => {
    const dataset = await saveBi(
      t,
      'dataset',
      { name: 'Theirs', definition: contractsDataset({ joins: [] }) },
      made.globex,
    );
    const chart = await saveBi(
      t,
      'chart',
      { name: 'Theirs monthly', definition: monthlyChart(dataset.id) },
      made.globex,
    );
    const dashboard = await saveBi(
      t,
      'dashboard',
      { name: 'Globex secret', definition: dashboardOf([{ id: chart.id, dateField: 'signDate' }]) },
      made.globex,
    );
    await t.data('/api/bi/dashboard/publish', { id: dashboard.id }, made.globex);
    expect((await menuOf(made.globex)).find((m) => m.url === `/dashboards/${dashboard.id}`)).toMatchObject({
      name: 'Globex secret',
      parentId: 0,
    });
    const ours = await menuOf(t.admin);
    expect(ours.some((m) => m.name === 'Globex secret' || m.url === `/dashboards/${dashboard.id}`)).toBe(false);
  });
});
