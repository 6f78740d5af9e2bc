import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import i18next from 'i18next';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureHttp, HttpError, http, httpMessages, setHttpBase } from './http.ts';
import { dropSetupCode, heldSetupCode, holdSetupCode } from './setup-code.ts';
import { clearToken, getToken, setToken } from './token.ts';

// A real HTTP server: the client is exercised through Node's fetch and jsdom's XMLHttpRequest, not a mock.
type Seen = {
  method: string;
  path: string;
  auth: string | undefined;
  lang: string | undefined;
  setupCode: string | undefined;
};
const seen: Seen[] = [];
let replaceCalls = 0;
let replaceFails = false;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
const ok = (data: unknown) => ({ status: true, code: 'ok', message: '', data });
const err = (code: string, message: string, data: unknown = null) => ({ status: false, code, message, data });

// Cases return the (void) reply to end the switch early.
function handle(req: IncomingMessage, res: ServerResponse) {
  // jsdom's XMLHttpRequest runs from http://localhost:3000, so the form posts are cross-origin.
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', 'x-token-refresh, content-disposition');
  if (req.method === 'OPTIONS') {
    res.writeHead(204, {
      'Access-Control-Allow-Headers': 'authorization, accept-language, content-type, x-time-zone',
      'Access-Control-Allow-Methods': 'GET, POST',
    });
    res.end();
    return;
  }
  const path = (req.url ?? '').split('?')[0] ?? '';
  const auth = req.headers.authorization;
  const setupCode = req.headers['x-setup-code'];
  seen.push({
    method: req.method ?? '',
    path,
    auth,
    lang: req.headers['accept-language'],
    setupCode: typeof setupCode === 'string' ? setupCode : undefined,
  });
  req.resume();
  switch (path) {
    case '/api/echo':
    case '/api/user/login':
      return send(res, 200, ok({ auth: auth ?? null, query: req.url }));
    case '/api/User/replaceToken':
      replaceCalls += 1;
      // Slow enough that the concurrent callers overlap with it.
      setTimeout(() => (replaceFails ? send(res, 401, err('invalid', 'no')) : send(res, 200, ok('new-token'))), 60);
      return;
    case '/api/expiring':
      return auth === 'Bearer new-token'
        ? send(res, 200, ok('fresh'))
        : send(res, 401, err('expired', 'Token expired'));
    case '/api/hinted':
      return send(res, 200, ok(auth), auth === 'Bearer new-token' ? {} : { 'x-token-refresh': '1' });
    case '/api/invalid':
      return send(res, 401, err('invalid', 'Invalid token'));
    case '/api/db-down':
      return send(res, 500, err('server_error', 'Database unavailable', { errorId: 'e1' }));
    case '/api/setup-closed':
      return send(res, 403, err('setup_closed', 'Setup is finished: sign in as an administrator'));
    case '/api/no-envelope':
      res.writeHead(502);
      res.end('upstream gone');
      return;
    case '/api/bad-input':
      return send(
        res,
        400,
        err('bad_request', 'Invalid input', { fieldErrors: { email: 'not a valid mail address' } }),
      );
    case '/api/slow':
      setTimeout(() => send(res, 200, ok('late')), 400);
      return;
    case '/api/accepted':
      return send(res, 202, ok(null));
    case '/api/upload':
      return send(res, 200, ok({ auth: auth ?? null }));
    case '/api/file':
      res.writeHead(200, {
        'Content-Type': 'text/csv',
        'Content-Disposition': `attachment; filename="report.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`,
      });
      res.end('a,b\n1,2\n');
      return;
    case '/api/file-nameless':
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      res.end('bytes');
      return;
    case '/api/file-json':
      return send(res, 200, ok(null));
    default:
      return send(res, 404, err('not_found', 'Not found'));
  }
}

let server: Server;
let origin = '';
const notify = { info: vi.fn<(m: string) => void>(), error: vi.fn<(m: string) => void>() };
const toLogin = vi.fn<() => void>();

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
  replaceCalls = 0;
  replaceFails = false;
  notify.info.mockReset();
  notify.error.mockReset();
  toLogin.mockReset();
  clearToken();
  dropSetupCode();
  setHttpBase(origin);
  configureHttp({ notify, toLogin, language: () => 'zh-CN' });
});

const en = httpMessages.en;
const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );

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

describe('token refresh', () => {
  it('makes one replaceToken call for three concurrent expired answers and retries each with the new token', async () => {
    setToken('old-token');
    const results = await Promise.all([
      http.get('/api/expiring'),
      http.get('/api/expiring'),
      http.get('/api/expiring'),
    ]);
    expect(results).toEqual(['fresh', 'fresh', 'fresh']);
    expect(replaceCalls).toBe(1);
    expect(getToken()).toBe('new-token');
    const retries = seen.filter((s) => s.path === '/api/expiring' && s.auth === 'Bearer new-token');
    expect(retries).toHaveLength(3);
    expect(seen.find((s) => s.path === '/api/User/replaceToken')?.auth).toBe('Bearer old-token');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('makes one replaceToken call for three concurrent refresh hints, and later calls carry the new token', async () => {
    setToken('old-token');
    await Promise.all([http.get('/api/hinted'), http.get('/api/hinted'), http.get('/api/hinted')]);
    expect(replaceCalls).toBe(1);
    expect(await http.get('/api/hinted')).toBe('Bearer new-token');
  });

  it('holds calls made during a refresh until the new token is there', async () => {
    setToken('old-token');
    const hinted = http.get('/api/hinted');
    // Let the hinted answer arrive and the refresh start before the next call is made.
    await vi.waitFor(() => expect(replaceCalls).toBe(1));
    const waiting = http.get<{ auth: string }>('/api/echo');
    await hinted;
    expect((await waiting).auth).toBe('Bearer new-token');
  });

  it('reports a failed refresh once, signs out and goes to login', async () => {
    setToken('old-token');
    localStorage.setItem('userInfo', '{"userName":"a","userTrueName":"A","img":""}');
    replaceFails = true;
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
    replaceFails = true;
    const expiring = [http.get('/api/expiring'), http.get('/api/expiring'), http.get('/api/expiring')];
    await vi.waitFor(() => expect(replaceCalls).toBe(1));
    const waiting = http.get('/api/echo');
    const errors = await Promise.all([...expiring, waiting].map(rejection));
    expect(errors.every((e) => e instanceof HttpError)).toBe(true);
    expect(replaceCalls).toBe(1);
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(en['http.refreshFailed']);
    expect(notify.info).not.toHaveBeenCalled();
    expect(toLogin).toHaveBeenCalledTimes(1);
    expect(seen.filter((s) => s.path === '/api/echo')).toHaveLength(0);
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

describe('download', () => {
  function spyOnSave() {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:test/1';
    });
    URL.revokeObjectURL = vi.fn();
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    return { created, clicks };
  }

  it('shows the no-url message when there is no url', async () => {
    await rejection(http.download(''));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(en['download.noUrl']);
    expect(seen).toHaveLength(0);
  });

  it.each(['https://evil.example/api/file', '//evil.example/api/file', '/files/x', '/api/../etc/passwd'])(
    'shows the bad-url message for %s and sends nothing',
    async (url) => {
      await rejection(http.download(url));
      expect(notify.error).toHaveBeenCalledExactlyOnceWith(en['download.badUrl']);
      expect(seen).toHaveLength(0);
    },
  );

  it.each(['/api/file-nameless', '/api/file-json', '/api/nowhere'])(
    'shows the no-information message for %s',
    async (url) => {
      const { clicks } = spyOnSave();
      await rejection(http.download(url, { id: 1 }));
      expect(notify.error).toHaveBeenCalledExactlyOnceWith(en['download.noInfo']);
      expect(clicks).toHaveLength(0);
    },
  );

  it('saves the file under the Content-Disposition name with the bearer token, then revokes the url', async () => {
    setToken('tok-d');
    const { created, clicks } = spyOnSave();
    await http.download('/api/file', { id: 1 });
    expect(seen[0]).toMatchObject({ method: 'POST', auth: 'Bearer tok-d' });
    expect(await created[0]?.text()).toBe('a,b\n1,2\n');
    expect(clicks).toEqual([{ href: 'blob:test/1', download: 'résumé.csv' }]);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('prefers the name the caller passes', async () => {
    const { clicks } = spyOnSave();
    await http.download('/api/file-nameless', undefined, 'data.bin');
    expect(clicks[0]?.download).toBe('data.bin');
  });
});

describe('blob (an image to show)', () => {
  it('fetches a same-origin /api path with the token', async () => {
    setToken('tok-b');
    const blob = await http.blob('/api/file');
    expect(await blob.text()).toBe('a,b\n1,2\n');
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/file', auth: 'Bearer tok-b' });
  });

  it.each(['https://evil.example/api/file', '//evil.example/api/file', '/files/x', '/api/../etc/passwd'])(
    'refuses %s before any request is made: the token never leaves the app',
    async (url) => {
      setToken('tok-b');
      await expect(http.blob(url)).rejects.toThrow();
      expect(seen).toHaveLength(0);
    },
  );
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
