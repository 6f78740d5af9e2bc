import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './seed/seed.ts';

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  appUrl: config.appDatabaseUrl,
  dataDir: `${config.dataDir}/pglite`,
  secret: config.tokenSecret,
  secretFile: `${config.dataDir}/token-secret`,
  log: { error: (obj, msg) => console.error(msg, obj), warn: (obj, msg) => console.warn(msg, obj) },
});
await database.migrate();
await seed(database.db, { demo: config.seedDemo });
const app = await buildApp({ config, database });

let closing = false;
/**
 * Drains, then stops: the listening socket closes at once (new connections are refused), the requests in
 * flight run to their answer, and only when the last connection is gone (app.close, whose onClose hooks
 * also wait for the request log's writes and background jobs) is the pool ended. A client that keeps a
 * connection busy past the grace period has it cut, so a stop never hangs.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const cut = setTimeout(() => {
    app.log.warn('shutdown grace period over: closing the connections left');
    app.server.closeAllConnections();
  }, config.shutdownGraceSeconds * 1000);
  try {
    await app.close();
  } finally {
    clearTimeout(cut);
    await database.close();
  }
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Trestle on http://localhost:${config.port} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL server'})`,
);
