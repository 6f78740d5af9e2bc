import type { Button, EntityScreenMeta, PageNode, PageRequest, PageResult } from '@trestle/shared';
import { pageNodeSchema } from '@trestle/shared';
import { createElement, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { useAppStore } from '../../lib/store.ts';
import { menuEntry, renderInApp } from '../../test/render.tsx';

/**
 * A page's blocks under test: two entities (projects, and contracts referencing them), the viewer's menu entries
 * with the grants each test gives, and the server's fake answering their routes (every POST recorded).
 */

const label = (en: string) => ({ en, zh: en });
const base = {
  softDelete: false,
  audit: false,
  separateApprover: false,
  scope: {},
  details: [],
  detailMetas: [],
} as const;

export const projectMeta: EntityScreenMeta = {
  ...base,
  name: 'Project',
  table: 'project',
  key: 'id',
  label: label('Projects'),
  singular: label('Project'),
  defaultSort: { field: 'id', order: 'desc' },
  details: [],
  detailMetas: [],
  fields: [
    { name: 'id', type: 'integer', label: label('Id'), readOnly: true, list: { hidden: true } },
    { name: 'name', type: 'string', label: label('Name'), search: { row: 1, col: 1 }, edit: { row: 1, col: 1 } },
    { name: 'stage', type: 'dict', dictionary: 'stage', label: label('Stage'), edit: { row: 1, col: 2 } },
    { name: 'startDate', type: 'date', label: label('Start'), sortable: true, edit: { row: 2, col: 1 } },
    { name: 'amount', type: 'decimal', label: label('Amount'), summary: 'sum' },
    {
      name: 'parentId',
      type: 'reference',
      label: label('Part of'),
      reference: { table: 'project', labelColumn: 'name' },
      list: { hidden: true },
    },
  ],
};

export const contractMeta: EntityScreenMeta = {
  ...base,
  name: 'Contract',
  table: 'contract',
  key: 'id',
  label: label('Contracts'),
  singular: label('Contract'),
  defaultSort: { field: 'id', order: 'desc' },
  details: [],
  detailMetas: [],
  fields: [
    { name: 'id', type: 'integer', label: label('Id'), readOnly: true, list: { hidden: true } },
    { name: 'title', type: 'string', label: label('Title'), search: { row: 1, col: 1 } },
    {
      name: 'projectId',
      type: 'reference',
      label: label('Project'),
      reference: { table: 'project', labelColumn: 'name' },
    },
  ],
};

export const projects = [
  { id: 1, name: 'Bridge', stage: 'PLAN', startDate: '2026-11-03', amount: '100.00', parentId: null, version: 1 },
  { id: 2, name: 'Tunnel', stage: 'BUILD', startDate: '2026-11-20', amount: '250.00', parentId: null, version: 4 },
];

/** The catalogue's buttons, by the ids a menu entry grants. */
export const buttons: Button[] = ['Search', 'Add', 'Update', 'Delete', 'Export', 'Import', 'Audit', 'Upload'].map(
  (code, i) => ({ id: i + 1, code, name: code, functionName: code.toLowerCase(), icon: '', sort: i + 1 }),
);
const idOf = (code: string) => buttons.find((b) => b.code === code)?.id ?? 0;

/** The viewer's menu: each entity's screen with the grants given (codes); an entity left out is not theirs. */
export function signIn(grants: Record<string, string[]>) {
  useAppStore.getState().setButtons(buttons);
  useAppStore
    .getState()
    .setPermission(
      Object.entries(grants).map(([entity, codes], i) =>
        menuEntry({ id: 10 + i, name: entity, url: `/${entity}`, permission: codes.map(idOf) }),
      ),
    );
}

let uids = 0;
/** A node of the page, its settings checked (and defaulted) by the contract's schema. */
export function node(type: PageNode['type'], props: Record<string, unknown>, place: Partial<PageNode> = {}): PageNode {
  uids += 1;
  return pageNodeSchema.parse({
    uid: `b${uids}`,
    type,
    parent: 'root',
    slot: 'main',
    x: 0,
    y: uids,
    w: 24,
    h: 6,
    version: 1,
    props,
    ...place,
  });
}

export const root = (filters: unknown[] = []): PageNode =>
  pageNodeSchema.parse({
    uid: 'root',
    type: 'page',
    parent: null,
    slot: 'main',
    x: 0,
    y: 0,
    w: 24,
    h: 1,
    version: 1,
    props: { filters },
  });

type Post = { url: string; body: unknown };

/** The server's fake: metadata, dictionaries and pages of rows; `answer` may take any call first. */
export function fakeServer(answer: (url: string, body: unknown) => unknown = () => undefined) {
  const posts: Post[] = [];
  const gets: string[] = [];
  const metas: Record<string, EntityScreenMeta> = { Project: projectMeta, Contract: contractMeta };
  vi.spyOn(http, 'get').mockImplementation(async (url: string, params?: Record<string, unknown>) => {
    gets.push(url);
    const given = answer(url, params);
    if (given !== undefined) return given;
    const meta = /^\/api\/(\w+)\/getMeta$/.exec(url);
    if (meta?.[1] && metas[meta[1]]) return metas[meta[1]];
    if (url === '/api/user/getCurrentUserInfo') return { roles: [], organization: null };
    if (/\/getForm$/.test(url)) return null;
    throw new Error(`unexpected GET ${url}`);
  });
  vi.spyOn(http, 'post').mockImplementation(async (url: string, body?: unknown) => {
    posts.push({ url, body });
    const given = answer(url, body);
    if (given !== undefined) return given;
    if (url === '/api/Dictionary/getVueDictionary')
      return [
        {
          code: 'stage',
          remote: false,
          items: [
            { value: 'PLAN', label: 'Planning' },
            { value: 'BUILD', label: 'Building' },
          ],
        },
      ];
    if (url === '/api/Project/getPageData') return pageOf(projects, body as PageRequest);
    if (url.endsWith('/getPageData')) return pageOf([], body as PageRequest);
    throw new Error(`unexpected POST ${url}`);
  });
  return {
    posts,
    gets,
    /** The bodies of the calls made to `url`. */
    bodies: (url: string) => posts.filter((p) => p.url === url).map((p) => p.body as PageRequest),
  };
}

/** The rows a request's equality wheres keep, as the engine would. */
export function pageOf(rows: Record<string, unknown>[], req: PageRequest): PageResult {
  const kept = rows.filter((r) =>
    (req.wheres ?? []).every((w) => w.displayType !== 'eq' || String(r[w.name]) === String(w.value)),
  );
  return { rows: kept, total: kept.length, totalExact: true, summary: { amount: '350.00' } };
}

/** A component as the page viewer shows it: inside the app's router, query client and antd App. */
export function renderRouted(ui: ReactNode) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/page/1'] });
  return renderInApp(createElement(RouterProvider, { router }));
}
