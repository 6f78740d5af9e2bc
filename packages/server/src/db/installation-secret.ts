import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from './client.ts';

/**
 * The install's secret when TOKEN_SECRET is not given: it signs tokens, derives the passwords of the logins
 * the install makes for itself and seals data-source passwords. It lives in the database (migration 0028),
 * so every app node on one database signs and checks alike whatever its DATA_DIR. The first node to ask
 * draws it; a secret drawn before it lived there (`legacyFile`, DATA_DIR/token-secret) is taken over, so
 * signed-in sessions and sealed passwords outlive the upgrade.
 */
export async function installationSecret(owner: Db, legacyFile?: string): Promise<Uint8Array> {
  const legacy = legacyFile && existsSync(legacyFile) ? readFileSync(legacyFile, 'utf8').trim() : '';
  const drawn = legacy || randomBytes(48).toString('base64url');
  // Two nodes starting at once: the second update waits on the first one's row lock, then finds it set.
  await owner.execute(sql`update installation set secret = ${drawn} where secret is null`);
  const [row] = await queryRows<{ secret: string | null }>(owner, sql`select secret from installation`);
  if (!row?.secret) throw new Error('this database has no installation row (migration 0017)');
  return new TextEncoder().encode(row.secret);
}
