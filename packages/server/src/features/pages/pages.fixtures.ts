import type { PageDetail, PageNode, PagePatchOp, PagePatchResult } from '@trestle/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { body } from '../../test/helper.ts';
import type { SignedInApp } from '../../test/use-test-app.ts';

/** The page designer's fixtures: nodes, pages made and patched through the API. */

export const label = (en: string, zh = en) => ({ en, zh });

let row = 0;
/** A node under the root's main slot, one row below the last made. */
export const node = (uid: string, type: string, props: Record<string, unknown>, over: Partial<PageNode> = {}) =>
  ({ uid, type, parent: 'root', slot: 'main', x: 0, y: row++ % 400, w: 24, h: 4, props, ...over }) as PageNode;

export const insert = (n: PageNode): PagePatchOp => ({ op: 'insert', node: n }) as PagePatchOp;

/** A new empty page of admin's (or `token`'s); its id. */
export async function makePage(t: SignedInApp, name: string, token = t.admin): Promise<number> {
  const made = await t.data<{ id: number }>('/api/pages/create', { name, title: label(name, `${name}页`) }, token);
  return made.id;
}

export const patch = (t: SignedInApp, id: number, ops: PagePatchOp[], token = t.admin) =>
  t.post('/api/pages/patch', { id, ops }, token);

/** A patch that must pass: what it changed. */
export async function patched(t: SignedInApp, id: number, ops: PagePatchOp[]): Promise<PagePatchResult> {
  const res = await patch(t, id, ops);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as PagePatchResult;
}

export async function detail(t: SignedInApp, id: number): Promise<PageDetail> {
  const res = await t.get(`/api/pages/get/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as PageDetail;
}

/** The draft's node `uid`; a missing one fails the test. */
export async function nodeOf(t: SignedInApp, id: number, uid: string): Promise<PageNode> {
  const found = (await detail(t, id)).nodes.find((n) => n.uid === uid);
  if (!found) throw new Error(`no node ${uid}`);
  return found;
}

export const fieldErrorsOf = (res: LightMyRequestResponse) =>
  (body(res).data as { fieldErrors: Record<string, string> }).fieldErrors;

/** The page's settings: shared with `shareRoles`, under `menuFolder`, over the revision it has now. */
export async function share(t: SignedInApp, id: number, shareRoles: number[], menuFolder = '') {
  const page = await detail(t, id);
  const res = await t.post('/api/pages/settings', {
    id,
    title: page.title,
    shareRoles,
    menuFolder,
    revision: page.revision,
  });
  expect(res.statusCode, res.body).toBe(200);
}

export async function publish(t: SignedInApp, id: number, note = '') {
  const res = await t.post('/api/pages/publish', { id, note });
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data as { id: number; version: number };
}
