import { fireEvent, screen, within } from '@testing-library/react';
import { type Button, type CurrentUser, ErrorCode, type MenuItem } from '@trestle/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/index.ts';
import { http } from '../lib/http/client.ts';
import { HttpError } from '../lib/http/transport.ts';
import { useAppStore } from '../lib/store.ts';
import { clearToken, setToken } from '../lib/token.ts';
import { clearSession, menuEntry, renderApp } from '../test/render.tsx';

const buttons: Button[] = [{ id: 1, code: 'Search', name: 'Search', functionName: 'search', icon: '', sort: 1 }];
const menu: MenuItem[] = [
  menuEntry({ id: 1, name: 'Home', url: '/home', icon: 'HomeOutlined' }),
  menuEntry({ id: 2, name: 'Personal center', url: '/UserInfo/Manager', icon: 'UserOutlined', permission: [1, 3] }),
  menuEntry({ id: 3, name: 'System', url: '', icon: 'SettingOutlined' }),
  menuEntry({
    id: 4,
    name: 'Button catalogue',
    url: '/Button',
    parentId: 3,
    icon: 'AppstoreOutlined',
    permission: [1],
  }),
  menuEntry({ id: 5, name: 'Hidden screen', url: '/Hidden', enable: 2 }),
];
const currentUser: CurrentUser = {
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
};

function fakeServer(menuNow: () => MenuItem[] = () => menu) {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/Button/Get') return buttons;
    if (url === '/api/menu/getTreeMenu') return menuNow();
    if (url === '/api/user/getCurrentUserInfo') return currentUser;
    if (url === '/api/user/loginConfig') return { registerEnabled: true, title: 'Trestle' };
    // The server knows Employee (an engine entity) and refuses it to this caller.
    if (url === '/api/Employee/getMeta') throw new HttpError('Forbidden', 403, ErrorCode.forbidden);
    if (/^\/api\/\w+\/getMeta$/.test(url)) throw new HttpError('Not found', 404, ErrorCode.notFound);
    throw new Error(`unexpected ${url}`);
  });
}

/** The app at `path` for a signed-in user, the server faked. */
function openSignedIn(path: string) {
  setToken('t');
  fakeServer();
  return renderApp(path);
}

describe('the app routes', () => {
  beforeEach(() => {
    clearSession();
    useAppStore.getState().setUserInfo({ userName: 'pm', userTrueName: 'Pat Manager', img: '' });
  });
  afterEach(() => clearToken());

  it('sends a visitor without a token to the login screen', async () => {
    fakeServer();
    const router = renderApp('/UserInfo');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByRole('link', { name: 'Create an account' })).toBeTruthy();
  });

  it('redirects / to /home and shows the layout, menu, breadcrumb and quick links', async () => {
    const router = openSignedIn('/');
    expect(await screen.findByText('Welcome, Pat Manager')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home');
    expect(screen.getByTestId('layout-left')).toBeTruthy();
    expect(screen.getByTestId('breadcrumb').textContent).toBe('My position/Home');
    const menuEl = screen.getByTestId('menu');
    expect(within(menuEl).getByText('System')).toBeTruthy();
    expect(within(menuEl).queryByText('Hidden screen')).toBeNull();
    expect(await screen.findByText('Project manager')).toBeTruthy();
    expect(screen.getByText('Head office')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Hidden screen/ })).toBeTruthy();
    expect(screen.queryByTestId('nav-loading')).toBeNull();
  });

  it('shows the ancestors of the current screen in the breadcrumb', async () => {
    openSignedIn('/Button');
    expect(await screen.findByText('Button catalogue', { selector: '.ant-typography' })).toBeTruthy();
    expect(screen.getByTestId('breadcrumb').textContent).toBe('My position/Home/System/Button catalogue');
  });

  it('ignores a click on the menu entry of the screen already showing', async () => {
    setToken('t');
    const get = fakeServer();
    const router = renderApp('/home');
    await screen.findByText('Welcome, Pat Manager');
    const calls = get.mock.calls.length;
    fireEvent.click(within(screen.getByTestId('menu')).getByText('Home'));
    expect(router.state.historyAction).toBe('POP');
    expect(get.mock.calls.length).toBe(calls);
  });

  it('switches to the top layout from the user menu and to Chinese from the header', async () => {
    openSignedIn('/home');
    await screen.findByText('Welcome, Pat Manager');
    fireEvent.mouseEnter(screen.getByRole('button', { name: /Pat Manager/ }));
    fireEvent.click(await screen.findByText('Top'));
    expect(await screen.findByTestId('layout-top')).toBeTruthy();
    expect(useAppStore.getState().layout).toBe('top');

    fireEvent.click(screen.getByText('简体中文'));
    try {
      await vi.waitFor(() => expect(screen.getByTestId('breadcrumb').textContent).toBe('我的位置/首页'));
      expect(localStorage.getItem('lang')).toBe('zh-CN');
    } finally {
      await i18n.changeLanguage('en-US');
      useAppStore.getState().setLayout('left');
    }
  });

  it('opens the /401 screen for a screen the menu does not grant, and the menu url with /Manager at its route', async () => {
    const router = openSignedIn('/Employee');
    expect(await screen.findByText('You have no permission to view this page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/401');
    await router.navigate('/UserInfo/Manager');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/UserInfo'));
  });

  it('asks for the menu again before refusing a screen: one granted since the tab loaded it opens', async () => {
    setToken('t');
    let granted = menu;
    const get = fakeServer(() => granted);
    const router = renderApp('/home');
    await screen.findByText('Welcome, Pat Manager');
    const menuCalls = () => get.mock.calls.filter(([url]) => url === '/api/menu/getTreeMenu').length;
    expect(menuCalls()).toBe(1);
    // Not granted, even when asked again: refused.
    await router.navigate('/Employee');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/401'));
    expect(menuCalls()).toBe(2);
    // The grant comes; the tab's menu does not have it yet, and asks.
    const employee = { id: 6, name: 'Employees', url: '/Employee', parentId: 0, icon: '', enable: 1, permission: [1] };
    granted = [...menu, employee];
    await router.navigate('/Employee');
    await vi.waitFor(() => expect(menuCalls()).toBe(3));
    expect(router.state.location.pathname).toBe('/Employee');
    expect(within(screen.getByTestId('menu')).getByText('Employees')).toBeTruthy();
  });

  it('shows not-found for an entity-like path the server does not know, asking it quietly', async () => {
    setToken('t');
    const get = fakeServer();
    const router = renderApp('/NoSuchEntity');
    expect(await screen.findByText('The page you visited does not exist')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/NoSuchEntity');
    expect(get).toHaveBeenCalledWith('/api/NoSuchEntity/getMeta', undefined, { quiet: true });
  });

  it('shows the not-found and the no-permission screens', async () => {
    const router = openSignedIn('/no/such/page');
    expect(await screen.findByText('The page you visited does not exist')).toBeTruthy();
    await router.navigate('/401');
    expect(await screen.findByText('You have no permission to view this page')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back home' })).toBeTruthy();
  });
});
