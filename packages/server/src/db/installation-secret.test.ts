import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeeded } from '../test/seeded.ts';
import type { Database } from './client.ts';
import { installationSecret } from './installation-secret.ts';

let database: Database;
let drop: (() => Promise<void>) | undefined;
const dir = mkdtempSync(path.join(tmpdir(), 'trestle-secret-'));
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

beforeAll(async () => {
  const opened = await openSeeded('bare', { secret: undefined });
  database = opened.database;
  const { server } = opened;
  drop = server ? () => server.drop() : undefined;
});
afterAll(async () => {
  await database.close();
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
});

describe("the install's secret, kept in the database", () => {
  it('takes over the secret an older install drew into DATA_DIR, so its sessions and sealed passwords hold', async () => {
    const file = path.join(dir, 'token-secret');
    writeFileSync(file, 'an-older-install-drew-this-secret-into-its-data-dir\n');
    expect(text(await installationSecret(database.db, file))).toBe(
      'an-older-install-drew-this-secret-into-its-data-dir',
    );
    // Drawn once: a later start, with another file or none, finds it.
    writeFileSync(file, 'another-node-with-another-file-of-its-own-xxxxxxxx');
    expect(text(await installationSecret(database.db, file))).toBe(
      'an-older-install-drew-this-secret-into-its-data-dir',
    );
    expect(text(await database.secret())).toBe('an-older-install-drew-this-secret-into-its-data-dir');
  });

  it('draws a long random one when there is none, the same for every node asking at once', async () => {
    await database.db.execute(sql`update installation set secret = null`);
    const drawn = await Promise.all([1, 2, 3].map(() => installationSecret(database.db)));
    const [first] = drawn.map(text);
    expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(new Set(drawn.map(text)).size).toBe(1);
  });
});
