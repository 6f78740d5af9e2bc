import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, vi } from 'vitest';
import { dropSetupCode } from '../setup-code.ts';
import { clearToken } from '../token.ts';
import { httpMessages } from './messages.ts';
import { configureHttp, setHttpBase } from './transport.ts';

// A real HTTP server: the client is exercised through Node's fetch and jsdom's XMLHttpRequest, not a mock.
type Seen = {
  method: string;
  path: string;
  auth: string | undefined;
  lang: string | undefined;
  setupCode: string | undefined;
};
export const seen: Seen[] = [];
/** What the fake server counts and how it should answer the next replaceToken. */
export const fake = { replaceCalls: 0, replaceFails: false };

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
      fake.replaceCalls += 1;
      // Slow enough that the concurrent callers overlap with it.
      setTimeout(
        () => (fake.replaceFails ? send(res, 401, err('invalid', 'no')) : send(res, 200, ok('new-token'))),
        60,
      );
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
export const notify = { info: vi.fn<(m: string) => void>(), error: vi.fn<(m: string) => void>() };
export const toLogin = vi.fn<() => void>();

/** Starts the fake server for the calling test file and resets it, the token and the UI spies before each test. */
export function startFakeServer(): void {
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
    fake.replaceCalls = 0;
    fake.replaceFails = false;
    notify.info.mockReset();
    notify.error.mockReset();
    toLogin.mockReset();
    clearToken();
    dropSetupCode();
    setHttpBase(origin);
    configureHttp({ notify, toLogin, language: () => 'zh-CN' });
  });
}

export const en = httpMessages.en;
export const rejection = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
