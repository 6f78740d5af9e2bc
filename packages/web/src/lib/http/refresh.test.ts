import { describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../token.ts';
import { http } from './client.ts';
import { en, fake, notify, rejection, seen, startFakeServer, toLogin } from './test-server.ts';
import { HttpError } from './transport.ts';

startFakeServer();

describe('token refresh', () => {
  it('makes one replaceToken call for three concurrent expired answers and retries each with the new token', async () => {
    setToken('old-token');
    const results = await Promise.all([
      http.get('/api/expiring'),
      http.get('/api/expiring'),
      http.get('/api/expiring'),
    ]);
    expect(results).toEqual(['fresh', 'fresh', 'fresh']);
    expect(fake.replaceCalls).toBe(1);
    expect(getToken()).toBe('new-token');
    const retries = seen.filter((s) => s.path === '/api/expiring' && s.auth === 'Bearer new-token');
    expect(retries).toHaveLength(3);
    expect(seen.find((s) => s.path === '/api/User/replaceToken')?.auth).toBe('Bearer old-token');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('makes one replaceToken call for three concurrent refresh hints, and later calls carry the new token', async () => {
    setToken('old-token');
    await Promise.all([http.get('/api/hinted'), http.get('/api/hinted'), http.get('/api/hinted')]);
    expect(fake.replaceCalls).toBe(1);
    expect(await http.get('/api/hinted')).toBe('Bearer new-token');
  });

  it('holds calls made during a refresh until the new token is there', async () => {
    setToken('old-token');
    const hinted = http.get('/api/hinted');
    // Let the hinted answer arrive and the refresh start before the next call is made.
    await vi.waitFor(() => expect(fake.replaceCalls).toBe(1));
    const waiting = http.get<{ auth: string }>('/api/echo');
    await hinted;
    expect((await waiting).auth).toBe('Bearer new-token');
  });

  it('reports a failed refresh once, signs out and goes to login', async () => {
    setToken('old-token');
    localStorage.setItem('userInfo', '{"userName":"a","userTrueName":"A","img":""}');
    fake.replaceFails = true;
    const e = await rejection(http.get('/api/expiring'));
    expect(e).toBeInstanceOf(HttpError);
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(en['http.refreshFailed']);
    expect(notify.info).not.toHaveBeenCalled();
    expect(toLogin).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('');
    expect(localStorage.getItem('userInfo')).toBeNull();
  });

  it('reports a failed refresh once when three calls expire together, and calls made meanwhile end quietly', async () => {
    setToken('old-token');
    fake.replaceFails = true;
    const expiring = [http.get('/api/expiring'), http.get('/api/expiring'), http.get('/api/expiring')];
    await vi.waitFor(() => expect(fake.replaceCalls).toBe(1));
    const waiting = http.get('/api/echo');
    const errors = await Promise.all([...expiring, waiting].map(rejection));
    expect(errors.every((e) => e instanceof HttpError)).toBe(true);
    expect(fake.replaceCalls).toBe(1);
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(en['http.refreshFailed']);
    expect(notify.info).not.toHaveBeenCalled();
    expect(toLogin).toHaveBeenCalledTimes(1);
    expect(seen.filter((s) => s.path === '/api/echo')).toHaveLength(0);
  });
});
