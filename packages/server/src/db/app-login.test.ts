import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSeeded, type serverDatabase } from '../test/seeded.ts';
import { APP_ROLE, type Database, queryRows } from './client.ts';
import { withTenant } from './tenant.ts';

/**
 * How requests reach the database when only DATABASE_URL is given (npm start on a server): they log
 * in as this install's own member of trestle_app, never through SET ROLE on the owner's superuser login,
 * which a statement could switch back. On PGlite, one superuser session, set_config is the app role's
 * alone, so nothing else switched to with SET ROLE can switch back.
 */
let database: Database;
let server: Awaited<ReturnType<typeof serverDatabase>> | undefined;

beforeAll(async () => {
  // No appUrl: the case of `npm start` with DATABASE_URL alone.
  ({ database, server } = await openSeeded('bare', { secret: randomBytes(32), ownAppLogin: true }));
});
afterAll(async () => {
  const [row] = await queryRows<{ key: string }>(database.db, sql`select key from installation`);
  const roles = [`${APP_ROLE}_${row?.key}`, ...(await database.userSql.roleNames())];
  await database.close();
  await server?.drop(roles);
});

describe("requests' database login", () => {
  it('is trestle_app or its member, never a superuser, and cannot switch to the owner', async () => {
    const [who] = await withTenant(1, () =>
      queryRows<{ session: string; current: string; sup: boolean; member: boolean }>(
        database.app,
        sql`select session_user::text as session, current_user::text as current,
              (select rolsuper from pg_roles where rolname = session_user) as sup,
              pg_has_role(current_user, ${APP_ROLE}, 'member') as member`,
      ),
    );
    expect(who?.member).toBe(true);
    if (database.kind === 'postgres') {
      const [row] = await queryRows<{ key: string }>(database.db, sql`select key from installation`);
      expect(who).toMatchObject({ session: `${APP_ROLE}_${row?.key}`, current: `${APP_ROLE}_${row?.key}` });
      expect(who?.sup).toBe(false);
      const switchBack = withTenant(1, () =>
        queryRows(database.app, sql`select set_config('role', 'postgres', true) as r, current_user`),
      );
      await expect(switchBack).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/permission denied/) },
      });
    } else {
      // One superuser session: the app switches to trestle_app per transaction (ADR 0003).
      expect(who).toMatchObject({ session: 'postgres', current: APP_ROLE, sup: true });
      const [grants] = await queryRows<{ app: boolean; sql: boolean }>(
        database.db,
        sql`select has_function_privilege(${APP_ROLE}, 'pg_catalog.set_config(text,text,boolean)', 'execute') as app,
                   has_function_privilege('trestle_sql', 'pg_catalog.set_config(text,text,boolean)', 'execute') as sql`,
      );
      expect(grants).toEqual({ app: true, sql: false });
    }
  });
});
