import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type FillableForm, formDesignSchema } from '@trestle/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http/client.ts';
import { HttpError } from '../../lib/http/transport.ts';
import {
  clearSession,
  fakeSignedInServer,
  menuEntry,
  renderApp,
  signedInEachTest,
  testUser,
} from '../../test/render.tsx';

const LINK = 'AbCdEfGhIjKlMnOpQrStUv12';
const label = (en: string) => ({ en, zh: '' });
const design = (title: string, fields: string[]) =>
  formDesignSchema.parse({
    title: label(title),
    fields: fields.map((name) => ({ name, type: 'string', label: label(name[0]?.toUpperCase() + name.slice(1)) })),
    items: fields.map((name, i) => ({ kind: 'field', id: `f${i}`, name })),
  });
const feedback: FillableForm = { id: 3, version: 1, design: design('Site feedback', ['name', 'comment']) };

const type = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

describe('a form’s public link', () => {
  beforeEach(() => clearSession());

  it('is filled without signing in, calling nothing but the public routes', async () => {
    const get = vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/api/public/form') return { ...feedback, captcha: false };
      throw new Error(`unexpected GET ${url}`);
    });
    const post = vi.spyOn(http, 'post').mockResolvedValue({ id: 9 });
    const router = renderApp(`/formSubmit?link=${LINK}`);
    expect(await screen.findByText('Site feedback')).toBeTruthy();
    type('Name', 'Ann');
    type('Comment', 'Tidy site');
    submit();
    expect(await screen.findByText('Thank you — your answer was recorded')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/formSubmit');
    expect(get.mock.calls.map((c) => c[0])).toEqual(['/api/public/form']);
    expect(post).toHaveBeenCalledWith(
      '/api/public/form/submit',
      { link: LINK, version: 1, mainData: { name: 'Ann', comment: 'Tidy site' }, detailData: {} },
      { quiet: true },
    );
    expect(screen.queryByRole('button', { name: 'Back to forms' })).toBeNull();
  });

  it('asks for the captcha when the link wants one, and sends its answer with the form', async () => {
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/api/public/form') return { ...feedback, captcha: true };
      if (url === '/api/captcha') return { captchaId: 'c1', svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' };
      throw new Error(`unexpected GET ${url}`);
    });
    const post = vi.spyOn(http, 'post').mockResolvedValue({ id: 9 });
    renderApp(`/formSubmit?link=${LINK}`);
    expect(await screen.findByTestId('captcha-image')).toBeTruthy();
    type('Name', 'Ann');
    submit();
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: 'Captcha' }), { target: { value: 'x7k2' } });
    submit();
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/public/form/submit',
        {
          link: LINK,
          version: 1,
          mainData: { name: 'Ann', comment: null },
          detailData: {},
          captchaId: 'c1',
          captchaCode: 'x7k2',
        },
        { quiet: true },
      ),
    );
  });

  it.each([
    [
      'a wrong answer to a field (400)',
      new HttpError('The answer has errors', 400, 'bad_request', { fieldErrors: { 'mainData.name': 'too short' } }),
    ],
    [
      'a wrong captcha (400)',
      new HttpError('Answer the captcha', 400, 'captcha_required', { fieldErrors: { captchaCode: 'wrong' } }),
    ],
    ['a form published again (409)', new HttpError('The form was published again', 409, 'conflict')],
    ['too many answers (429)', new HttpError('Too many requests', 429, 'rate_limited')],
  ])('shows a new captcha with an empty code after %s: each captcha is good for one try', async (_, refusal) => {
    let served = 0;
    vi.spyOn(http, 'get').mockImplementation(async (url: string) => {
      if (url === '/api/public/form') return { ...feedback, captcha: true };
      if (url === '/api/captcha')
        return { captchaId: `c${++served}`, svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' };
      throw new Error(`unexpected GET ${url}`);
    });
    const post = vi.spyOn(http, 'post').mockRejectedValueOnce(refusal).mockResolvedValue({ id: 9 });
    renderApp(`/formSubmit?link=${LINK}`);
    expect(await screen.findByTestId('captcha-image')).toBeTruthy();
    type('Name', 'Ann');
    const code = () => screen.getByRole('textbox', { name: 'Captcha' }) as HTMLInputElement;
    fireEvent.change(code(), { target: { value: 'x7k2' } });
    submit();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(served).toBe(2));
    await waitFor(() => expect(code().value).toBe(''));
    fireEvent.change(code(), { target: { value: 'm4p9' } });
    submit();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post.mock.calls[1]?.[1]).toMatchObject({ captchaId: 'c2', captchaCode: 'm4p9' });
  });

  it('tells a visitor the server’s word when the link has closed', async () => {
    vi.spyOn(http, 'get').mockRejectedValue(new HttpError('This link has expired', 410, 'gone'));
    renderApp(`/formSubmit?link=${LINK}`);
    expect(await screen.findByText('This link has expired')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });
});

describe('filling a form signed in', () => {
  signedInEachTest();

  it('opens the form again when it was published meanwhile, keeping what was typed where its fields remain', async () => {
    let version = 1;
    fakeSignedInServer([menuEntry({ id: 1, name: 'Home', url: '/home' })], testUser(), (url) => {
      if (url === '/api/form/open')
        return version === 1
          ? feedback
          : { id: 3, version: 2, design: design('Site feedback', ['name', 'rating', 'comment']) };
      throw new Error(`unexpected GET ${url}`);
    });
    const post = vi
      .spyOn(http, 'post')
      .mockImplementationOnce(async () => {
        version = 2;
        throw new HttpError('The form was published again', 409, 'conflict');
      })
      .mockResolvedValue({ id: 10 });
    renderApp('/formSubmit?id=3');
    expect(await screen.findByText('Site feedback')).toBeTruthy();
    expect(screen.getByTestId('layout-left')).toBeTruthy();
    type('Name', 'Ann');
    type('Comment', 'Tidy site');
    submit();
    expect(await screen.findByLabelText('Rating')).toBeTruthy();
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ann');
    expect((screen.getByLabelText('Comment') as HTMLInputElement).value).toBe('Tidy site');
    type('Rating', 'Good');
    submit();
    expect(await screen.findByText('Thank you — your answer was recorded')).toBeTruthy();
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post.mock.calls[1]?.[1]).toEqual({
      id: 3,
      version: 2,
      mainData: { name: 'Ann', rating: 'Good', comment: 'Tidy site' },
      detailData: {},
    });
    expect(screen.getByRole('button', { name: 'Back to forms' })).toBeTruthy();
  });
});
