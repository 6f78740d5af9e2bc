import { screen } from '@testing-library/react';
import type { Button, MenuItem } from '@trestle/shared';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { menuEntry, renderApp, signedInEachTest } from '../../test/render.tsx';

const buttons: Button[] = [
  { id: 1, code: 'Search', name: 'Search', functionName: 'search', icon: '', sort: 1 },
  { id: 2, code: 'Add', name: 'Add', functionName: 'add', icon: '', sort: 2 },
  { id: 3, code: 'Delete', name: 'Delete', functionName: 'del', icon: '', sort: 3 },
];
const home = menuEntry({ id: 1, name: 'Home', url: '/home', icon: 'HomeOutlined' });
const tests = menuEntry({
  id: 2,
  name: 'Tests and acceptance',
  url: '/ProjectTest',
  icon: 'SafetyCertificateOutlined',
  permission: [1, 2],
});

function fakeServer(menu: MenuItem[]) {
  vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/Button/Get') return buttons;
    if (url === '/api/menu/getTreeMenu') return menu;
    if (url === '/api/siteConfig/shell') return { pageSize: 30 };
    throw new Error(`unexpected ${url}`);
  });
  vi.spyOn(http, 'post').mockImplementation(async (url: string) => {
    if (url === '/api/ProjectTest/getPageData') return { rows: [], total: 0, totalExact: true, summary: null };
    if (url === '/api/Dictionary/getVueDictionary') return [];
    throw new Error(`unexpected ${url}`);
  });
}

describe('the acceptance-test screen outside the layout (/manage/ProjectTest)', () => {
  signedInEachTest();

  it('shows the grid with the buttons /ProjectTest grants, without the navigation, and a way back', async () => {
    fakeServer([home, tests]);
    renderApp('/manage/ProjectTest');
    // The first render loads the grid's chunks: slow on a busy machine.
    expect(await screen.findByRole('link', { name: /Back to the application/ }, { timeout: 15_000 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Add/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByTestId('menu')).toBeNull();
  }, 30_000);

  it('sends a user without the screen to the unauthorised page', async () => {
    fakeServer([home]);
    const router = renderApp('/manage/ProjectTest');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/401'));
  });
});
