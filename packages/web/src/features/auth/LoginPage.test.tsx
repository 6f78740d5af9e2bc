import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { useAppStore } from '../../lib/store.ts';
import { clearToken, getToken } from '../../lib/token.ts';
import { menuEntry, renderScreen } from '../../test/render.tsx';
import { LoginPage } from './LoginPage.tsx';

const menu = [menuEntry({ id: 1, name: 'Home', url: '/home' })];

function renderLogin(registerEnabled = true) {
  vi.spyOn(http, 'get').mockResolvedValue({ registerEnabled, title: 'Trestle Test' });
  return renderScreen('/login', <LoginPage />, 'landed');
}

async function signIn(userName: string, password: string) {
  fireEvent.change(screen.getByLabelText('User name'), { target: { value: userName } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginPage', () => {
  beforeEach(() => {
    sessionStorage.clear();
    useAppStore.getState().clearUserInfo();
  });
  afterEach(() => clearToken());

  it('shows the title from the login configuration and the register link when registering is enabled', async () => {
    renderLogin(true);
    expect(await screen.findByText('Trestle Test')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe('/Register');
  });

  it('hides the register link when registering is disabled', async () => {
    renderLogin(false);
    await screen.findByText('Trestle Test');
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
  });

  it('shows the server message on the form when the sign-in is refused or the account is locked', async () => {
    renderLogin();
    const post = vi
      .spyOn(http, 'post')
      .mockRejectedValueOnce(new HttpError('Incorrect user name or password', 400, 'bad_request'))
      .mockRejectedValueOnce(new HttpError('The account is locked; try again in 15 minutes', 423, 'locked'));
    await signIn('admin', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toContain('Incorrect user name or password');
    await signIn('admin', 'wrong');
    expect(await screen.findByText('The account is locked; try again in 15 minutes')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/api/user/login', { userName: 'admin', password: 'wrong' }, { quiet: true });
  });

  it('shows the captcha when the server asks for one (the account is under attack from elsewhere)', async () => {
    renderLogin();
    vi.spyOn(http, 'post').mockRejectedValueOnce(
      new HttpError('Enter the characters of the picture', 400, 'captcha_required', {
        fieldErrors: { captchaCode: 'wrong or expired; enter the characters of the new picture' },
      }),
    );
    expect(screen.queryByLabelText('Captcha')).toBeNull();
    await signIn('admin', 'Admin@2026');
    expect(await screen.findByText('Enter the characters of the picture')).toBeTruthy();
    expect(await screen.findByLabelText('Captcha')).toBeTruthy();
  });

  it('stores the user and token, drops the previous menu and returns to the remembered path', async () => {
    const router = renderLogin();
    useAppStore.getState().setPermission(menu);
    useAppStore
      .getState()
      .setButtons([{ id: 1, code: 'Search', name: 'Search', functionName: 'search', icon: '', sort: 1 }]);
    sessionStorage.setItem('returnTo', '/UserInfo');
    vi.spyOn(http, 'post').mockResolvedValue({ token: 'tok', userName: 'pm', userTrueName: 'Pat', img: '' });
    await signIn('pm', 'Pm@2026');
    expect(await screen.findByText('landed')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/UserInfo');
    expect(getToken()).toBe('tok');
    expect(useAppStore.getState().userInfo).toEqual({ userName: 'pm', userTrueName: 'Pat', img: '' });
    expect(useAppStore.getState().permission).toEqual([]);
    expect(useAppStore.getState().buttons).toEqual([]);
  });
});
