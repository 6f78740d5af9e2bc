import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real server started as a process of its own: the suite's, and the ones a spec needs on other settings. */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ServerProcess = { url: string; stop: () => Promise<void> };

export type ServerOptions = {
  /** Over this process's environment; a key set to undefined is left out (DATABASE_URL: PGlite then). */
  env: NodeJS.ProcessEnv;
  /** How long it may take to answer /api/ready. */
  seconds: number;
  /** Where its output goes; a function receives it as it comes (a spec reading what the server prints). */
  output?: 'inherit' | 'ignore' | ((text: string) => void);
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts packages/server on a free port of 127.0.0.1 and waits until it is ready. */
export async function startServer({ env, seconds, output = 'inherit' }: ServerOptions): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...env,
  };
  for (const [key, value] of Object.entries(merged)) if (value === undefined) delete merged[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: merged,
    stdio: ['ignore', typeof output === 'function' ? 'pipe' : output, output === 'ignore' ? 'ignore' : 'inherit'],
  });
  if (typeof output === 'function') child.stdout?.on('data', (chunk: Buffer) => output(chunk.toString()));
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; i < seconds * 4; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop };
    await new Promise((r) => setTimeout(r, 250));
  }
  await stop();
  throw new Error(`the server did not get ready within ${seconds} s`);
}
