import type { Button, MenuItem } from '@trestle/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../lib/http/client.ts';
import { RETURN_TO_KEY, takeReturnTo } from '../lib/return-to.ts';
import { useAppStore } from '../lib/store.ts';
import { clearToken, setToken } from '../lib/token.ts';
import { clearSession, signedInEachTest } from '../test/render.tsx';
import { guardLoader } from './guard.ts';
import { CHUNK_RELOAD_FLAG, lazyRoute } from './lazy-route.ts';

const buttons: Button[] = [{ id: 1, code: 'Search', name: 'Search', functionName: 'search', icon: '', sort: 1 }];
const menu: MenuItem[] = [
  { id: 1, name: 'Home', url: '/home', parentId: 0, icon: 'HomeOutlined', enable: 1, permission: [] },
];

const screens = new Set(['/home', '/userinfo', '/employee']);
const run = (path: string) => {
  const url = new URL(`http://localhost${path}`);
  return guardLoader({ request: new Request(url), url, pattern: '/', params: {}, context: undefined }, screens);
};

function fakeServer() {
  return vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
    if (url === '/api/Button/Get') return buttons;
    if (url === '/api/menu/getTreeMenu') return menu;
    throw new Error(`unexpected ${url}`);
  });
}

describe('navigation guard', () => {
  beforeEach(clearSession);
  afterEach(() => clearToken());

  it('always lets login paths through, whatever their case, without a token', async () => {
    const get = fakeServer();
    expect(await run('/login')).toBeNull();
    expect(await run('/LoginSet')).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });

  it('sends a visitor without a token to /login with a random redirect value and remembers the path', async () => {
    const response = await run('/UserInfo?tab=1');
    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toMatch(/^\/login\?redirect=0\.\d+/);
    expect(sessionStorage.getItem(RETURN_TO_KEY)).toBe('/UserInfo?tab=1');
    expect(takeReturnTo()).toBe('/UserInfo?tab=1');
    expect(takeReturnTo()).toBe('/home');
  });

  it('loads the buttons, then the menu, once, and then lets the navigation continue', async () => {
    setToken('t');
    const get = fakeServer();
    expect(await run('/home')).toBeNull();
    expect(get.mock.calls.map((c) => c[0])).toEqual(['/api/Button/Get', '/api/menu/getTreeMenu']);
    expect(useAppStore.getState().buttons).toEqual(buttons);
    expect(useAppStore.getState().permission).toEqual(menu);

    await run('/home');
    expect(get).toHaveBeenCalledTimes(2);
    // A screen the menu held does not grant asks for the menu again (a grant may have come since), once.
    expect((await run('/UserInfo'))?.headers.get('Location')).toBe('/401');
    expect(get.mock.calls.map((c) => c[0]).slice(2)).toEqual(['/api/menu/getTreeMenu']);
  });
});

describe('the guard and the grants of the menu', () => {
  signedInEachTest();

  it('sends a screen the menu does not grant to /401, whatever its case, and lets granted ones through', async () => {
    fakeServer();
    for (const path of ['/Employee', '/employee?x=1', '/UserInfo']) {
      const response = await run(path);
      expect(response?.status, path).toBe(302);
      expect(response?.headers.get('Location'), path).toBe('/401');
      expect(response?.headers.get('X-Remix-Replace'), path).toBe('true');
    }
    expect(await run('/home')).toBeNull();
    expect(await run('/HOME')).toBeNull();
  });

  it('leaves unknown paths to the router (the not-found screen) and lets /401 itself through', async () => {
    fakeServer();
    expect(await run('/NoSuchThing')).toBeNull();
    expect(await run('/401')).toBeNull();
  });

  it('opens a path written as a menu url (with /Manager) at its route, before anything else', async () => {
    const get = fakeServer();
    for (const [path, to] of [
      ['/UserInfo/Manager', '/UserInfo'],
      ['/userinfo/manager?tab=2', '/userinfo?tab=2'],
      ['/Manager/Employee', '/Employee'],
    ] as const) {
      const response = await run(path);
      expect(response?.headers.get('Location'), path).toBe(to);
      expect(response?.headers.get('X-Remix-Replace'), path).toBe('true');
    }
    expect(get).not.toHaveBeenCalled();
  });
});

describe('lazy route loading', () => {
  beforeEach(() => sessionStorage.clear());

  it('reloads the page once when a chunk fails, and gives up on the second failure', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const failing = lazyRoute(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));

    void failing();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBe('1');

    await expect(failing()).rejects.toThrow('dynamically imported');
    expect(reload).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('clears the reload flag once a chunk loads', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
    await expect(lazyRoute(() => Promise.resolve('ok'))()).resolves.toBe('ok');
    expect(sessionStorage.getItem(CHUNK_RELOAD_FLAG)).toBeNull();
  });
});
