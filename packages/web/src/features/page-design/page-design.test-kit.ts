import type { PageDetail, PageListItem, PageNode, PagePatch, PagePatchOp } from '@trestle/shared';
import { createElement } from 'react';
import { vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { useAppStore } from '../../lib/store.ts';
import { menuEntry, renderScreen } from '../../test/render.tsx';
import { PageDesignPage } from './PageDesignPage.tsx';

/** The pageDesign screen's buttons, as the catalogue has them; a test grants some of them. */
const catalogue = ['Search', 'Add', 'Update', 'Delete'].map((code, i) => ({
  id: i + 1,
  code,
  name: code,
  functionName: code.toLowerCase(),
  icon: '',
  sort: i,
}));

/** The signed-in designer holds these buttons on /pageDesign (and may open the Project screen). */
export function grantPageDesign(granted: string[]) {
  const store = useAppStore.getState();
  store.setButtons(catalogue);
  store.setPermission([
    menuEntry({
      id: 91,
      name: 'Page design',
      url: '/pageDesign',
      permission: catalogue.filter((b) => granted.includes(b.code)).map((b) => b.id),
    }),
    menuEntry({ id: 92, name: 'Projects', url: '/Project', permission: [1] }),
  ]);
}

export const pageItem = (over: Partial<PageListItem> & Pick<PageListItem, 'id' | 'name'>): PageListItem => ({
  title: { en: over.name, zh: over.name },
  status: 'draft',
  publishedVersion: null,
  versions: 0,
  menuFolder: null,
  shareRoles: [],
  appId: null,
  updatedAt: '2026-11-20T08:00:00Z',
  updatedBy: 'Ada Admin',
  ...over,
});

export const root = (version = 1): PageNode =>
  ({
    uid: 'root',
    type: 'page',
    parent: null,
    slot: 'main',
    x: 0,
    y: 0,
    w: 24,
    h: 1,
    props: { filters: [] },
    version,
  }) as PageNode;

export const textBlock = (uid: string, over: Partial<PageNode> = {}): PageNode =>
  ({
    uid,
    type: 'richText',
    parent: 'root',
    slot: 'main',
    x: 0,
    y: 0,
    w: 12,
    h: 3,
    props: { html: '<p>Welcome</p>' },
    version: 3,
    ...over,
  }) as PageNode;

export const pageDetail = (nodes: PageNode[], over: Partial<PageDetail> = {}): PageDetail => ({
  id: 7,
  name: 'visits',
  title: { en: 'Site visits', zh: '现场拜访' },
  status: 'draft',
  publishedVersion: null,
  shareRoles: [],
  menuFolder: null,
  appId: null,
  nodes,
  revision: 1,
  ...over,
});

/**
 * The server's fake: GETs answered by path from `routes` (an unknown path fails the test; a function is called
 * each time), POSTs by `post`.
 */
export function fakeServer(
  routes: Record<string, unknown | (() => unknown)>,
  post: (url: string, body: unknown) => unknown = () => null,
) {
  const get = vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (!(url in routes)) throw new Error(`unexpected GET ${url}`);
    const answer = routes[url];
    return typeof answer === 'function' ? (answer as () => unknown)() : answer;
  });
  const sent = vi.spyOn(http, 'post').mockImplementation(async (url: string, body?: unknown) => post(url, body));
  return { get, post: sent };
}

/** The bodies POSTed to `url`, in order. */
export const bodiesTo = (post: ReturnType<typeof fakeServer>['post'], url: string) =>
  post.mock.calls.filter(([u]) => u === url).map(([, body]) => body);

/** What the fake server keeps of the draft: each op applied, its node one version up. */
function applied(nodes: Map<string, PageNode>, ops: PagePatchOp[]) {
  const changed: PageNode[] = [];
  for (const op of ops) {
    if (op.op === 'insert') {
      const node = { ...op.node, version: 1 } as PageNode;
      nodes.set(node.uid, node);
      changed.push(node);
    } else if (op.op === 'update') {
      const { op: _op, uid, version, ...change } = op;
      const node = { ...nodes.get(uid), ...change, version: version + 1 } as PageNode;
      nodes.set(uid, node);
      changed.push(node);
    }
  }
  return { nodes: changed, removed: [] };
}

type Refuse = (body: PagePatch) => Error | null;

/**
 * /pageDesign?id=7 opened on a page of `nodes` (the root and a rich text `intro` at version 3): patches applied by
 * the fake unless `refuse` says why not; a second read of the page answers `theirs` (someone else's change).
 */
export function openDesigner(
  refuse: Refuse = () => null,
  theirs?: PageNode[],
  nodes: PageNode[] = [root(), textBlock('intro')],
  routes: Record<string, unknown> = {},
) {
  grantPageDesign(['Search', 'Add', 'Update', 'Delete']);
  const stored = new Map(nodes.map((n) => [n.uid, n]));
  let reads = 0;
  const server = fakeServer(
    {
      '/api/pages/list': [],
      '/api/pages/folders': [],
      ...routes,
      '/api/pages/get/7': () => {
        reads += 1;
        return pageDetail(reads > 1 && theirs ? theirs : [...stored.values()]);
      },
    },
    (url, body) => {
      if (url === '/api/pages/publish') return { id: 7, version: 1 };
      if (url === '/api/pages/restore') return pageDetail(theirs ?? [...stored.values()], { status: 'changed' });
      if (url !== '/api/pages/patch') return null;
      const refusal = refuse(body as PagePatch);
      if (refusal) throw refusal;
      return applied(stored, (body as PagePatch).ops);
    },
  );
  const router = renderScreen('/pageDesign', createElement(PageDesignPage), 'Elsewhere');
  void router.navigate('/pageDesign?id=7');
  return { server, reads: () => reads };
}
