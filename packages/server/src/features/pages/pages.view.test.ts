import type { MenuItem, PageResult, PageView } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { contractsDataset, dashboardOf, monthlyChart, roleId, saveBi } from '../../test/bi.ts';
import { body } from '../../test/helper.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';
import { insert, makePage, node, patched, publish, share } from './pages.fixtures.ts';

/**
 * Viewing a published page: who may open it, its menu entry, and that its blocks reach nothing the entity's (or
 * the chart's) own rules would refuse the viewer.
 */
const t = useTestApp({ pm: true, otherTenant: true });

const projects = node('projects', 'grid', { entity: 'ProjectInformation', actions: ['add', 'edit', 'delete'] });

const made = madeInBeforeAll(async () => {
  const dataset = await saveBi(t, 'dataset', { name: 'Contracts', definition: contractsDataset() });
  const onPage = await saveBi(t, 'chart', { name: 'On the page', definition: monthlyChart(dataset.id) });
  const offPage = await saveBi(t, 'chart', { name: 'Elsewhere', definition: monthlyChart(dataset.id) });
  const pmRole = await roleId(t.database.db, 'pm');
  // Shared with pm, in the System folder of the menu.
  const shared = await makePage(t, 'Shared');
  await patched(t, shared, [insert(projects), insert(node('chart', 'chart', { chartId: onPage.id }))]);
  await share(t, shared, [pmRole], 'System');
  await publish(t, shared);
  // Published, the same chart on it, shared with nobody.
  const unshared = await makePage(t, 'Unshared');
  await patched(t, unshared, [insert(node('chart', 'chart', { chartId: onPage.id }))]);
  await share(t, unshared, [], '');
  await publish(t, unshared);
  // Shared with pm but never published.
  const unpublished = await makePage(t, 'Unpublished');
  await share(t, unpublished, [pmRole], '');
  // Shared with pm: a dashboard block, whose charts its viewers run too.
  const board = await saveBi(t, 'dashboard', {
    name: 'Board',
    definition: dashboardOf([{ id: offPage.id, dateField: 'signDate' }]),
  });
  const withBoard = await makePage(t, 'WithBoard');
  await patched(t, withBoard, [insert(node('board', 'dashboard', { dashboardId: board.id }))]);
  await share(t, withBoard, [pmRole], '');
  await publish(t, withBoard);
  return { shared, unshared, unpublished, withBoard, onPage: onPage.id, offPage: offPage.id };
});

const view = (id: number, token: string) => t.get(`/api/pages/view/${id}`, token);
const menuUrls = async (token: string) =>
  (body(await t.get('/api/menu/getTreeMenu', token)).data as MenuItem[]).map((m) => m.url);

describe('who opens a published page', () => {
  it('a viewer with a share role gets the published nodes and the charts to draw', async () => {
    const res = await view(made.shared, t.pm);
    expect(res.statusCode, res.body).toBe(200);
    const page = body(res).data as PageView;
    expect(page).toMatchObject({ id: made.shared, name: 'Shared', version: 1 });
    expect(page.nodes.map((n) => n.uid).sort()).toEqual(['chart', 'projects', 'root']);
    expect(page.charts.map((c) => c.id)).toEqual([made.onPage]);
  });

  it('a page not shared with the viewer is a 403; a designer opens it', async () => {
    expect((await view(made.unshared, t.pm)).statusCode).toBe(403);
    expect((await view(made.unshared, t.admin)).statusCode).toBe(200);
  });

  it('an unpublished page, or another company’s, is a 404', async () => {
    expect((await view(made.unpublished, t.pm)).statusCode).toBe(404);
    expect((await view(made.unpublished, t.admin)).statusCode).toBe(404);
    expect((await view(made.shared, t.acmeAdmin)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/pages/view/${made.shared}` })).statusCode).toBe(401);
  });

  it('puts the page in the menu of those it is shared with, under its folder, while it is published', async () => {
    const url = `/page/${made.shared}`;
    const pmMenu = (body(await t.get('/api/menu/getTreeMenu', t.pm)).data as MenuItem[]) ?? [];
    const entry = pmMenu.find((m) => m.url === url);
    const system = pmMenu.find((m) => m.url === '' && m.id === entry?.parentId);
    expect(entry).toMatchObject({ name: 'Shared' });
    expect(system).toBeDefined();
    expect(entry?.id).toBeLessThan(-(2 ** 31));
    expect(await menuUrls(t.pm)).not.toContain(`/page/${made.unshared}`);
    expect(await menuUrls(t.pm)).not.toContain(`/page/${made.unpublished}`);
    expect(await menuUrls(t.acmeAdmin)).not.toContain(url);

    const zh = await t.app.inject({
      method: 'GET',
      url: '/api/menu/getTreeMenu',
      headers: { authorization: `Bearer ${t.pm}`, 'accept-language': 'zh-CN' },
    });
    expect((body(zh).data as MenuItem[]).find((m) => m.url === url)?.name).toBe('Shared页');
  });

  it('takes the page out of the menu and the view when it is unpublished', async () => {
    const id = await makePage(t, 'Fleeting');
    await share(t, id, [await roleId(t.database.db, 'pm')], '');
    await publish(t, id);
    expect(await menuUrls(t.pm)).toContain(`/page/${id}`);
    expect((await t.post('/api/pages/unpublish', { id })).statusCode).toBe(200);
    expect(await menuUrls(t.pm)).not.toContain(`/page/${id}`);
    expect((await view(id, t.pm)).statusCode).toBe(404);
  });
});

describe('a block cannot fetch what the entity’s routes would refuse', () => {
  it('reads the projects grid as pm would on the projects screen: pm’s projects only', async () => {
    const list = { page: 1, rows: 100, wheres: [] };
    const mine = body(await t.post('/api/ProjectInformation/getPageData', list, t.pm)).data as PageResult;
    const all = body(await t.post('/api/ProjectInformation/getPageData', list, t.admin)).data as PageResult;
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.total).toBeLessThan(all.total);
  });

  it('refuses the grid’s Delete to pm, whose role lacks it on projects, though the block offers it', async () => {
    const [row] = (
      body(await t.post('/api/ProjectInformation/getPageData', { page: 1, rows: 1 }, t.pm)).data as PageResult
    ).rows;
    const res = await t.post('/api/ProjectInformation/del', [row?.id], t.pm);
    expect(res.statusCode).toBe(403);
    expect(body(res).code).toBe('forbidden');
    // The same grant the block's toolbar reads: pm's menu entry for projects offers no Delete.
    const menu = body(await t.get('/api/menu/getTreeMenu', t.pm)).data as MenuItem[];
    const buttons = body(await t.get('/api/Button/Get', t.pm)).data as { id: number; code: string }[];
    const del = buttons.find((b) => b.code === 'Delete')?.id;
    expect(del).toBeDefined();
    const screen = menu.find((m) => m.url === '/ProjectInformation');
    expect(screen?.permission).not.toContain(del);
    expect(screen?.permission.length).toBeGreaterThan(0);
  });

  it('runs a chart for a viewer only when it is on a published page shared with them', async () => {
    const run = (chartId: number, pageId?: number) =>
      t.post('/api/bi/run', { ...(pageId ? { pageId } : {}), items: [{ key: 'c', chartId }] }, t.pm);
    const allowed = await run(made.onPage, made.shared);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((body(allowed).data as { results: Record<string, { ok: boolean }> }).results.c?.ok).toBe(true);
    expect((await run(made.offPage, made.shared)).statusCode).toBe(403);
    expect((await run(made.onPage, made.unshared)).statusCode).toBe(403);
    expect((await run(made.onPage, made.unpublished)).statusCode).toBe(403);
    expect((await run(made.onPage)).statusCode).toBe(403);
    expect((await run(made.offPage, made.withBoard)).statusCode).toBe(200);
    expect((await run(made.onPage, made.withBoard)).statusCode).toBe(403);
  });
});
