import { type EntityMeta, type FieldMeta, writableFields } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import type { Language } from '../http/language.ts';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The field an import that updates matches rows on (a code or number), when the entity declares one. */
export const businessKeyOf = (meta: EntityMeta): FieldMeta | undefined =>
  meta.businessKey === undefined ? undefined : meta.fields.find((f) => f.name === meta.businessKey);

/** Columns of an export: what the list shows, and always the business key (what a re-import matches on). */
export const exportFields = (meta: EntityMeta) =>
  meta.fields.filter((f) => !f.list?.hidden || f.name === meta.businessKey);

/**
 * The hidden last column of an export of an entity with a business key: each row's version as exported
 * (the same token an update compares), so a re-import can tell a row someone changed since.
 */
export const VERSION_LABEL = { en: 'Row version', zh: '行版本' } as const;

const notImported = new Set<FieldMeta['type']>(['file', 'image', 'json', 'richText']);

/** Columns of the template and of an import: the writable fields a spreadsheet cell can hold. */
export const importFields = (meta: EntityMeta) => writableFields(meta).filter((f) => !notImported.has(f.type));

export type DictItem = { value: string; label: string; labelZh: string | null };

/** The items of each dictionary the fields use, within the tenant: one query per dictionary. */
export async function loadDictionaries(db: Db, tenantId: number, fields: FieldMeta[]) {
  const codes = [...new Set(fields.flatMap((f) => (f.dictionary ? [f.dictionary] : [])))];
  const out = new Map<string, DictItem[]>();
  for (const code of codes) {
    const items = await queryRows<DictItem>(
      db,
      sql`select i.value, i.label, i.label_zh as "labelZh" from dictionary_items i join dictionaries d on d.id = i.dictionary_id
          where d.tenant_id = ${tenantId} and d.code = ${code} and i.tenant_id = ${tenantId} order by i.sort, i.id`,
    );
    out.set(code, items);
  }
  return out;
}

export const itemLabel = (item: DictItem, lang: Language) => (lang === 'zh' ? item.labelZh || item.label : item.label);

/** Text that a spreadsheet would run as a formula (= + - @, or a leading tab or CR) gets a quote in front (ASVS 1.2.10). */
export const neutralise = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text);
/** The reverse on import, so an exported cell comes back as it was. */
export const unneutralise = (text: string) => (/^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text);

export const decimalFormat = (f: FieldMeta) => {
  const scale = f.scale ?? 2;
  return scale > 0 ? `#,##0.${'0'.repeat(scale)}` : '#,##0';
};
