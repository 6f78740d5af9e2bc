import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import type { Config } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import type { TestApp } from './helper.ts';

export type OtherNode = { app: FastifyInstance; config: Config; close(): Promise<void> };

/**
 * Another app node on the test app's database, as a second process behind a load balancer would be: on the
 * server with connections (pools, listener) of its own, embedded on the same one; with a DATA_DIR of its
 * own, the test app's settings otherwise, and `config` over them.
 */
export async function otherNode(
  t: TestApp,
  config: Partial<Config> = {},
  /** What the node is given instead of its database (one that watches a call, say); closed as the database. */
  wrap: (database: Database) => Database = (database) => database,
): Promise<OtherNode> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trestle-node-'));
  const merged: Config = { ...t.config, dataDir, ...config };
  let database: Database = t.database;
  if (t.server) {
    database = await openDatabase({
      url: t.server.url,
      appUrl: t.server.appUrl,
      dataDir: 'memory://',
      log: { error: () => {} },
      secret: merged.tokenSecret,
    });
  }
  const app = await buildApp({ config: merged, database: wrap(database), now: t.clock.now });
  await app.ready();
  return {
    app,
    config: merged,
    close: async () => {
      await app.close();
      if (database !== t.database) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
