import type { EntityMeta, FieldMeta, Where } from '@trestle/shared';
import { isEmptyValue } from '../form/field-rules.ts';

/** The fields of the search layout in reading order (row, then column). */
export function searchFields(meta: EntityMeta): FieldMeta[] {
  return meta.fields
    .filter((f) => f.search)
    .sort((a, b) => (a.search?.row ?? 0) - (b.search?.row ?? 0) || (a.search?.col ?? 0) - (b.search?.col ?? 0));
}

/**
 * The quick-search field: the first search field a user can type into. A reference or dictionary
 * field needs its picker, so it stays in the advanced form (DictionaryList searches by value).
 */
export const quickSearchField = (meta: EntityMeta): FieldMeta | undefined =>
  searchFields(meta).find((f) => f.type === 'string' || f.type === 'text');

/** How a field without an explicit op is compared: text by like, everything else by equality. */
const defaultOp = (f: FieldMeta) => (['string', 'text'].includes(f.type) ? 'like' : 'eq');

/**
 * The wheres of the search form's values: a range gives two items (ge, le) on one field, `in` an
 * array, empty values nothing.
 */
export function buildWheres(meta: EntityMeta, values: Record<string, unknown>): Where[] {
  const wheres: Where[] = [];
  for (const f of searchFields(meta)) {
    const value = values[f.name];
    if (isEmptyValue(value)) continue;
    const op = f.search?.op ?? defaultOp(f);
    if (op === 'range') {
      const [from, to] = Array.isArray(value) ? value : [];
      if (typeof from === 'string' && from) wheres.push({ name: f.name, value: from, displayType: 'ge' });
      if (typeof to === 'string' && to) wheres.push({ name: f.name, value: to, displayType: 'le' });
    } else if (op === 'in') {
      wheres.push({ name: f.name, value: (Array.isArray(value) ? value : [value]) as string[], displayType: 'in' });
    } else {
      const v = typeof value === 'string' ? value.trim() : value;
      if (v === '') continue;
      wheres.push({ name: f.name, value: v as Where['value'], displayType: op });
    }
  }
  return wheres;
}
