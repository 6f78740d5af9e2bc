import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { startServer } from './server-process.ts';

/**
 * A table another application made in the database before Trestle ran on it: what "Bring a table in" finds
 * (no API makes one: the platform makes only its own tables). Written before the server opens the database.
 */
async function legacyTable(dataDir: string) {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  await db.exec(`CREATE TABLE legacy_assets (id serial PRIMARY KEY, asset_tag varchar(20) NOT NULL UNIQUE,
      name text, bought_on date, price numeric(10, 2), spot point);
    INSERT INTO legacy_assets (id, asset_tag, name, bought_on, price) VALUES
      (1, 'A-1', 'Drill', '2024-02-29', 120.50), (2, 'A-2', 'Saw', NULL, NULL), (7, 'A-7', 'Ladder', '2025-06-30', 89.00);`);
  await db.close();
}

/**
 * The real server on the production build (packages/web/dist, built by `npm run test:e2e`),
 * with a fresh PGlite directory and the demo seed, on a free port.
 */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trestle-e2e-'));
  await legacyTable(dataDir);
  const server = await startServer({
    env: {
      DATA_DIR: dataDir,
      // Every test signs in through the form from 127.0.0.1; the default 30 a minute would answer 429 mid-suite.
      LOGIN_RATE_LIMIT_PER_MINUTE: '1000',
      // The data-source tests connect to this machine's PostgreSQL by the name localhost.
      DATASOURCE_ALLOWED_HOSTS: 'localhost',
      // Browser tests always run on a fresh embedded database, whatever the shell points at.
      DATABASE_URL: undefined,
    },
    seconds: 90,
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_DATA_DIR = dataDir;
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
