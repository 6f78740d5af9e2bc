import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server started as a process of its own, the way the browser tests, the benchmarks and the
 * shutdown and fault tests need it: a crash is an exit they see, not their own. It runs the TypeScript
 * (packages/server/src/main.ts) or, with `compiled`, the build `npm start` runs (packages/server/dist/main.js,
 * made by `npm run build`).
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Node's arguments as `npm start` gives them (the root start script's last command: its flags and the
 * build), so that what the tests and the benchmarks run is what an install runs.
 */
function startArguments(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = (pkg.scripts.start.split('&&').at(-1) ?? '').trim().split(/\s+/);
  if (command !== 'node') throw new Error(`npm start must end by running node: ${pkg.scripts.start}`);
  return args;
}

export type ChildServer = {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:<port> */
  base: string;
  /** What the process printed, when its output is piped: the last 20,000 characters. */
  output(): string;
  /** SIGTERM, then waits for the exit (at once when it has exited already). */
  stop(): Promise<void>;
};

export type ChildServerOptions = {
  /** Over this process's environment, after PORT and HOST; a key set to undefined is left out. */
  env: NodeJS.ProcessEnv;
  /** How long it may take to answer /api/ready (migrations and the demo seed on a fresh database). */
  seconds: number;
  /** stdin, stdout, stderr as `spawn` takes them; piped output is kept for `output()` and given to `onOutput`. */
  stdio?: StdioOptions;
  onOutput?: (text: string) => void;
  /** Run the build (dist/main.js) with plain node, as `npm start` does; it must have been built. */
  compiled?: boolean;
};

/** A port of 127.0.0.1 that nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/** Starts the server on a free port and waits until it answers /api/ready; stops it if it never does. */
export async function startChildServer({
  env,
  seconds,
  stdio = ['ignore', 'pipe', 'pipe'],
  onOutput,
  compiled = false,
}: ChildServerOptions): Promise<ChildServer> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const merged: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const build = path.join(repoRoot, 'packages/server/dist/main.js');
  if (compiled && !existsSync(build)) throw new Error('no server build: run npm run build first');
  const args = compiled ? startArguments() : ['--import', 'tsx', 'packages/server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: merged,
    stdio,
  });
  let printed = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    printed = (printed + text).slice(-20_000);
    onOutput?.(text);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (exited()) return;
    const gone = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await gone;
  };
  const server: ChildServer = { child, port, base, output: () => printed, stop };

  for (let i = 0; i < seconds * 4; i++) {
    if (exited()) throw new Error(`the server exited with ${child.exitCode ?? child.signalCode}:\n${printed}`);
    const ready = await fetch(`${base}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the server did not get ready within ${seconds} s:\n${printed}`);
}
