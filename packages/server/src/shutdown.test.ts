import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildServer } from './test/child-server.ts';
import { serverDatabase } from './test/helper.ts';

/**
 * The real server as a child process under load, stopped with SIGTERM: every request it accepted gets its
 * answer (2xx), every later one is refused at the door (no connection), none fails half-way with a 500.
 */

type Outcome = { status: number; body: string; at: number } | { error: string; at: number };

/** One POST on a connection of its own (no keep-alive), so a refusal means the server never took it. */
function post(port: number, url: string, payload: unknown, token = ''): Promise<Outcome> {
  const data = JSON.stringify(payload);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: url,
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          connection: 'close',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, at: Date.now() }));
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message, at: Date.now() }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message, at: Date.now() }));
    req.end(data);
  });
}

let child: ChildProcess;
let port: number;
let dataDir: string;
let output = '';
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'trestle-shutdown-'));
  const env: NodeJS.ProcessEnv = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TOKEN_SECRET: randomBytes(32).toString('hex'),
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST: path.join(dataDir, 'no-web'),
  };
  // The CI's second pass: a database of its own on the PostgreSQL server, so the pool is pg's.
  if (process.env.DATABASE_URL) {
    const server = await serverDatabase(process.env.DATABASE_URL);
    env.DATABASE_URL = server.url;
    env.APP_DATABASE_URL = server.appUrl;
    dropDatabase = () => server.drop();
  }
  // Migrations and the demo seed on a fresh database: slow on a busy machine.
  const server = await startChildServer({
    env,
    seconds: 150,
    onOutput: (text) => {
      output += text;
    },
  });
  child = server.child;
  port = server.port;
}, 180_000);

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('SIGTERM drains the server', () => {
  it('answers every request it accepted with 2xx, refuses the later ones, and ends the pool last', async () => {
    const login = await post(port, '/api/user/login', { userName: 'admin', password: 'Admin@2026' });
    if (!('status' in login) || login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login)}`);
    const token = (JSON.parse(login.body) as { data: { token: string } }).data.token;

    const outcomes: Outcome[] = [];
    let stopped = false;
    // Database work in every request: a page of projects with its count and summary.
    const page = { page: 1, rows: 30, exactTotal: true };
    const worker = async () => {
      while (!stopped) {
        const o = await post(port, '/api/ProjectInformation/getPageData', page, token);
        outcomes.push(o);
        if ('error' in o) stopped = true;
      }
    };
    const workers = Array.from({ length: 8 }, worker);
    // Under way: the server has answered a few rounds and eight requests are in flight.
    while (outcomes.length < 24) await new Promise((r) => setTimeout(r, 20));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    await Promise.all(workers);
    const code = await exited;

    const answered = outcomes.filter((o): o is Extract<Outcome, { status: number }> => 'status' in o);
    const failed = answered.filter((o) => o.status < 200 || o.status >= 300);
    const refused = outcomes.filter((o): o is Extract<Outcome, { error: string }> => 'error' in o);
    expect(failed.map((o) => `${o.status} ${o.body.slice(0, 200)}`)).toEqual([]);
    // Refused: the listening socket was closed (ECONNREFUSED), or closed with the connection still in its
    // backlog, never accepted (ECONNRESET before a byte of the request was read).
    expect(refused.map((o) => o.error).filter((e) => e !== 'ECONNREFUSED' && e !== 'ECONNRESET')).toEqual([]);
    expect(answered.length).toBeGreaterThanOrEqual(24);
    // Requests in flight when the signal came still got their answer.
    expect(answered.some((o) => o.at >= signalledAt)).toBe(true);
    expect(code).toBe(0);
    expect(output).not.toMatch(/Cannot use a pool|request log write failed|request failed/);
  }, 120_000);
});
