import { createHash } from 'node:crypto';
import type { Database } from '../../db/client.ts';
import { WRITES_CHANNEL } from '../../engine/written.ts';

/**
 * Chart results kept in this process, per statement: its text and parameters (which carry the tenant, the
 * viewer's data scope and run filters), the reader's language, and the generation of every table it reads.
 * A write of a table moves that table's generation for its tenant, here at once (the engine's write paths
 * tell `written` after they commit) and on the other app nodes through NOTIFY on the writes' channel, so a
 * result over the old rows is never asked for again; it ages out of the LRU. Results are kept only while the
 * node listens: a lost connection could miss a write, so everything kept is dropped then, and again once
 * listening resumes.
 */

/** A table name standing for every table of the tenant: an admin's SELECT may read any of them. */
export const ANY_TABLE = '*';

export type BiCache = {
  /** Once listening (the first result may be kept from then on). */
  ready: Promise<void>;
  /** After a committed write of `tenantId`: its results over `tables` (and over any table) are out of date. */
  written(tenantId: number, tables: readonly string[]): void;
  /** The key of a result over `tables`, at their generations now; null while results can't be kept. */
  keyOf(tenantId: number, tables: readonly string[], statement: unknown): string | null;
  /** A result kept under `key` less than `seconds` ago (each chart says how old an answer it takes). */
  get<T>(key: string, seconds: number): T | undefined;
  /** Keeps `value` for `seconds` (0: not at all). */
  set(key: string, value: unknown, seconds: number): void;
};

type Entry = { value: unknown; at: number; until: number };

export function createBiCache(opts: {
  listen?: Database['listen'] | undefined;
  /** Results kept at most; the least recently used go first. */
  max?: number;
  now?: () => number;
}): BiCache {
  const max = opts.max ?? 500;
  const now = opts.now ?? Date.now;
  const generations = new Map<string, number>();
  const entries = new Map<string, Entry>();
  let live = false;
  /** Moved whenever listening stops or starts again: nothing kept before then is found again. */
  let epoch = 0;

  const bump = (key: string) => generations.set(key, (generations.get(key) ?? 0) + 1);
  const written = (tenantId: number, tables: readonly string[]) => {
    for (const table of tables) bump(`${tenantId}:${table}`);
    bump(`${tenantId}:${ANY_TABLE}`);
  };
  const ready = opts.listen
    ? opts.listen(
        WRITES_CHANNEL,
        (payload) => {
          const m = /^(\d+):([a-z_][a-z0-9_]*)$/.exec(payload);
          if (m) written(Number(m[1]), [m[2] as string]);
        },
        (listening) => {
          live = listening;
          epoch++;
          entries.clear();
        },
      )
    : Promise.resolve();

  return {
    ready,
    written,
    keyOf(tenantId, tables, statement) {
      if (!live) return null;
      const seen = [...new Set(tables)].sort().map((t) => [t, generations.get(`${tenantId}:${t}`) ?? 0]);
      return createHash('sha256')
        .update(JSON.stringify([epoch, tenantId, seen, statement]))
        .digest('base64url');
    },
    get<T>(key: string, seconds: number): T | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      const at = now();
      if (entry.until <= at) {
        entries.delete(key);
        return undefined;
      }
      if (at - entry.at >= seconds * 1000) return undefined;
      entries.delete(key);
      // Put back last: the most recently used are at the end of the map's order.
      entries.set(key, entry);
      return entry.value as T;
    },
    set(key, value, seconds) {
      if (seconds <= 0) return;
      entries.delete(key);
      const at = now();
      entries.set(key, { value, at, until: at + seconds * 1000 });
      while (entries.size > max) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
  };
}
