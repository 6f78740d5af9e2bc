import { describe, expect, it } from 'vitest';
import { addUserWithGrants, contractsDataset, monthlyChart, saveBi } from '../../test/bi.ts';
import { publishedForm } from '../../test/forms.ts';
import { body } from '../../test/helper.ts';
import { PDF, PNG, postFiles } from '../../test/multipart.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';
import { detail, fieldErrorsOf, insert, label, makePage, node, nodeOf, patch, patched } from './pages.fixtures.ts';

/** Patching a page's draft over HTTP: per node, atomic, and checked as a whole (shared and server checks). */
const t = useTestApp({ env: { IFRAME_ORIGINS: 'https://maps.example.com' } });

const projects = (uid = 'projects', over: Record<string, unknown> = {}) =>
  node(uid, 'grid', { entity: 'ProjectInformation', columns: ['code', 'name'], ...over });

const made = madeInBeforeAll(async () => {
  // A page designer who may not open the projects screen.
  await addUserWithGrants(t.database.db, 'designer', { PageDesign: ['Search', 'Add', 'Update'] });
  return { designer: await t.login('designer', 'Pm@2026') };
});

describe('a patch changes the nodes it names, at their versions', () => {
  it('keeps both of two concurrent patches of different nodes, each node at its next version', async () => {
    const id = await makePage(t, 'Concurrent');
    await patched(t, id, [insert(projects('a')), insert(projects('b'))]);
    const [first, second] = await Promise.all([
      patch(t, id, [
        { op: 'update', uid: 'a', version: 1, props: { entity: 'ProjectInformation', columns: ['name'] } },
      ]),
      patch(t, id, [{ op: 'update', uid: 'b', version: 1, x: 0, w: 12 }]),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const a = await nodeOf(t, id, 'a');
    const b = await nodeOf(t, id, 'b');
    expect(a).toMatchObject({ version: 2, props: { columns: ['name'] } });
    expect(b).toMatchObject({ version: 2, w: 12, props: { columns: ['code', 'name'] } });
    expect((await nodeOf(t, id, 'root')).version).toBe(1);
  });

  it('refuses a second patch of the same node at the version both read (409), keeping nothing of it', async () => {
    const id = await makePage(t, 'Raced');
    await patched(t, id, [insert(projects('a'))]);
    const change = (columns: string[]) => ({
      op: 'update' as const,
      uid: 'a',
      version: 1,
      props: { entity: 'ProjectInformation', columns },
    });
    expect((await patch(t, id, [change(['name'])])).statusCode).toBe(200);
    const stale = await patch(t, id, [insert(node('extra', 'richText', { html: 'x' })), change(['code'])]);
    expect(stale.statusCode).toBe(409);
    expect(body(stale).message).toBe('Block a was changed by someone else: reload the page');
    const page = await detail(t, id);
    expect(page.nodes.map((n) => n.uid).sort()).toEqual(['a', 'root']);
    expect(page.nodes.find((n) => n.uid === 'a')).toMatchObject({ version: 2, props: { columns: ['name'] } });
  });

  it('removes a node with everything under it, and refuses a remove over a newer version', async () => {
    const id = await makePage(t, 'Nested');
    await patched(t, id, [
      insert(node('sec', 'section', { title: label('Section') })),
      insert(node('inner', 'richText', { html: '<p>in</p>' }, { parent: 'sec', slot: 'body' })),
    ]);
    await patched(t, id, [{ op: 'update', uid: 'sec', version: 1, props: { title: label('Renamed') } }]);
    expect((await patch(t, id, [{ op: 'remove', uid: 'sec', version: 1 }])).statusCode).toBe(409);
    const result = await patched(t, id, [{ op: 'remove', uid: 'sec', version: 2 }]);
    expect(result.removed.sort()).toEqual(['inner', 'sec']);
    expect((await detail(t, id)).nodes.map((n) => n.uid)).toEqual(['root']);
  });

  it('refuses an insert over a uid the page has (409)', async () => {
    const id = await makePage(t, 'Twice');
    await patched(t, id, [insert(node('t', 'richText', { html: '' }))]);
    expect((await patch(t, id, [insert(node('t', 'richText', { html: '' }))])).statusCode).toBe(409);
  });
});

describe('a bad page is refused (400) with the reason, keeping nothing of the patch', () => {
  it('an unknown block type', async () => {
    const id = await makePage(t, 'Unknown');
    const res = await patch(t, id, [insert(node('x', 'sparkline', {}))]);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(fieldErrorsOf(res))).toMatch(/ops\.0\.node\.type/);
    expect((await detail(t, id)).nodes).toHaveLength(1);
  });

  it('a block bound to a missing entity or field, and a link to a block that is not there', async () => {
    const id = await makePage(t, 'Broken');
    const res = await patch(t, id, [
      insert(node('nowhere', 'grid', { entity: 'Nowhere' })),
      insert(projects('p', { columns: ['name', 'colour'] })),
      insert(node('c', 'grid', { entity: 'ProjectContract', link: { block: 'ghost', field: 'projectId' } })),
      insert(node('fine', 'richText', { html: '' })),
    ]);
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)).toEqual({
      'nodes.nowhere.props.entity': 'no entity Nowhere',
      'nodes.p.props.columns.1': 'ProjectInformation has no field colour',
      'nodes.c.props.link.block': 'no block ghost on the page',
    });
    expect((await detail(t, id)).nodes.map((n) => n.uid)).toEqual(['root']);
  });

  it('an entity the designer may not open is no entity to them', async () => {
    const id = await makePage(t, 'Closed', made.designer);
    const res = await patch(t, id, [insert(projects('p'))], made.designer);
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)).toEqual({ 'nodes.p.props.entity': 'no entity ProjectInformation' });
    expect((await patch(t, id, [insert(projects('p'))])).statusCode).toBe(200);
  });

  it('an iframe of an origin not on the allow-list; one on it passes', async () => {
    const id = await makePage(t, 'Framed');
    const res = await patch(t, id, [insert(node('f', 'iframe', { url: 'https://evil.example.com/map' }))]);
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)).toEqual({ 'nodes.f.props.url': 'https://evil.example.com is not an allowed origin' });
    await patched(t, id, [insert(node('f', 'iframe', { url: 'https://maps.example.com/embed?q=1' }))]);
  });

  it('forms, charts and dashboards that are not the company’s, pictures not uploaded here, links not ours or https', async () => {
    const id = await makePage(t, 'Dangling');
    const res = await patch(t, id, [
      insert(node('form', 'form', { formId: 999_999 })),
      insert(node('chart', 'chart', { chartId: 999_999 })),
      insert(node('board', 'dashboard', { dashboardId: 999_999 })),
      insert(node('img', 'image', { src: 'javascript:alert(1)' })),
      insert(node('img2', 'image', { src: '/api/../etc/passwd' })),
      insert(node('img3', 'image', { src: 'https://tracker.example.com/pixel.png' })),
      insert(
        node('links', 'links', {
          items: [
            { title: label('Ok'), url: '/ProjectInformation' },
            { title: label('Bad'), url: 'javascript:alert(1)' },
            { title: label('Other host'), url: '//evil.example.com' },
            { title: label('Plain'), url: 'http://example.com' },
          ],
        }),
      ),
    ]);
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)).toEqual({
      'nodes.form.props.formId': 'no published form 999999',
      'nodes.chart.props.chartId': 'no chart 999999',
      'nodes.board.props.dashboardId': 'no dashboard 999999',
      'nodes.img.props.src': 'a picture uploaded here (its file key)',
      'nodes.img2.props.src': 'a picture uploaded here (its file key)',
      'nodes.img3.props.src': 'a picture uploaded here (its file key)',
      'nodes.links.props.items.1.url': 'an in-app route (/…) or an https address',
      'nodes.links.props.items.2.url': 'an in-app route (/…) or an https address',
      'nodes.links.props.items.3.url': 'an in-app route (/…) or an https address',
    });
  });

  it('an image block shows a picture uploaded for it; a file that is not a picture is refused', async () => {
    const id = await makePage(t, 'Pictured');
    const refused = await postFiles(t.app, '/api/pages/upload', t.admin, [{ name: 'a.png', bytes: PDF }]);
    expect(refused.statusCode).toBe(400);
    const up = await postFiles(t.app, '/api/pages/upload', t.admin, [{ name: 'logo.png', bytes: PNG }]);
    expect(up.statusCode, up.body).toBe(200);
    const [file] = body(up).data as { key: string; type: string }[];
    expect(file?.type).toBe('image/png');
    await patched(t, id, [insert(node('img', 'image', { src: file?.key ?? '' }))]);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/file/${file?.key}`,
      headers: { authorization: `Bearer ${t.admin}` },
    });
    expect(shown.statusCode).toBe(200);
  });

  it('a page filter on a chart block by a field its dataset lacks; one it has passes', async () => {
    const dataset = await saveBi(t, 'dataset', { name: 'Contracts', definition: contractsDataset() });
    const chart = await saveBi(t, 'chart', { name: 'Monthly', definition: monthlyChart(dataset.id) });
    const id = await makePage(t, 'Filtered');
    await patched(t, id, [insert(node('c', 'chart', { chartId: chart.id }))]);
    const filterOn = (field: string) => ({
      op: 'update' as const,
      uid: 'root',
      version: 1,
      props: { filters: [{ id: 'when', kind: 'dateRange', label: label('When'), targets: [{ block: 'c', field }] }] },
    });
    const res = await patch(t, id, [filterOn('colour')]);
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)).toEqual({
      'nodes.root.props.filters.0.targets.0.field': `chart ${chart.id} has no field colour`,
    });
    await patched(t, id, [filterOn('signDate')]);
  });

  it('takes a published form and good addresses', async () => {
    const form = await publishedForm(t);
    const id = await makePage(t, 'GoodRefs');
    await patched(t, id, [
      insert(node('form', 'form', { formId: form.id })),
      insert(node('links', 'links', { items: [{ title: label('Home'), url: '/home' }] })),
    ]);
  });
});

it('stores rich text sanitised, with the settings’ defaults filled in', async () => {
  const id = await makePage(t, 'Rich');
  const result = await patched(t, id, [
    insert(node('text', 'richText', { html: '<p onclick="steal()">Hi<script>alert(1)</script></p><iframe src="x">' })),
    insert(projects('p')),
  ]);
  expect(result.nodes.find((n) => n.uid === 'text')?.props).toEqual({ html: '<p>Hi</p>' });
  expect(await nodeOf(t, id, 'p')).toMatchObject({
    props: { pageSize: 10, actions: ['add', 'edit', 'delete'], link: null, conditions: [] },
  });
});
