import { screen } from '@testing-library/react';
import type { BiListItem } from '@trestle/shared';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { renderScreen } from '../../test/render.tsx';
import { DashboardsPage } from './DashboardsPage.tsx';

const shared: BiListItem = {
  id: 7,
  name: 'Sales',
  description: 'Contracts signed',
  kind: 'dashboard',
  source: '',
  ownerName: 'Admin',
  sharedWith: ['Project manager'],
  usedBy: 4,
  updatedAt: '2026-03-01T08:30:00Z',
};

describe('the dashboards list', () => {
  it('lists the dashboards shared with the caller, each a link to open it', async () => {
    const get = vi.spyOn(http, 'get').mockResolvedValue([shared]);
    renderScreen('/dashboards', <DashboardsPage />, 'Elsewhere');
    const link = await screen.findByRole('link', { name: 'Sales' });
    expect(link.getAttribute('href')).toBe('/dashboards/7');
    expect(screen.getByText('Contracts signed')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/dashboards/mine');
  });

  it('says when nothing is shared with the caller yet', async () => {
    vi.spyOn(http, 'get').mockResolvedValue([]);
    renderScreen('/dashboards', <DashboardsPage />, 'Elsewhere');
    expect(await screen.findByText('No dashboard is shared with you yet')).toBeTruthy();
  });
});
