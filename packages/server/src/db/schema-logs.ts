import { bigserial, index, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { clientColumns, stamp, tenantId } from './schema.ts';

/** One row per API request (health probes and static files excepted); never bodies, tokens or query strings. */
export const requestLog = pgTable(
  'request_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantId(),
    /** No foreign key: a log row outlives the user it names. */
    userId: integer('user_id'),
    method: varchar('method', { length: 10 }).notNull(),
    path: varchar('path', { length: 500 }).notNull(),
    status: smallint('status').notNull(),
    durationMs: integer('duration_ms').notNull(),
    ...clientColumns(),
    at: stamp('at').notNull(),
  },
  (t) => [
    index('request_log_tenant_at').on(t.tenantId, t.at),
    index('request_log_tenant_user').on(t.tenantId, t.userId, t.at),
    index('request_log_tenant_status').on(t.tenantId, t.status, t.at),
    index('request_log_tenant_method').on(t.tenantId, t.method, t.at),
    index('request_log_at').on(t.at),
  ],
);

export const SIGN_IN_OUTCOMES = ['success', 'failure', 'locked'] as const;
export type SignInOutcome = (typeof SIGN_IN_OUTCOMES)[number];

/**
 * Every sign-in attempt that reached the check: success, failure (a wrong password and an unknown name
 * alike) or locked (the 423). The tenant is the named user's, or the default tenant for a name no user has.
 */
export const signInLog = pgTable(
  'sign_in_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: tenantId(),
    userName: varchar('user_name', { length: 100 }).notNull(),
    outcome: varchar('outcome', { length: 10 }).$type<SignInOutcome>().notNull(),
    ...clientColumns(),
    at: stamp('at').notNull(),
  },
  (t) => [
    index('sign_in_log_tenant_at').on(t.tenantId, t.at),
    index('sign_in_log_tenant_outcome').on(t.tenantId, t.outcome, t.at),
    index('sign_in_log_tenant_user').on(t.tenantId, t.userName, t.at),
    index('sign_in_log_at').on(t.at),
  ],
);
