import { startChildServer } from '../packages/server/src/test/child-server.ts';

/** The real server started as a process of its own: the suite's, and the ones a spec needs on other settings. */

export type ServerProcess = { url: string; stop: () => Promise<void> };

export type ServerOptions = {
  /** Over this process's environment; a key set to undefined is left out (DATABASE_URL: PGlite then). */
  env: NodeJS.ProcessEnv;
  /** How long it may take to answer /api/ready. */
  seconds: number;
  /** Where its output goes; a function receives it as it comes (a spec reading what the server prints). */
  output?: 'inherit' | 'ignore' | ((text: string) => void);
};

/** Starts packages/server, as built for `npm start`, on a free port of 127.0.0.1 and waits until it is ready. */
export async function startServer({ env, seconds, output = 'inherit' }: ServerOptions): Promise<ServerProcess> {
  const reader = typeof output === 'function';
  const server = await startChildServer({
    env: { LOG_LEVEL: 'warn', ...env },
    seconds,
    compiled: true,
    stdio: ['ignore', reader ? 'pipe' : output, output === 'ignore' ? 'ignore' : 'inherit'],
    ...(reader && { onOutput: output }),
  });
  return { url: server.base, stop: server.stop };
}
