import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { dictionaries, dictionaryItems } from '../../db/schema.ts';
import type { UserSql } from '../../db/user-sql.ts';
import type { Language } from '../../http/language.ts';
import { type Caller, checkSqlAuthor, INLINE_LIMIT, type Item, runSqlDictionary } from './dictionary.source.ts';

export type DictionaryData = { code: string; remote: boolean; items: Item[] };

const CACHE_MS = 60_000;

/**
 * Dictionaries by code for one tenant and language. Static ones are cached (60 s, and dropped at
 * once when a dictionary or item is written here); SQL ones depend on the caller, so they run each time.
 */
export function createDictionaryService(db: Db, userSql: UserSql) {
  const cache = new Map<string, { at: number; data: DictionaryData }>();
  const cacheKey = (tenantId: number, lang: Language, code: string) => `${tenantId}:${lang}:${code}`;

  async function staticItems(dictionaryId: number, lang: Language, filter?: { q?: string; values?: string[] }) {
    const conds = [eq(dictionaryItems.dictionaryId, dictionaryId), eq(dictionaryItems.enabled, true)];
    if (filter?.values) conds.push(inArray(dictionaryItems.value, filter.values));
    if (filter?.q)
      conds.push(
        sql`(${dictionaryItems.label} ilike ${containing(filter.q)} or ${dictionaryItems.labelZh} ilike ${containing(filter.q)})`,
      );
    const rows = await db
      .select({ value: dictionaryItems.value, label: dictionaryItems.label, labelZh: dictionaryItems.labelZh })
      .from(dictionaryItems)
      .where(and(...conds))
      .orderBy(asc(dictionaryItems.sort), asc(dictionaryItems.id))
      .limit(filter ? 50 : INLINE_LIMIT + 1);
    return rows.map((r) => ({ value: r.value, label: (lang === 'zh' && r.labelZh) || r.label }));
  }

  async function find(tenantId: number, codes: string[]) {
    if (codes.length === 0) return [];
    return db
      .select()
      .from(dictionaries)
      .where(
        and(eq(dictionaries.tenantId, tenantId), inArray(dictionaries.code, codes), eq(dictionaries.enabled, true)),
      );
  }

  return {
    /** Every dictionary a screen needs, in one call; unknown codes come back empty. */
    async many(caller: Caller, lang: Language, codes: string[]): Promise<DictionaryData[]> {
      const unique = [...new Set(codes)];
      const found = new Map((await find(caller.tenantId, unique)).map((d) => [d.code, d]));
      const out: DictionaryData[] = [];
      for (const code of unique) {
        const d = found.get(code);
        if (!d) {
          out.push({ code, remote: false, items: [] });
          continue;
        }
        const key = cacheKey(caller.tenantId, lang, code);
        const hit = cache.get(key);
        if (!d.sqlText && hit && Date.now() - hit.at < CACHE_MS) {
          out.push(hit.data);
          continue;
        }
        const items = d.sqlText ? await runSqlDictionary(userSql, d.sqlText, caller) : await staticItems(d.id, lang);
        const data = items.length > INLINE_LIMIT ? { code, remote: true, items: [] } : { code, remote: false, items };
        if (!d.sqlText) cache.set(key, { at: Date.now(), data });
        out.push(data);
      }
      return out;
    },

    /** Search a (large) dictionary by text, or translate given values. */
    async search(caller: Caller, lang: Language, code: string, q: string, values: string[]): Promise<Item[]> {
      const [d] = await find(caller.tenantId, [code]);
      if (!d) return [];
      const filter = values.length ? { values } : { q };
      if (!d.sqlText) return staticItems(d.id, lang, filter);
      const outer = values.length
        ? sql`d.value::text in (${sql.join(
            values.map((v) => sql`${v}`),
            sql`, `,
          )})`
        : sql`d.label::text ilike ${containing(q)}`;
      return runSqlDictionary(userSql, d.sqlText, caller, outer, 50);
    },

    /** Tries an admin's SQL before it is saved: who may write it, and that it runs (one row). */
    async trySql(caller: Caller, text: string) {
      await checkSqlAuthor(db, userSql, caller);
      await runSqlDictionary(userSql, text, caller, undefined, 1);
    },

    invalidate(tenantId: number) {
      for (const key of cache.keys()) if (key.startsWith(`${tenantId}:`)) cache.delete(key);
    },
  };
}

export type DictionaryService = ReturnType<typeof createDictionaryService>;
