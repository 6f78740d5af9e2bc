import type { BlockAction, EntityMeta, FieldMeta } from '@trestle/shared';
import type { ToolbarItem } from '../ActionToolbar.tsx';

/**
 * An entity's metadata as a block shows it: the block's columns and search fields in place of the entity's own.
 * The engine's parts (columns, search form, wheres) then draw the block as they draw the entity's screen.
 */

/** Only `columns` are list columns, in that order; none given: the entity's own. */
export function blockListMeta(meta: EntityMeta, columns: readonly string[]): EntityMeta {
  if (columns.length === 0) return meta;
  const shown = columns.flatMap((name) => meta.fields.filter((f) => f.name === name));
  const rest = meta.fields
    .filter((f) => !columns.includes(f.name))
    .map((f): FieldMeta => ({ ...f, list: { ...f.list, hidden: true } }));
  return { ...meta, fields: [...shown.map((f): FieldMeta => ({ ...f, list: { ...f.list, hidden: false } })), ...rest] };
}

/** Only `names` are search fields, three to a row in the order given; none given: the meta as it is. */
export function blockSearchMeta(meta: EntityMeta, names: readonly string[]): EntityMeta {
  if (names.length === 0) return meta;
  return {
    ...meta,
    fields: meta.fields.map((f): FieldMeta => {
      const at = names.indexOf(f.name);
      if (at < 0) {
        const { search: _dropped, ...rest } = f;
        return rest;
      }
      const op = f.search?.op;
      return { ...f, search: { row: Math.floor(at / 3) + 1, col: (at % 3) + 1, ...(op ? { op } : {}) } };
    }),
  };
}

/** Which of the engine toolbar's items (by key) each block action stands for. */
const itemsOf: Record<BlockAction, readonly string[]> = {
  add: ['add'],
  edit: ['update'],
  delete: ['delete'],
  export: ['export'],
  import: ['import'],
  audit: ['submit', 'audit'],
};

/**
 * The toolbar's items a block offers: search, and those of its actions. The viewer's grants on the entity's
 * menu entry then hide what they may not do (ActionToolbar), as in the entity's own screen.
 */
export function blockToolbar(items: readonly ToolbarItem[], actions: readonly BlockAction[]): ToolbarItem[] {
  const keys = new Set(['search', ...actions.flatMap((a) => itemsOf[a])]);
  return items.filter((item) => keys.has(item.key));
}

/** Whether a block offers an action and the viewer holds its grant (`Add`, `Update`, `Delete`…). */
export const offers = (actions: readonly BlockAction[], action: BlockAction, can: (code: string) => boolean) =>
  actions.includes(action) &&
  can({ add: 'Add', edit: 'Update', delete: 'Delete', export: 'Export', import: 'Import', audit: 'Audit' }[action]);
