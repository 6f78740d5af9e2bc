import type { MixDraft, PageNode, PermissionMatrix } from '@trestle/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { vehicleApp } from './mix.fixtures.ts';
import type { MixState } from './mix-model.ts';
import { publishApp } from './publish.ts';

const matrix: PermissionMatrix = {
  roleId: 2,
  buttons: ['Search', 'Add', 'Update', 'Delete'].map((code, i) => ({ id: i + 1, code, name: code })),
  menus: [
    {
      id: 10,
      parentId: null,
      name: 'Home',
      url: '/home',
      offered: [1],
      assignable: [1],
      openable: true,
      opened: true,
      granted: [1],
    },
    {
      id: 20,
      parentId: null,
      name: 'Fleet',
      url: '',
      offered: [],
      assignable: [],
      openable: true,
      opened: false,
      granted: [],
    },
    {
      id: 50,
      parentId: 20,
      name: 'Vehicle',
      url: '/Vehicle',
      offered: [1, 2, 3, 4],
      assignable: [1, 2, 3, 4],
      openable: true,
      opened: false,
      granted: [],
    },
  ],
};

/** The server's fake: what each call answers, every call recorded; `fail` refuses one call once. */
function fakeServer() {
  const calls: string[] = [];
  const bodies: Record<string, unknown> = {};
  let nodes: PageNode[] = [];
  const fail = new Set<string>();
  /** What the company has already: forms and pages a cut-short publish may have left without recording them. */
  const existing = {
    forms: [] as { id: number; entity: string | null }[],
    pages: [] as { id: number; name: string }[],
  };
  vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    calls.push(`GET ${url}`);
    if (url === '/api/tableDesign/list') return [];
    if (url === '/api/pages/get/9') return { id: 9, nodes, revision: 1 };
    if (url === '/api/permission/getMatrix') return matrix;
    if (url === '/api/formDesign/list') return existing.forms;
    if (url === '/api/formDesign/get') return { id: 31, version: 1 };
    if (url === '/api/pages/list') return existing.pages;
    throw new Error(`unexpected GET ${url}`);
  });
  vi.spyOn(http, 'post').mockImplementation(async (url: string, body?: unknown) => {
    calls.push(`POST ${url}`);
    bodies[url] = body;
    if (fail.delete(url)) throw new HttpError('The page was refused', 400, 'bad_request', null);
    if (url === '/api/tableDesign/add') return { id: calls.length };
    if (url === '/api/formDesign/add') return { id: 31, version: 1 };
    if (url === '/api/formDesign/save') return { version: 2 };
    if (url === '/api/formDesign/publish') return { publishedVersion: 1, version: 2 };
    if (url === '/api/pages/create') return { id: 9 };
    if (url === '/api/pages/patch') {
      const ops = (body as { ops: { node: PageNode }[] }).ops;
      nodes = [...nodes, ...ops.map((o) => ({ ...o.node, version: 1 }) as PageNode)];
      return { nodes, removed: [] };
    }
    return null;
  });
  return { calls, bodies, fail, existing };
}

/** The wizard's saving of the app, recording each draft it was handed. */
function recorder(app: MixState) {
  const saved: { draft: MixDraft; published: boolean }[] = [];
  let current = app;
  return {
    saved,
    get app() {
      return current;
    },
    record: async (draft: MixDraft, published: boolean) => {
      saved.push({ draft, published });
      current = { ...current, draft, published };
    },
  };
}

describe('publishing an app', () => {
  beforeEach(() => vi.restoreAllMocks());

  it('drives the designers’ APIs in order and records each step before the next', async () => {
    const server = fakeServer();
    const app = recorder(vehicleApp());
    await publishApp(app.app, app);
    expect(server.calls).toEqual([
      'GET /api/tableDesign/list',
      'POST /api/tableDesign/add',
      'POST /api/tableDesign/apply',
      'POST /api/tableDesign/add',
      'POST /api/tableDesign/apply',
      'GET /api/formDesign/list',
      'POST /api/formDesign/add',
      'POST /api/formDesign/publish',
      'GET /api/pages/list',
      'POST /api/pages/create',
      'GET /api/pages/get/9',
      'POST /api/pages/patch',
      'POST /api/pages/settings',
      'POST /api/pages/publish',
      'GET /api/permission/getMatrix',
      'POST /api/permission/save',
    ]);
    expect(app.saved.map((s) => s.draft.progress)).toEqual([
      { tableApplied: true, formId: null, formPublished: false, pageId: null, granted: false, pagePublished: false },
      { tableApplied: true, formId: 31, formPublished: false, pageId: null, granted: false, pagePublished: false },
      { tableApplied: true, formId: 31, formPublished: true, pageId: null, granted: false, pagePublished: false },
      { tableApplied: true, formId: 31, formPublished: true, pageId: 9, granted: false, pagePublished: false },
      { tableApplied: true, formId: 31, formPublished: true, pageId: 9, granted: false, pagePublished: true },
      { tableApplied: true, formId: 31, formPublished: true, pageId: 9, granted: true, pagePublished: true },
    ]);
    expect(app.saved.at(-1)?.published).toBe(true);
    // The detail names its master; the page is shared with the roles chosen; the role keeps what it had.
    expect(server.bodies['/api/tableDesign/add']).toMatchObject({
      design: { name: 'Booking', master: { entity: 'Vehicle' } },
    });
    expect(server.bodies['/api/pages/settings']).toMatchObject({ id: 9, shareRoles: [2], menuFolder: '', revision: 1 });
    expect(server.bodies['/api/permission/save']).toEqual({
      roleId: 2,
      menus: [
        { menuId: 10, buttonIds: [1] },
        { menuId: 20, buttonIds: [] },
        { menuId: 50, buttonIds: [1, 2, 3] },
      ],
    });
  });

  it('after a failure, a retry goes on from the step that failed without making anything twice', async () => {
    const server = fakeServer();
    server.fail.add('/api/pages/settings');
    const app = recorder(vehicleApp());
    await expect(publishApp(app.app, app)).rejects.toThrow('The page was refused');
    expect(app.app.draft.progress).toMatchObject({
      tableApplied: true,
      formPublished: true,
      pageId: 9,
      pagePublished: false,
    });
    expect(app.app.published).toBe(false);

    server.calls.length = 0;
    await publishApp(app.app, app);
    expect(server.calls).toEqual([
      'GET /api/pages/get/9',
      'POST /api/pages/settings',
      'POST /api/pages/publish',
      'GET /api/permission/getMatrix',
      'POST /api/permission/save',
    ]);
    expect(app.app.published).toBe(true);
  });

  it('resumes a form made but not published: saved over its version, then published', async () => {
    const server = fakeServer();
    const get = vi.mocked(http.get);
    const fallback = get.getMockImplementation();
    get.mockImplementation(async (url: string, params?: unknown) =>
      url === '/api/formDesign/get' ? { id: 31, version: 4 } : fallback?.(url, params as never),
    );
    vi.mocked(http.post).mockImplementationOnce(async (url: string) => {
      server.calls.push(`POST ${url}`);
      return { version: 5 };
    });
    const app = recorder(
      vehicleApp({
        progress: {
          tableApplied: true,
          formId: 31,
          formPublished: false,
          pageId: 9,
          granted: false,
          pagePublished: true,
        },
      }),
    );
    await publishApp(app.app, app);
    expect(server.calls.slice(0, 2)).toEqual(['POST /api/formDesign/save', 'POST /api/formDesign/publish']);
    expect(server.calls).not.toContain('POST /api/formDesign/add');
    expect(server.calls).not.toContain('POST /api/pages/create');
  });

  it('finds the form and page a publish made but could not record, instead of making them twice', async () => {
    const server = fakeServer();
    const app = recorder(vehicleApp({ progress: { ...vehicleApp().draft.progress, tableApplied: true } }));
    server.existing.forms.push({ id: 31, entity: 'Vehicle' });
    server.existing.pages.push({ id: 9, name: app.app.name });
    await publishApp(app.app, app);
    expect(server.calls).not.toContain('POST /api/formDesign/add');
    expect(server.calls).not.toContain('POST /api/pages/create');
    expect(app.app.draft.progress).toMatchObject({ formId: 31, pageId: 9, pagePublished: true, granted: true });
  });
});
