import type { Button, MenuItem } from '@trestle/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { signOutLocal, useAppStore } from './store.ts';
import { clearToken, getToken, setToken } from './token.ts';

const user = { userName: 'admin', userTrueName: 'Admin', img: '' };
const menu: MenuItem = { id: 1, name: 'Home', url: '/home', parentId: 0, icon: '', enable: 1, permission: [] };
const button = (id: number): Button => ({
  id,
  code: `b${id}`,
  name: `B${id}`,
  functionName: `f${id}`,
  icon: '',
  sort: id,
});

describe('app store', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    clearToken();
    const s = useAppStore.getState();
    s.clearUserInfo();
    s.clearPermission();
    s.setButtons([]);
    s.setLayout('left');
  });

  it('moves the token of a user into the cookie and keeps the user without it in local storage as text', () => {
    useAppStore.getState().setUserInfo({ ...user, token: 'tok-1' });
    expect(getToken()).toBe('tok-1');
    expect(useAppStore.getState().userInfo).toEqual(user);
    const stored = localStorage.getItem('userInfo') ?? '';
    expect(JSON.parse(stored)).toEqual(user);
    expect(stored).not.toContain('tok-1');
  });

  it('leaves the cookie alone when the user carries no token', () => {
    setToken('kept');
    useAppStore.getState().setUserInfo(user);
    expect(getToken()).toBe('kept');
  });

  it('removes the stored user on clearUserInfo', () => {
    useAppStore.getState().setUserInfo(user);
    useAppStore.getState().clearUserInfo();
    expect(useAppStore.getState().userInfo).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('keeps the layout in local storage, left by default', () => {
    expect(useAppStore.getState().layout).toBe('left');
    useAppStore.getState().setLayout('top');
    expect(useAppStore.getState().layout).toBe('top');
    expect(localStorage.getItem('layout')).toBe('top');
  });

  it('sets the permission only when given an object and keeps it in session storage', () => {
    const s = useAppStore.getState();
    s.setPermission([menu]);
    expect(useAppStore.getState().permission).toEqual([menu]);
    expect(JSON.parse(sessionStorage.getItem('permission') ?? 'null')).toEqual([menu]);
    for (const ignored of [null, undefined, 'menus', 42, true]) s.setPermission(ignored);
    expect(useAppStore.getState().permission).toEqual([menu]);
  });

  it('clears the permission back to an empty list', () => {
    useAppStore.getState().setPermission([menu]);
    useAppStore.getState().clearPermission();
    expect(useAppStore.getState().permission).toEqual([]);
  });

  it('toggles the loading flag', () => {
    useAppStore.getState().setLoading(true);
    expect(useAppStore.getState().isLoading).toBe(true);
    useAppStore.getState().setLoading(false);
    expect(useAppStore.getState().isLoading).toBe(false);
  });

  it('replaces the buttons as a whole list', () => {
    useAppStore.getState().setButtons([button(1), button(2)]);
    useAppStore.getState().setButtons([button(3)]);
    expect(useAppStore.getState().buttons).toEqual([button(3)]);
  });

  it('signs out locally: user, token, permission and buttons go, the layout stays', () => {
    const s = useAppStore.getState();
    s.setUserInfo({ ...user, token: 'tok' });
    s.setPermission([menu]);
    s.setButtons([button(1)]);
    s.setLayout('top');
    signOutLocal();
    const after = useAppStore.getState();
    expect(after.userInfo).toBeNull();
    expect(getToken()).toBe('');
    expect(after.permission).toEqual([]);
    expect(sessionStorage.getItem('permission')).toBeNull();
    expect(after.buttons).toEqual([]);
    expect(after.layout).toBe('top');
  });
});
