import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { MenuItem } from '@trestle/shared';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach } from 'vitest';
import { createQueryClient, Providers } from '../app/Providers.tsx';
import { routes } from '../app/routes.tsx';
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
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App>
        <RouterProvider router={router} />
      </App>
    </QueryClientProvider>,
  );
  return router;
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
