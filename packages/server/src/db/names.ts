import type { Lang as Language } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A name as a reader in `lang` sees it, in SQL: the Chinese column when it is filled, else the English
 * one. Roles, organisations, menus, buttons and dictionary items all store the two side by side.
 */
export const nameIn = (lang: Language, en: AnyPgColumn | SQL, zh: AnyPgColumn | SQL): SQL<string> =>
  lang === 'zh' ? sql<string>`coalesce(nullif(${zh}, ''), ${en})` : sql<string>`${en}`;

/** The same in JavaScript, for rows already read. */
export const pickName = (lang: Language, en: string, zh: string | null | undefined): string =>
  lang === 'zh' && zh ? zh : en;
