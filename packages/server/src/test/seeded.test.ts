import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import { openSeeded } from './seeded.ts';

/**
 * Test files start from copies of one seeded database. Each copy must be an install of its own: login
 * roles are named after the installation key and belong to the whole server, so two copies sharing a
 * key would share, and on closing drop, each other's roles.
 */
let copies: Awaited<ReturnType<typeof openSeeded>>[] = [];
beforeAll(async () => {
  copies = [
    await openSeeded('demo', { secret: randomBytes(32) }),
    await openSeeded('demo', { secret: randomBytes(32) }),
  ];
});
afterAll(async () => {
  for (const { database, server } of copies) {
    await database.close();
    await server?.drop();
  }
});

const keyOf = async (i: number) => {
  const db = copies[i]?.database.db;
  if (!db) throw new Error('no copy');
  return (await queryRows<{ key: string }>(db, sql`select key from installation`))[0]?.key;
};

describe('copies of the seeded database', () => {
  it('each have their own installation key', async () => {
    const [a, b] = [await keyOf(0), await keyOf(1)];
    expect(a).toMatch(/^[0-9a-f]{10}$/);
    expect(b).toMatch(/^[0-9a-f]{10}$/);
    expect(a).not.toBe(b);
  });

  it('hold the demo seed and do not share writes', async () => {
    const [one, two] = copies.map((c) => c.database.db);
    if (!one || !two) throw new Error('no copy');
    const count = async (db: typeof one) =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from tenants`))[0]?.n;
    expect(await count(one)).toBe(1);
    await one.execute(sql`insert into tenants (code, name) values ('copy-only', 'Copy only')`);
    expect(await count(one)).toBe(2);
    expect(await count(two)).toBe(1);
    const [pm] = await queryRows<{ n: number }>(two, sql`select count(*)::int as n from users where user_key = 'pm'`);
    expect(pm?.n).toBe(1);
  });
});
