import type { FormDesign, FormField, FormItem, FormRule, FormTable } from '@trestle/shared';
import { copyOf, fromPalette, type PaletteEntry } from './design-pieces.ts';
import {
  containersInside,
  findItem,
  insertItem,
  locate,
  mapContainers,
  removeItem,
  replaceItem,
  selfAndInside,
} from './design-tree.ts';

export type DesignChange =
  /** `id`: the new item's, when the caller wants to know it (to select it); a free one otherwise. */
  | { type: 'add'; entry: PaletteEntry; container: string; index: number; id?: string }
  /** `index` is the place in the container once the item has left its own (arrayMove's meaning). */
  | { type: 'move'; id: string; container: string; index: number }
  | { type: 'remove'; id: string }
  | { type: 'duplicate'; id: string }
  | { type: 'span'; id: string; span: number }
  /** Keys given as undefined are dropped from the item. */
  | { type: 'item'; id: string; patch: Record<string, unknown> }
  /** A field's own metadata; a new `name` is carried to the items and rules that name it. */
  | { type: 'field'; name: string; patch: Partial<Record<keyof FormField, unknown>> }
  | { type: 'table'; name: string; patch: Partial<Record<keyof FormTable, unknown>> }
  | { type: 'form'; patch: Partial<Record<'title' | 'description' | 'width', unknown>> }
  | { type: 'rules'; rules: FormRule[] };

/** The value with the patch's keys set, and those given as undefined dropped. */
export const patched = <T extends object>(value: T, patch: Record<string, unknown>): T => {
  const out = { ...value } as Record<string, unknown>;
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) delete out[k];
    else out[k] = v;
  }
  return out as T;
};

/**
 * An expression reading the new name where it read the old: a field stands alone (not after a dot, not a
 * function before its parenthesis), a sub-table stands before the dot of `Table.field`.
 */
export function renamedIn(source: string, from: string, to: string, kind: 'field' | 'table'): string {
  const name = from.replace(/[^A-Za-z0-9]/g, '');
  const after = kind === 'field' ? '(?![A-Za-z0-9.(])' : '(?=\\.)';
  return source.replace(new RegExp(`(?<![A-Za-z0-9.])${name}${after}`, 'g'), to);
}

/** A field's or sub-table's new name, carried to the items placing it, the rules naming it and the expressions reading it. */
function renamed(design: FormDesign, from: string, to: string, kind: 'field' | 'table'): FormDesign {
  const expr = (source: string) => renamedIn(source, from, to, kind);
  const rename = (items: readonly FormItem[]): FormItem[] =>
    items.map((it) =>
      it.kind === kind && it.name === from ? { ...it, name: to } : mapContainers(it, (_, inner) => rename(inner)),
    );
  const rules = design.rules.map((r) => ({
    ...r,
    when: r.when.map((c) => (c.subject === 'field' && c.field === from ? { ...c, field: to } : c)),
    actions: r.actions.map((a) => {
      const targeted = a.target === from ? { ...a, target: to } : a;
      return targeted.action === 'compute' ? { ...targeted, expression: expr(targeted.expression) } : targeted;
    }),
  }));
  const fields = design.fields.map((f) => (f.computed ? { ...f, computed: expr(f.computed) } : f));
  return { ...design, fields, items: rename(design.items), rules };
}

const placedNames = (items: readonly FormItem[], kind: 'field' | 'table') =>
  new Set([...items].flatMap((i) => [...selfAndInside(i)]).flatMap((i) => (i.kind === kind ? [i.name] : [])));

/** The design with the fields and sub-tables that were placed before a change and are no longer dropped. */
function withoutUnplaced(before: FormDesign, after: FormDesign): FormDesign {
  const gone = (kind: 'field' | 'table') => {
    const now = placedNames(after.items, kind);
    return new Set([...placedNames(before.items, kind)].filter((n) => !now.has(n)));
  };
  const fields = gone('field');
  const tables = gone('table');
  if (fields.size === 0 && tables.size === 0) return after;
  return {
    ...after,
    fields: after.fields.filter((f) => !fields.has(f.name)),
    tables: after.tables.filter((t) => !tables.has(t.name)),
  };
}

/** The design after one change: pure, so undo and redo are a stack of designs. */
export function applyChange(design: FormDesign, change: DesignChange): FormDesign {
  switch (change.type) {
    case 'add': {
      const made = fromPalette(design, change.entry, change.id);
      return { ...made.design, items: insertItem(made.design.items, change.container, change.index, made.item) };
    }
    case 'move': {
      const item = findItem(design.items, change.id);
      if (!item || containersInside(item).has(change.container)) return design;
      const { items } = removeItem(design.items, change.id);
      return { ...design, items: insertItem(items, change.container, change.index, item) };
    }
    case 'remove': {
      const { items, removed } = removeItem(design.items, change.id);
      return removed ? withoutUnplaced(design, { ...design, items }) : design;
    }
    case 'duplicate': {
      const at = locate(design.items, change.id);
      const item = findItem(design.items, change.id);
      if (!at || !item) return design;
      const made = copyOf(design, item);
      if (!made.item) return design;
      return { ...made.design, items: insertItem(made.design.items, at.container, at.index + 1, made.item) };
    }
    case 'span': {
      const span = Math.max(1, Math.min(24, Math.round(change.span)));
      return {
        ...design,
        items: replaceItem(design.items, change.id, (it) =>
          it.kind === 'field' || it.kind === 'table' || it.kind === 'text' ? { ...it, span } : it,
        ),
      };
    }
    case 'item':
      // A tab or column taken away takes what sat in it, with a standalone form's fields placed there.
      return withoutUnplaced(design, {
        ...design,
        items: replaceItem(design.items, change.id, (it) => patched(it, change.patch)),
      });
    case 'field': {
      const next = {
        ...design,
        fields: design.fields.map((f) => (f.name === change.name ? patched(f, change.patch) : f)),
      };
      const to = change.patch.name;
      return typeof to === 'string' && to !== change.name ? renamed(next, change.name, to, 'field') : next;
    }
    case 'table': {
      const next = {
        ...design,
        tables: design.tables.map((t) => (t.name === change.name ? patched(t, change.patch) : t)),
      };
      const to = change.patch.name;
      return typeof to === 'string' && to !== change.name ? renamed(next, change.name, to, 'table') : next;
    }
    case 'form':
      return patched(design, change.patch);
    case 'rules':
      return { ...design, rules: change.rules };
  }
}
