import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startChildServer } from '../packages/server/src/test/child-server.ts';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Starts a TypeScript entry as a child process and waits for "LISTENING <port>" or the server's ready URL. */
export async function startProcess(entry: string, env: NodeJS.ProcessEnv, ready: (line: string) => number | null) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      for (const line of buffer.split('\n')) {
        const p = ready(line);
        if (p) resolve(p);
      }
    });
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
    setTimeout(() => reject(new Error(`${entry} did not start in 120 s`)), 120_000);
  });
  return { child, port };
}

/** Every child this run started, stopped when it ends however it ends. */
const children: ChildProcess[] = [];
process.on('exit', () => {
  for (const c of children) c.kill('SIGTERM');
});
export const adopt = (child: ChildProcess) => children.push(child);

export type Trestle = { base: string; token: string; pid: number; child: ChildProcess; startedAt: number };

/** Signs in and answers the access token. */
export async function login(base: string, userName: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The real server as `npm start` runs it (the build, dist/main.js) on a free port, every check on, signed in as admin. */
export async function startTrestle(databaseUrl: string): Promise<Trestle> {
  const server = await startChildServer({
    env: {
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'trestle-bench-')),
      LOG_LEVEL: 'warn',
    },
    seconds: 120,
    stdio: 'inherit',
    compiled: true,
  });
  adopt(server.child);
  const token = await login(server.base, 'admin', 'Admin@2026');
  // The spawned Node process is the server itself, so its pid is the server's.
  return { base: server.base, token, pid: server.child.pid ?? 0, child: server.child, startedAt: Date.now() };
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Peak resident memory of a process so far (VmHWM), in MB. */
export function peakRssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

export type Load = { requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };

/** Slow requests answer a few times a second or less: keep two decimals there. */
const rate = (perSecond: number) => (perSecond >= 100 ? Math.round(perSecond) : Math.round(perSecond * 100) / 100);

export async function load(
  url: string,
  opts: {
    connections: number;
    seconds: number;
    body?: string;
    headers?: Record<string, string>;
    /** Seconds before a request counts as an error (autocannon's default is 10). */
    timeout?: number;
  },
): Promise<Load> {
  const result = await autocannon({
    url,
    method: opts.body ? 'POST' : 'GET',
    body: opts.body,
    headers: { 'content-type': 'application/json', ...opts.headers },
    connections: opts.connections,
    duration: opts.seconds,
    timeout: opts.timeout ?? 10,
  });
  return {
    requestsPerSecond: rate(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
