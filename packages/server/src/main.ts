import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seed } from './db/seed.ts';

const config = loadConfig();
const database = await openDatabase({
  url: config.databaseUrl,
  appUrl: config.appDatabaseUrl,
  dataDir: `${config.dataDir}/pglite`,
  secret: config.tokenSecret,
  log: { error: (obj, msg) => console.error(msg, obj), warn: (obj, msg) => console.warn(msg, obj) },
});
await database.migrate();
await seed(database.db, { demo: config.seedDemo });
const app = await buildApp({ config, database });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Stop taking requests, let those in flight finish, then close the database.
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Trestle on http://localhost:${config.port} (${database.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL server'})`,
);
