import { screen } from '@testing-library/react';
import { type PageView, pageNodeSchema } from '@trestle/shared';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { clearSession, renderInApp } from '../../test/render.tsx';
import { PagePage } from './PagePage.tsx';

const view: PageView = {
  id: 4,
  name: 'welcome',
  title: { en: 'Welcome', zh: '欢迎' },
  version: 2,
  charts: [],
  nodes: [
    {
      uid: 'root',
      type: 'page',
      parent: null,
      slot: 'main',
      x: 0,
      y: 0,
      w: 24,
      h: 1,
      version: 1,
      props: { filters: [] },
    },
    {
      uid: 'hello',
      type: 'richText',
      parent: 'root',
      slot: 'main',
      x: 0,
      y: 0,
      w: 24,
      h: 4,
      version: 1,
      props: { html: '<p>Hello, crew</p>' },
    },
  ].map((n) => pageNodeSchema.parse(n)),
};

function openPage(id: number) {
  const router = createMemoryRouter([{ path: '/page/:id', element: <PagePage /> }], {
    initialEntries: [`/page/${id}`],
  });
  renderInApp(<RouterProvider router={router} />);
}

describe('a published page', () => {
  beforeEach(() => clearSession());
  afterEach(() => vi.restoreAllMocks());

  it('draws the published version the server sends for /page/<id>', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue(view);
    openPage(4);
    expect(await screen.findByText('Hello, crew')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/pages/view/4', undefined, { quiet: true });
    // Opened without a menu entry for it: the page names itself.
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome' })).toBeTruthy();
  });

  it('says so when the page is not shared with the viewer', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new HttpError('Not found', 404, 'not_found'));
    openPage(5);
    expect(await screen.findByText(/not shared with you/)).toBeTruthy();
  });
});
