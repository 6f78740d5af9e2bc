import type { PageListItem, PageVersion, PageVersionItem } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { contractsDataset, monthlyChart, roleId, saveBi } from '../../test/bi.ts';
import { body } from '../../test/helper.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';
import {
  detail,
  fieldErrorsOf,
  insert,
  label,
  makePage,
  node,
  nodeOf,
  patch,
  patched,
  publish,
} from './pages.fixtures.ts';

/** A page's life over HTTP: settings, publish, versions, restore, duplicate, delete. */
const t = useTestApp({ otherTenant: true });

const text = (uid: string, html: string) => node(uid, 'richText', { html });
const setHtml = (uid: string, version: number, html: string) => ({
  op: 'update' as const,
  uid,
  version,
  props: { html },
});

const made = madeInBeforeAll(async () => ({ pmRole: await roleId(t.database.db, 'pm') }));

const listed = async (id: number) => {
  const res = await t.get('/api/pages/list');
  return (body(res).data as PageListItem[]).find((p) => p.id === id);
};

describe('publishing', () => {
  it('snapshots the draft as numbered versions, with the status following the draft', async () => {
    const id = await makePage(t, 'Lifecycle');
    expect(await listed(id)).toMatchObject({ status: 'draft', publishedVersion: null, versions: 0 });
    await patched(t, id, [insert(text('t', '<p>one</p>'))]);
    expect(await publish(t, id, 'first')).toEqual({ id, version: 1 });
    expect(await listed(id)).toMatchObject({ status: 'published', publishedVersion: 1, versions: 1 });

    await patched(t, id, [setHtml('t', 1, '<p>two</p>')]);
    expect(await listed(id)).toMatchObject({ status: 'changed', publishedVersion: 1 });
    expect(await publish(t, id)).toEqual({ id, version: 2 });

    const versions = body(await t.get(`/api/pages/versions/${id}`)).data as PageVersionItem[];
    expect(versions.map((v) => [v.version, v.note, v.blocks])).toEqual([
      [2, '', 1],
      [1, 'first', 1],
    ]);
    const first = body(await t.get(`/api/pages/version?id=${id}&version=1`)).data as PageVersion;
    expect(first.nodes.find((n) => n.uid === 't')?.props).toEqual({ html: '<p>one</p>' });
    expect((await t.get(`/api/pages/version?id=${id}&version=9`)).statusCode).toBe(404);
  });

  it('restores a version into the draft at new node versions, so a patch over the old ones is a 409', async () => {
    const id = await makePage(t, 'Restored');
    await patched(t, id, [insert(text('t', '<p>one</p>'))]);
    await publish(t, id);
    await patched(t, id, [setHtml('t', 1, '<p>two</p>'), insert(text('u', '<p>new</p>'))]);
    const res = await t.post('/api/pages/restore', { id, version: 1 });
    expect(res.statusCode, res.body).toBe(200);
    const restored = body(res).data as { status: string; nodes: { uid: string; version: number; props: unknown }[] };
    expect(restored.status).toBe('changed');
    expect(restored.nodes.map((n) => n.uid).sort()).toEqual(['root', 't']);
    expect(restored.nodes.find((n) => n.uid === 't')).toMatchObject({ version: 3, props: { html: '<p>one</p>' } });
    expect((await patch(t, id, [setHtml('t', 2, '<p>late</p>')])).statusCode).toBe(409);
  });

  it('re-checks the draft when it publishes: a chart deleted since it was placed keeps the page unpublished', async () => {
    const dataset = await saveBi(t, 'dataset', { name: 'Contracts', definition: contractsDataset() });
    const chart = await saveBi(t, 'chart', { name: 'Monthly', definition: monthlyChart(dataset.id) });
    const id = await makePage(t, 'Unpublishable');
    await patched(t, id, [insert(node('c', 'chart', { chartId: chart.id }))]);
    expect((await t.post('/api/bi/chart/del', { id: chart.id })).statusCode).toBe(200);
    const res = await t.post('/api/pages/publish', { id, note: '' });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)).toEqual({ 'nodes.c.props.chartId': `no chart ${chart.id}` });
    expect((await detail(t, id)).publishedVersion).toBeNull();
  });

  it('unpublishes, keeping the versions', async () => {
    const id = await makePage(t, 'Withdrawn');
    await publish(t, id);
    expect((await t.post('/api/pages/unpublish', { id })).statusCode).toBe(200);
    expect(await listed(id)).toMatchObject({ status: 'draft', publishedVersion: null, versions: 1 });
  });
});

describe('settings', () => {
  it('saves the title, share roles and folder over the revision read; an older revision is a 409', async () => {
    const id = await makePage(t, 'Settled');
    const settings = { id, title: label('Settled', '设定'), shareRoles: [made.pmRole], menuFolder: 'System' };
    const saved = await t.post('/api/pages/settings', { ...settings, revision: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(body(saved).data).toEqual({ id, revision: 2 });
    expect((await t.post('/api/pages/settings', { ...settings, revision: 1 })).statusCode).toBe(409);
    expect(await detail(t, id)).toMatchObject({ shareRoles: [made.pmRole], menuFolder: 'System', revision: 2 });
  });

  it('refuses roles that are not the company’s and folders that are no menu folder', async () => {
    const id = await makePage(t, 'Misfiled');
    const res = await t.post('/api/pages/settings', {
      id,
      title: label('Misfiled'),
      shareRoles: [made.pmRole, 999_999],
      menuFolder: 'ProjectInformation',
      revision: 1,
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)).toEqual({
      shareRoles: 'no role 999999 in this company',
      menuFolder: 'no menu folder ProjectInformation',
    });
  });

  it('offers the company’s roles and menu folders', async () => {
    const roles = body(await t.get('/api/pages/roles')).data as { id: number }[];
    expect(roles.map((r) => r.id)).toContain(made.pmRole);
    const folders = body(await t.get('/api/pages/folders')).data as { code: string }[];
    expect(folders.map((f) => f.code)).toContain('System');
    expect(folders.map((f) => f.code)).not.toContain('ProjectInformation');
  });
});

describe('a page as a template, and deleting one', () => {
  it('duplicates another page’s draft with its nodes at version 1, apart from the original', async () => {
    const id = await makePage(t, 'Original');
    await patched(t, id, [insert(text('t', '<p>one</p>'))]);
    await patched(t, id, [setHtml('t', 1, '<p>two</p>')]);
    const copy = await t.data<{ id: number }>('/api/pages/create', {
      name: 'Copy',
      title: label('Copy'),
      copyOf: id,
    });
    expect(await nodeOf(t, copy.id, 't')).toMatchObject({ version: 1, props: { html: '<p>two</p>' } });
    await patched(t, copy.id, [setHtml('t', 1, '<p>copy</p>')]);
    expect((await nodeOf(t, id, 't')).props).toEqual({ html: '<p>two</p>' });
    expect((await t.post('/api/pages/create', { name: 'Copy2', title: label('C'), copyOf: 999_999 })).statusCode).toBe(
      404,
    );
  });

  it('refuses a second page of the same name', async () => {
    await makePage(t, 'Unique');
    const res = await t.post('/api/pages/create', { name: 'Unique', title: label('Again') });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('deletes a page with its nodes and versions', async () => {
    const id = await makePage(t, 'Doomed');
    await publish(t, id);
    expect((await t.post('/api/pages/delete', { id })).statusCode).toBe(200);
    expect((await t.get(`/api/pages/get/${id}`)).statusCode).toBe(404);
    expect((await t.get(`/api/pages/versions/${id}`)).statusCode).toBe(404);
    expect((await t.post('/api/pages/delete', { id })).statusCode).toBe(404);
  });

  it('keeps another company’s pages out of reach', async () => {
    const id = await makePage(t, 'Ours');
    expect((await t.get(`/api/pages/get/${id}`, t.acmeAdmin)).statusCode).toBe(403);
  });
});
