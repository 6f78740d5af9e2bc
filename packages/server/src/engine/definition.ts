import type { EntityMeta } from '@trestle/shared';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { AuthContext } from '../http/auth.ts';
import type { Language } from '../http/language.ts';

export type Row = Record<string, unknown>;

/** What a hook gets: the caller, and the transaction the write runs in (a hook's own writes commit or roll back with it). */
export type HookContext = { auth: AuthContext; tx: Db };

/**
 * Server-side behaviour of an entity. A `before*` hook aborts the whole action by throwing
 * `abort(message)` (422, nothing written); an `after*` hook runs inside the same transaction.
 */
export type Hooks = {
  /**
   * Checks of a row to add or update (and of each imported row) that run before the write's
   * transaction opens: slow work, or work on another connection (trying an admin's SQL), must not
   * hold a transaction, and on the embedded database could not run while one is open.
   */
  precheck?(ctx: { auth: AuthContext }, row: Row): Promise<void> | void;
  beforeAdd?(ctx: HookContext, row: Row): Promise<void> | void;
  afterAdd?(ctx: HookContext, row: Row): Promise<void> | void;
  beforeUpdate?(ctx: HookContext, next: Row, before: Row): Promise<void> | void;
  afterUpdate?(ctx: HookContext, next: Row, before: Row): Promise<void> | void;
  beforeDel?(ctx: HookContext, row: Row): Promise<void> | void;
  afterDel?(ctx: HookContext, row: Row): Promise<void> | void;
  /** Submitting for approval: the place for the checks a document must pass before anyone approves it. */
  beforeSubmit?(ctx: HookContext, row: Row): Promise<void> | void;
  beforeAudit?(ctx: HookContext, row: Row, status: 1 | 2, reason: string): Promise<void> | void;
  afterAudit?(ctx: HookContext, row: Row, status: 1 | 2, reason: string): Promise<void> | void;
  beforeImport?(ctx: HookContext, rows: Row[]): Promise<void> | void;
};

export type EntityDefinition = {
  meta: EntityMeta;
  hooks?: Hooks;
  /** An extra condition on every read and write path, on the row alias `t`. */
  filter?(auth: AuthContext): SQL;
  /** Drawn in the table designer: served by the engine's `/api/:entity/…` routes, not routes of its own. */
  designed?: true;
  /** Detail entities are edited through their master only: no routes of their own. */
  detailOnly?: boolean;
  /**
   * With `audit`: the fields an approved document may still change (its lifecycle status, actual
   * dates). Everything else, details included, changes only through the entity's amendment path.
   */
  editableWhenApproved?: readonly string[];
  /**
   * A row as a reader in `lang` sees it, for values stored language-neutral and worded on read (a
   * warning's title from its rule and values). Applied to every page and export row, never to writes.
   */
  present?(row: Row, lang: Language): Row;
};
