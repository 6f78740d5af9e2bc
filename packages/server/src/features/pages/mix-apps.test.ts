import type { MixApp, MixAppItem } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { addUserWithGrants } from '../../test/bi.ts';
import { body } from '../../test/helper.ts';
import { madeInBeforeAll, useTestApp } from '../../test/use-test-app.ts';
import { detail, label, makePage } from './pages.fixtures.ts';

/** The mixed designer's app drafts over HTTP: saved over the version read, resumed, linked to their page. */
const t = useTestApp({ pm: true });

const app = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  title: label(name, `${name}应用`),
  draft: { step: 'table', table: { name: 'vehicle' }, layout: null },
  ...over,
});

const made = madeInBeforeAll(async () => {
  // May open the mixed designer and add apps, not change them.
  await addUserWithGrants(t.database.db, 'starter', { MixDesign: ['Search', 'Add'] });
  return { starter: await t.login('starter', 'Pm@2026') };
});

describe('an app’s draft', () => {
  it('is saved, resumed where it stopped, and saved again over the version read', async () => {
    const saved = await t.data<{ id: number; version: number }>('/api/mixApps/save', app('Vehicles'));
    expect(saved.version).toBe(1);
    const read = body(await t.get(`/api/mixApps/get/${saved.id}`)).data as MixApp;
    expect(read).toMatchObject({ name: 'Vehicles', status: 'draft', step: 'table', pageId: null, version: 1 });
    // The draft comes back with the wizard's defaults filled in.
    expect(read.draft).toMatchObject({ step: 'table', table: { name: 'vehicle' }, rights: ['add', 'edit'] });
    expect(read.draft.progress).toMatchObject({ tableApplied: false, pageId: null });

    const next = { ...app('Vehicles'), id: saved.id, version: 1, draft: { ...read.draft, step: 'form' } };
    expect(await t.data('/api/mixApps/save', next)).toEqual({ id: saved.id, version: 2 });
    const stale = await t.post('/api/mixApps/save', { ...next, draft: { ...read.draft, step: 'layout' } });
    expect(stale.statusCode).toBe(409);
    expect((body(await t.get(`/api/mixApps/get/${saved.id}`)).data as MixApp).draft.step).toBe('form');
    const list = body(await t.get('/api/mixApps/list')).data as MixAppItem[];
    expect(list.find((a) => a.id === saved.id)).toMatchObject({ step: 'form', version: 2, updatedBy: 'Administrator' });
  });

  it('links the page its publish made, both ways, and is marked published', async () => {
    const pageId = await makePage(t, 'VehiclePage');
    const saved = await t.data<{ id: number }>(
      '/api/mixApps/save',
      app('Booked', { draft: { step: 'publish', progress: { pageId, pagePublished: true } }, published: true }),
    );
    expect(body(await t.get(`/api/mixApps/get/${saved.id}`)).data).toMatchObject({ pageId, status: 'published' });
    expect((await detail(t, pageId)).appId).toBe(saved.id);
    const missing = await t.post(
      '/api/mixApps/save',
      app('Dangling', { draft: { step: 'publish', progress: { pageId: 999_999 } } }),
    );
    expect(missing.statusCode).toBe(400);
    expect(body(missing).data).toEqual({ fieldErrors: { 'draft.progress.pageId': 'no page 999999' } });
  });

  it('is deleted alone: the page it made stays', async () => {
    const pageId = await makePage(t, 'Kept');
    const saved = await t.data<{ id: number }>('/api/mixApps/save', app('Gone', { draft: { progress: { pageId } } }));
    expect((await t.post('/api/mixApps/delete', { id: saved.id })).statusCode).toBe(200);
    expect((await t.get(`/api/mixApps/get/${saved.id}`)).statusCode).toBe(404);
    expect((await detail(t, pageId)).appId).toBeNull();
  });

  it('needs Add for a new app and Update for a saved one; pm has neither screen', async () => {
    const saved = await t.data<{ id: number }>('/api/mixApps/save', app('Started'), made.starter);
    const again = await t.post('/api/mixApps/save', { ...app('Started'), id: saved.id, version: 1 }, made.starter);
    expect(again.statusCode).toBe(403);
    expect((await t.post('/api/mixApps/save', app('Pms'), t.pm)).statusCode).toBe(403);
    expect((await t.get('/api/mixApps/list', t.pm)).statusCode).toBe(403);
  });
});
