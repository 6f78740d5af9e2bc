import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { MixApp, MixAppSave, PageNode } from '@trestle/shared';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { renderInApp } from '../../test/render.tsx';
import { MixDesignPage } from './MixDesignPage.tsx';
import { title, vehicleDraft } from './mix.fixtures.ts';

const app: MixApp = {
  id: 5,
  name: 'VehicleBooking',
  title,
  status: 'draft',
  step: 'publish',
  pageId: null,
  version: 3,
  updatedAt: '2026-11-20T08:00:00Z',
  updatedBy: 'Ada',
  draft: vehicleDraft({ roles: [] }),
};

const matrix = {
  roleId: 2,
  buttons: [{ id: 1, code: 'Search', name: 'Search' }],
  menus: [
    {
      id: 50,
      parentId: null,
      name: 'Vehicle',
      url: '/Vehicle',
      offered: [1],
      assignable: [1],
      openable: true,
      opened: false,
      granted: [],
    },
  ],
};

/** The publish step of a saved app; the page's settings are refused once. */
function openPublish() {
  let nodes: PageNode[] = [];
  let version = 3;
  vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/mixApps/get/5') return app;
    if (url === '/api/pages/roles') return [{ id: 2, name: 'Project manager' }];
    if (url === '/api/pages/get/9') return { id: 9, nodes, revision: 1 };
    if (url === '/api/permission/getMatrix') return matrix;
    return [];
  });
  let refused = false;
  const post = vi.spyOn(http, 'post').mockImplementation(async (url: string, body?: unknown) => {
    if (url === '/api/mixApps/save') {
      expect((body as MixAppSave).version).toBe(version);
      return { id: 5, version: ++version };
    }
    if (url === '/api/pages/settings' && !refused) {
      refused = true;
      throw new HttpError('A role that does not exist', 400, 'bad_request', null);
    }
    if (url === '/api/tableDesign/add') return { id: 70 };
    if (url === '/api/formDesign/add') return { id: 31, version: 1 };
    if (url === '/api/formDesign/publish') return { publishedVersion: 1, version: 2 };
    if (url === '/api/pages/create') return { id: 9 };
    if (url === '/api/pages/patch') {
      nodes = (body as { ops: { node: PageNode }[] }).ops.map((o) => ({ ...o.node, version: 1 }) as PageNode);
      return { nodes, removed: [] };
    }
    return null;
  });
  const router = createMemoryRouter([{ path: '/mixDesign', element: <MixDesignPage /> }], {
    initialEntries: ['/mixDesign?id=5'],
  });
  renderInApp(<RouterProvider router={router} />);
  return { posted: () => post.mock.calls.map((c) => c[0]) };
}

describe('the publish step', () => {
  it('shows where a publish stopped, and a Retry finishes it without making anything twice', async () => {
    const { posted } = openPublish();
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Roles that use the app' }));
    fireEvent.click(await screen.findByTitle('Project manager'));
    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('A role that does not exist')).toBeTruthy();
    const made = posted().filter((u) => u !== '/api/mixApps/save');
    expect(made).toEqual([
      '/api/tableDesign/add',
      '/api/tableDesign/apply',
      '/api/tableDesign/add',
      '/api/tableDesign/apply',
      '/api/formDesign/add',
      '/api/formDesign/publish',
      '/api/pages/create',
      '/api/pages/patch',
      '/api/pages/settings',
    ]);

    fireEvent.click(await screen.findByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('The app is published.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the page' }).getAttribute('href')).toBe('/page/9');
    const after = posted()
      .filter((u) => u !== '/api/mixApps/save')
      .slice(made.length);
    expect(after).toEqual(['/api/pages/settings', '/api/pages/publish', '/api/permission/save']);
    const last = vi
      .mocked(http.post)
      .mock.calls.filter((c) => c[0] === '/api/mixApps/save')
      .at(-1)?.[1];
    await waitFor(() => expect(last).toMatchObject({ published: true, draft: { roles: [2] } }));
  });
});
