import { type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { queryRows } from '../db/client.ts';
import { allowSelfApproval, bearer, body, type TestApp } from './helper.ts';

/**
 * What the tests of a feature's documents share: calls as a user (`token` unless given), fresh codes,
 * reads of the rows, and a document taken through approval.
 */
export function documentClient(t: TestApp, token: string) {
  let serial = 0;
  const next = (prefix: string) => `${prefix}-T${Date.now() % 100_000}-${++serial}`;

  const post = (url: string, payload: unknown, as = token) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(as) });

  const ok = (res: LightMyRequestResponse) => {
    if (res.statusCode !== 200) throw new Error(`${res.statusCode}: ${res.body}`);
    return body(res).data as { key: number };
  };

  const one = async <T>(query: SQL) => {
    const [row] = await queryRows<T>(t.database.db, query);
    if (!row) throw new Error('no row');
    return row;
  };

  const version = async (table: string, id: number) =>
    (await one<{ version: number }>(sql`select version from ${sql.identifier(table)} where id = ${id}`)).version;

  /** Submits and approves a document as the client's user, who may approve what it submits. */
  const approve = async (entity: string, key: number) => {
    await allowSelfApproval(t.app, token);
    ok(await post(`/api/${entity}/submit`, { keys: [key] }));
    ok(await post(`/api/${entity}/audit`, { keys: [key], status: 1, reason: '' }));
  };

  return { next, post, ok, one, version, approve };
}
