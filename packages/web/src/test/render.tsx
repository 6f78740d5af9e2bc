import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Button, CurrentUser, MenuItem } from '@trestle/shared';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, vi } from 'vitest';
import { createQueryClient, Providers } from '../app/Providers.tsx';
import { routes } from '../app/routes.tsx';
import { http } from '../lib/http/client.ts';
import { useAppStore } from '../lib/store.ts';
import { clearToken, setToken } from '../lib/token.ts';

/** The whole app (its routes and providers) opened at `path`; the router tells where it went. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <Providers queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

/**
 * One screen at `path`, with a page saying `elsewhere` at every other path (to see where the screen sends
 * the user), in a fresh query client that does not retry.
 */
export function renderScreen(path: string, screen: ReactNode, elsewhere: string) {
  const router = createMemoryRouter(
    [
      { path, element: screen },
      { path: '*', element: <p>{elsewhere}</p> },
    ],
    { initialEntries: [path] },
  );
  renderInApp(<RouterProvider router={router} />);
  return router;
}

/** A component as a screen holds it: in antd's App (its messages) and a fresh query client that does not retry. */
export function renderInApp(ui: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>{ui}</App>
    </QueryClientProvider>,
  );
}

/** The signed-in user the server's fake sends: a project manager at the head office, but for `over`. */
export const testUser = (over: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 1,
  userName: 'pm',
  userTrueName: 'Pat Manager',
  img: '',
  phone: '',
  email: '',
  tenant: { id: 1, code: 'main', name: 'Main' },
  homeTenantId: 1,
  organization: { id: 1, name: 'Head office' },
  roles: [{ id: 2, name: 'Project manager' }],
  mustChangePassword: false,
  sessionExpiresAt: '2030-01-01T00:00:00Z',
  ...over,
});

/** The buttons the server's fake grants: Search only. */
export const testButtons: Button[] = [
  { id: 1, code: 'Search', name: 'Search', functionName: 'search', icon: '', sort: 1 },
];

/**
 * The server's fake for a signed-in screen: the calls of the main layout (buttons, `menu`, `user`) answered,
 * every other GET left to `screen` (which throws on what it does not know).
 */
export function fakeSignedInServer(menu: MenuItem[], user: CurrentUser, screen: (url: string) => unknown) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/Button/Get') return testButtons;
    if (url === '/api/menu/getTreeMenu') return menu;
    if (url === '/api/user/getCurrentUserInfo') return user;
    return screen(url);
  });
}

/** A top-level, shown menu entry with no buttons granted, but for what `entry` says. */
export const menuEntry = (entry: Pick<MenuItem, 'id' | 'name' | 'url'> & Partial<MenuItem>): MenuItem => ({
  parentId: 0,
  icon: '',
  enable: 1,
  permission: [],
  ...entry,
});

/** A new visit: no remembered path, and no menu nor buttons in the store (the guard loads them again). */
export function clearSession() {
  sessionStorage.clear();
  useAppStore.getState().clearPermission();
  useAppStore.getState().setButtons([]);
}

/** Each test of the block starts a new visit signed in, and signs out after. */
export function signedInEachTest() {
  beforeEach(() => {
    clearSession();
    setToken('t');
  });
  afterEach(() => clearToken());
}
