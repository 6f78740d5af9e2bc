import { fireEvent, screen, within } from '@testing-library/react';
import type { MixAppItem } from '@trestle/shared';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { useAppStore } from '../../lib/store.ts';
import { menuEntry, renderInApp } from '../../test/render.tsx';
import { MixDesignPage } from './MixDesignPage.tsx';

const item = (over: Partial<MixAppItem>): MixAppItem => ({
  id: 5,
  name: 'VehicleBooking',
  title: { en: 'Vehicle booking', zh: '车辆预约' },
  status: 'draft',
  step: 'table',
  pageId: null,
  version: 2,
  updatedAt: '2026-11-20T08:00:00Z',
  updatedBy: 'Ada',
  ...over,
});
const catalogue = ['Search', 'Add', 'Update'].map((code, i) => ({
  id: i + 1,
  code,
  name: code,
  functionName: code.toLowerCase(),
  icon: '',
  sort: i,
}));

function openList() {
  const store = useAppStore.getState();
  store.setButtons(catalogue);
  store.setPermission([menuEntry({ id: 60, name: 'Mixed design', url: '/mixDesign', permission: [1, 2, 3] })]);
  vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/mixApps/list')
      return [item({}), item({ id: 6, name: 'SiteVisits', status: 'published', step: 'publish', pageId: 9 })];
    if (url === '/api/mixApps/get/5') return { ...item({}), draft: { step: 'name' } };
    return [];
  });
  const router = createMemoryRouter([{ path: '/mixDesign', element: <MixDesignPage /> }], {
    initialEntries: ['/mixDesign'],
  });
  renderInApp(<RouterProvider router={router} />);
  return router;
}

describe('the apps list', () => {
  it('lists each app with its status and step, a published one with a link to its page', async () => {
    openList();
    const draft = (await screen.findByText('VehicleBooking')).closest('tr');
    const published = screen.getByText('SiteVisits').closest('tr');
    if (!draft || !published) throw new Error('no rows');
    expect(within(draft).getByText('Draft')).toBeTruthy();
    expect(within(draft).getByText('Table')).toBeTruthy();
    expect(within(draft).queryByRole('link', { name: 'Open the page' })).toBeNull();
    expect(within(published).getByText('Published')).toBeTruthy();
    expect(within(published).getByRole('link', { name: 'Open the page' }).getAttribute('href')).toBe('/page/9');
  });

  it('opens an app from its row, and starts a new one', async () => {
    const router = openList();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Open Vehicle booking' }))[0] as HTMLElement);
    expect(router.state.location.search).toBe('?id=5');
    fireEvent.click(await screen.findByRole('button', { name: /Back to the apps/ }));
    fireEvent.click(await screen.findByRole('button', { name: /New app/ }));
    expect(await screen.findByLabelText('Title (English)')).toBeTruthy();
  });
});
