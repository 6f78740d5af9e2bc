import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../lib/store.ts';
import { menuEntry } from '../test/render.tsx';
import { ActionToolbar, type ToolbarItem } from './ActionToolbar.tsx';

const userInfoMenu = (permission: number[]) =>
  menuEntry({ id: 2, name: 'Personal center', url: '/UserInfo/Manager', icon: 'UserOutlined', permission });

const items = (onClick = () => {}): ToolbarItem[] => [
  { id: 1, key: 'refresh', label: 'Refresh', onClick },
  { id: 3, key: 'save', label: 'Save', onClick },
  { id: 8, key: 'upload', label: 'Upload avatar', onClick },
  { id: 4, key: 'remove', label: 'Remove avatar', onClick },
  { key: 'password', label: 'Change password', onClick },
  { key: 'signOut', label: 'Sign out', onClick },
];

function renderAt(path: string, toolbarItems: ToolbarItem[], menuUrlPath?: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <ActionToolbar items={toolbarItems} menuUrlPath={menuUrlPath} />
    </MemoryRouter>,
  );
}

describe('ActionToolbar', () => {
  beforeEach(() => useAppStore.getState().clearPermission());

  it('shows at most four buttons inline and puts the rest under More', async () => {
    useAppStore.getState().setPermission([userInfoMenu([1, 3, 4, 8])]);
    renderAt('/UserInfo', items());

    for (const name of ['Refresh', 'Save', 'Upload avatar', 'Remove avatar']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'Change password' })).toBeNull();
    const more = screen.getByRole('button', { name: /More/ });
    fireEvent.mouseEnter(more);
    expect(await screen.findByText('Change password')).toBeTruthy();
    expect(screen.getByText('Sign out')).toBeTruthy();
  });

  it('opens More on a click and on ArrowDown, not only on hover', async () => {
    useAppStore.getState().setPermission([userInfoMenu([1, 3, 4, 8])]);
    const onClick = vi.fn();
    renderAt('/UserInfo', items(onClick));
    const more = screen.getByRole('button', { name: /More/ });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(await screen.findByText('Change password')).toBeTruthy();
    expect(more.getAttribute('aria-expanded')).toBe('true');
    // A second click keeps it open (it does not toggle a menu the hover may have opened).
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByText('Sign out'));
    expect(onClick).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(more.getAttribute('aria-expanded')).toBe('false'));
    fireEvent.keyDown(more, { key: 'ArrowDown' });
    expect(more.getAttribute('aria-expanded')).toBe('true');
  });

  it('hides the buttons the menu entry does not grant and always shows those without an id', () => {
    useAppStore.getState().setPermission([userInfoMenu([1, 3])]);
    renderAt('/userinfo', items());

    const names = screen.getAllByRole('button').map((b) => b.textContent);
    expect(names).toEqual(['Refresh', 'Save', 'Change password', 'Sign out']);
    expect(screen.queryByRole('button', { name: /More/ })).toBeNull();
  });

  it('finds the menu entry by the given path rather than the current route', () => {
    useAppStore.getState().setPermission([userInfoMenu([3])]);
    renderAt('/elsewhere', items(), '/UserInfo');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
  });

  it('shows only the id-less buttons on a screen without a menu entry, and runs their action', () => {
    const onClick = vi.fn();
    renderAt('/nowhere', items(onClick));
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Change password', 'Sign out']);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onClick).toHaveBeenCalledOnce();
  });
});
