import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

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

export async function load(
  url: string,
  opts: { connections: number; seconds: number; body?: string; headers?: Record<string, string> },
): Promise<Load> {
  const result = await autocannon({
    url,
    method: opts.body ? 'POST' : 'GET',
    body: opts.body,
    headers: { 'content-type': 'application/json', ...opts.headers },
    connections: opts.connections,
    duration: opts.seconds,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
