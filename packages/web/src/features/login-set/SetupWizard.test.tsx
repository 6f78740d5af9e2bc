import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { HttpError } from '../../lib/http/transport.ts';
import { renderScreen } from '../../test/render.tsx';
import { LoginSetPage } from './LoginSetPage.tsx';

function renderAnonymous(setupOpen: boolean) {
  vi.spyOn(http, 'get').mockImplementation(async (url: string) =>
    url === '/api/setup/state' ? { setupOpen } : { passwordMinLength: 8 },
  );
  renderScreen('/LoginSet', <LoginSetPage />, 'elsewhere');
}

describe('LoginSet without sign-in (first-run setup)', () => {
  it('asks for the setup code and shows the server refusal on the code field', async () => {
    renderAnonymous(true);
    expect(await screen.findByRole('heading', { name: 'First-run setup' })).toBeTruthy();
    const post = vi.spyOn(http, 'post').mockRejectedValueOnce(
      new HttpError('Wrong setup code', 400, 'bad_request', {
        fieldErrors: { code: 'wrong setup code; see the server log' },
      }),
    );
    fireEvent.change(screen.getByLabelText('Setup code'), { target: { value: 'AAAA-BBBB-CCCC' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('wrong setup code; see the server log')).toBeTruthy();
    expect(post).toHaveBeenCalledWith('/api/setup/check', { code: 'AAAA-BBBB-CCCC' }, { quiet: true });
  });

  it('says setup is finished once an administrator exists, and offers sign-in', async () => {
    renderAnonymous(false);
    expect(await screen.findByText(/Setup is finished/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('Setup code')).toBeNull();
  });
});
