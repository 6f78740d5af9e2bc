import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { heldSetupCode, holdSetupCode } from '../setup-code.ts';
import { setToken } from '../token.ts';
import { http } from './client.ts';
import { httpMessages } from './messages.ts';
import { en, notify, rejection, seen, startFakeServer, toLogin } from './test-server.ts';
import { HttpError, setHttpBase } from './transport.ts';

startFakeServer();

describe('http headers', () => {
  it('sends the bearer token and the language on ordinary calls, and resolves the envelope data', async () => {
    setToken('tok-1');
    const data = await http.get<{ auth: string; query: string }>('/api/echo', { a: 1, b: undefined, c: true });
    expect(data).toEqual({ auth: 'Bearer tok-1', query: '/api/echo?a=1&c=true' });
    expect(seen[0]?.lang).toBe('zh-CN');
  });

  it('still sends the Authorization header when there is no token', async () => {
    await http.post('/api/echo', { x: 1 });
    // The client sets 'Bearer '; fetch trims header values, so the wire carries 'Bearer'.
    expect(seen[0]?.auth).toBe('Bearer');
  });

  it('sends no Authorization header on login', async () => {
    setToken('tok-1');
    const data = await http.post<{ auth: string | null }>('/api/user/login', { userName: 'a', password: 'b' });
    expect(data.auth).toBeNull();
    expect(seen[0]?.auth).toBeUndefined();
  });
});

describe('first-run setup code', () => {
  it('sends the held setup code only while nobody is signed in', async () => {
    holdSetupCode('ABCD-EFGH-JKLM');
    await http.get('/api/echo');
    setToken('tok-1');
    await http.get('/api/echo');
    expect(seen.map((s) => s.setupCode)).toEqual(['ABCD-EFGH-JKLM', undefined]);
  });

  it('forgets the code and goes to sign in once the server says setup is over', async () => {
    holdSetupCode('ABCD-EFGH-JKLM');
    const e = await rejection(http.post('/api/setup-closed', {}));
    expect(e).toMatchObject({ status: 403, code: 'setup_closed' });
    expect(heldSetupCode()).toBe('');
    expect(notify.info).toHaveBeenCalledWith('Setup is finished: sign in as an administrator');
    expect(toLogin).toHaveBeenCalledTimes(1);
  });
});

describe('http error catalogue', () => {
  it('shows the unauthorized info and goes to login on a 401 that is not an expiry', async () => {
    const e = await rejection(http.get('/api/invalid'));
    expect(e).toBeInstanceOf(HttpError);
    expect(e).toMatchObject({ status: 401, code: 'invalid' });
    expect(notify.info).toHaveBeenCalledExactlyOnceWith(en['http.unauthorized']);
    expect(notify.error).not.toHaveBeenCalled();
    expect(toLogin).toHaveBeenCalledTimes(1);
  });

  it('shows the 404 message', async () => {
    const e = await rejection(http.get('/api/nowhere'));
    expect(e).toMatchObject({ status: 404, code: 'not_found' });
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(en['http.notFound']);
  });

  it('shows the server message of any other failure and carries its data', async () => {
    const e = await rejection(http.get('/api/db-down'));
    expect(e).toMatchObject({ status: 500, code: 'server_error', data: { errorId: 'e1' } });
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Database unavailable');
  });

  it('shows the status text when the failure has no envelope', async () => {
    await rejection(http.get('/api/no-envelope'));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('Bad Gateway');
  });

  it('carries field errors and shows no toast for a quiet call', async () => {
    const e = await rejection(http.post('/api/bad-input', {}, { quiet: true }));
    expect(e).toMatchObject({ status: 400, code: 'bad_request', fieldErrors: { email: 'not a valid mail address' } });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows the network message when the server does not answer', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    setHttpBase(`http://127.0.0.1:${port}`);
    const e = await rejection(http.get('/api/echo'));
    expect(e).toMatchObject({ status: 0, code: 'network' });
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(en['http.network']);
  });
});

describe('formPost', () => {
  const form = () => {
    const f = new FormData();
    f.append('file', new Blob(['x']), 'x.txt');
    return f;
  };

  it('posts the form with the bearer token and resolves the envelope data', async () => {
    setToken('tok-9');
    expect(await http.formPost('/api/upload', form())).toEqual({ auth: 'Bearer tok-9' });
  });

  it('shows the timeout message when the answer takes too long', async () => {
    const e = await rejection(http.formPost('/api/slow', form(), 50));
    expect(e).toMatchObject({ code: 'timeout' });
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(en['http.timeout']);
  });

  it('goes to login on a 202', async () => {
    const e = await rejection(http.formPost('/api/accepted', form()));
    expect(e).toMatchObject({ status: 202 });
    expect(toLogin).toHaveBeenCalledTimes(1);
  });

  it('handles failures like the other calls', async () => {
    await rejection(http.formPost('/api/nowhere', form()));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(en['http.notFound']);
  });
});

describe('translation', () => {
  it('shows the messages in the language i18next is set to', async () => {
    await i18next.init({
      lng: 'zh-CN',
      resources: { 'zh-CN': { translation: httpMessages.zh }, 'en-US': { translation: httpMessages.en } },
    });
    await rejection(http.get('/api/nowhere'));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('接口404错误');
  });

  it('has a Chinese text for every English key', () => {
    expect(Object.keys(httpMessages.zh).sort()).toEqual(Object.keys(httpMessages.en).sort());
  });
});
