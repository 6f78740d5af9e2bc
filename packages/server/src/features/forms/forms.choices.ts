import type { DesignerDictionary, DesignerOrganization, DesignerRole, FormDesign, FormField } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Language } from '../../http/language.ts';

/** The most items a public form carries inline per dictionary field (a larger list belongs in a search). */
const INLINE_ITEMS = 500;

const named = (lang: Language) => (lang === 'zh' ? sql`coalesce(nullif(name_zh, ''), name)` : sql`name`);

/**
 * The designer's pick lists, each of the caller's tenant and read under the designer's own grant: choosing
 * who may fill a form or which dictionary a field takes must not need the Roles or Dictionary screens.
 */
export const designerRoles = (db: Db, tenantId: number, lang: Language) =>
  queryRows<DesignerRole>(
    db,
    sql`select id, ${named(lang)} as name from roles where tenant_id = ${tenantId} and enabled order by id`,
  );

export const designerDictionaries = (db: Db, tenantId: number) =>
  queryRows<DesignerDictionary>(
    db,
    sql`select code, name from dictionaries where tenant_id = ${tenantId} and enabled order by sort nulls last, code`,
  );

export const designerOrganizations = (db: Db, tenantId: number, lang: Language) =>
  queryRows<DesignerOrganization>(
    db,
    sql`select id, ${named(lang)} as name, parent_id as "parentId" from organizations
        where tenant_id = ${tenantId} order by sort, id`,
  );

const choice = (f: FormField) => (f.type === 'dict' || f.type === 'dictMulti') && !!f.dictionary && !f.options;

/**
 * The design with each dictionary field's choices written in as its own options, in both languages: a public
 * link's visitor is not signed in, so the dictionary call the staff's form makes is not theirs to make. Only
 * a static dictionary of the form's tenant is inlined (an SQL one depends on who asks).
 */
export async function withDictionaryOptions(db: Db, tenantId: number, design: FormDesign): Promise<FormDesign> {
  const all = [...design.fields, ...design.tables.flatMap((t) => t.fields)];
  const codes = [...new Set(all.filter(choice).map((f) => f.dictionary ?? ''))];
  if (codes.length === 0) return design;
  const items = await queryRows<{ code: string; value: string; en: string; zh: string | null }>(
    db,
    sql`select d.code, i.value, i.label as en, i.label_zh as zh from dictionaries d
        join dictionary_items i on i.dictionary_id = d.id and i.enabled
        where d.tenant_id = ${tenantId} and d.enabled and d.sql_text is null and d.code in (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )})
        order by d.code, i.sort nulls last, i.id`,
  );
  const byCode = new Map<string, NonNullable<FormField['options']>>();
  for (const i of items) {
    const list = byCode.get(i.code) ?? [];
    if (list.length < INLINE_ITEMS)
      list.push({ value: i.value, label: { en: i.en || i.value, zh: i.zh || i.en || i.value } });
    byCode.set(i.code, list);
  }
  const inline = (f: FormField): FormField => {
    const options = choice(f) ? byCode.get(f.dictionary ?? '') : undefined;
    return options ? { ...f, options } : f;
  };
  return {
    ...design,
    fields: design.fields.map(inline),
    tables: design.tables.map((t) => ({ ...t, fields: t.fields.map(inline) })),
  };
}
