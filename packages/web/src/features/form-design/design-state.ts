import type {
  EntityMeta,
  FormDesign,
  FormField,
  FormFieldType,
  FormItem,
  FormLabel,
  FormRule,
  FormTable,
} from '@trestle/shared';
import { editFields } from '../../components/grid/edit-fields.ts';
import {
  allIds,
  containersInside,
  findItem,
  insertItem,
  locate,
  removeItem,
  replaceItem,
  selfAndInside,
} from './design-tree.ts';
import { en, zh } from './strings.ts';

/** What the palette offers: a standalone form's field types, layout pieces, and a bound form's entity parts. */
export type LayoutPiece = 'section' | 'tabs' | 'columns' | 'divider' | 'text' | 'table';
export type PaletteEntry =
  | { kind: 'fieldType'; type: FormFieldType }
  | { kind: 'layout'; piece: LayoutPiece }
  | { kind: 'entityField'; name: string }
  | { kind: 'entityTable'; name: string };

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

const label = (key: keyof typeof en): FormLabel => ({ en: en[key], zh: zh[key] });

/** How wide a new piece starts: long text, rich text, sub-tables and static text take the row. */
const wide = new Set<string>(['text', 'richText']);

export const emptyDesign = (): FormDesign => ({
  title: label('formDesign.untitled'),
  fields: [],
  tables: [],
  items: [],
  rules: [],
});

/**
 * A bound form's first layout: the entity's own dialog as it is (its placed fields in their rows, any required
 * field it leaves out, then its detail tables), so that binding changes nothing until the admin changes it, and
 * no field a record needs is missing.
 */
export function boundStartingItems(meta: EntityMeta): FormItem[] {
  const fields = [...editFields(meta)].sort(
    (a, b) => (a.edit?.row ?? 0) - (b.edit?.row ?? 0) || (a.edit?.col ?? 0) - (b.edit?.col ?? 0),
  );
  return [
    ...fields.map((f, i): FormItem => ({ kind: 'field', id: `f${i + 1}`, name: f.name, span: f.edit?.span ?? 12 })),
    ...meta.details.map((d, i): FormItem => ({ kind: 'table', id: `t${i + 1}`, name: d.entity, span: 24 })),
  ];
}

export function freshId(design: FormDesign, prefix: string, taken: Set<string> = new Set()): string {
  const used = allIds(design.items);
  for (const r of design.rules) used.add(r.id);
  for (let n = 1; ; n++) {
    const id = `${prefix}${n}`;
    if (!used.has(id) && !taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}

function freshName(taken: readonly string[], base: string): string {
  for (let n = 1; ; n++) if (!taken.includes(`${base}${n}`)) return `${base}${n}`;
}

const namesOf = (design: FormDesign) => [...design.fields.map((f) => f.name), ...design.tables.map((t) => t.name)];

/** A new item (and the field or sub-table it needs) for a palette entry. */
function fromPalette(design: FormDesign, entry: PaletteEntry, given?: string): { design: FormDesign; item: FormItem } {
  const id = (prefix: string, taken?: Set<string>) => given ?? freshId(design, prefix, taken);
  if (entry.kind === 'entityField') return { design, item: { kind: 'field', id: id('f'), name: entry.name } };
  if (entry.kind === 'entityTable') return { design, item: { kind: 'table', id: id('t'), name: entry.name, span: 24 } };
  if (entry.kind === 'fieldType') {
    const name = freshName(namesOf(design), 'field');
    const field: FormField = { name, type: entry.type, label: label(`formDesign.type.${entry.type}`) };
    // A choice starts with two options of its own, so the design is whole at once; a dictionary may replace them.
    if (entry.type === 'dict' || entry.type === 'dictMulti')
      field.options = [1, 2].map((n) => ({
        value: `option${n}`,
        label: { en: `${en['formDesign.piece.option']} ${n}`, zh: `${zh['formDesign.piece.option']} ${n}` },
      }));
    const item: FormItem = { kind: 'field', id: id('f'), name, ...(wide.has(entry.type) ? { span: 24 } : {}) };
    return { design: { ...design, fields: [...design.fields, field] }, item };
  }
  const taken = new Set<string>();
  switch (entry.piece) {
    case 'section':
      return { design, item: { kind: 'section', id: id('s'), title: label('formDesign.piece.section'), items: [] } };
    case 'tabs': {
      const tabsId = id('g', taken);
      const tab = (n: number) => ({
        id: freshId(design, 'tab', taken),
        title: { en: `${en['formDesign.piece.tab']} ${n}`, zh: `${zh['formDesign.piece.tab']} ${n}` },
        items: [],
      });
      return { design, item: { kind: 'tabs', id: tabsId, tabs: [tab(1), tab(2)] } };
    }
    case 'columns': {
      const columnsId = id('c', taken);
      const col = () => ({ id: freshId(design, 'col', taken), span: 12, items: [] });
      return { design, item: { kind: 'columns', id: columnsId, columns: [col(), col()] } };
    }
    case 'divider':
      return { design, item: { kind: 'divider', id: id('d') } };
    case 'text':
      return { design, item: { kind: 'text', id: id('x'), text: label('formDesign.piece.textDefault'), span: 24 } };
    case 'table': {
      const name = freshName(namesOf(design), 'Table');
      const table: FormTable = {
        name,
        label: label('formDesign.piece.table'),
        fields: [{ name: 'item', type: 'string', label: label('formDesign.piece.tableField') }],
      };
      return {
        design: { ...design, tables: [...design.tables, table] },
        item: { kind: 'table', id: id('t'), name, span: 24 },
      };
    }
  }
}

/** A copy of an item with new ids, and, on a standalone form, new fields and sub-tables under new names. */
function copyOf(design: FormDesign, original: FormItem): { design: FormDesign; item: FormItem | null } {
  const bound = design.entity !== undefined;
  const taken = new Set<string>();
  let next = design;
  const copy = (it: FormItem): FormItem | null => {
    const id = freshId(next, it.id.replace(/\d+$/, '') || 'i', taken);
    switch (it.kind) {
      case 'field': {
        const field = next.fields.find((f) => f.name === it.name);
        if (bound || !field) return null;
        const name = freshName(namesOf(next), `${it.name.replace(/\d+$/, '')}`);
        next = { ...next, fields: [...next.fields, { ...field, name }] };
        return { ...it, id, name };
      }
      case 'table': {
        const table = next.tables.find((t) => t.name === it.name);
        if (bound || !table) return null;
        const name = freshName(namesOf(next), `${it.name.replace(/\d+$/, '')}`);
        next = { ...next, tables: [...next.tables, { ...table, name }] };
        return { ...it, id, name };
      }
      case 'section':
        return { ...it, id, items: copyAll(it.items) };
      case 'tabs':
        return {
          ...it,
          id,
          tabs: it.tabs.map((t) => ({ ...t, id: freshId(next, 'tab', taken), items: copyAll(t.items) })),
        };
      case 'columns':
        return {
          ...it,
          id,
          columns: it.columns.map((c) => ({ ...c, id: freshId(next, 'col', taken), items: copyAll(c.items) })),
        };
      default:
        return { ...it, id };
    }
  };
  const copyAll = (items: readonly FormItem[]) => items.flatMap((i) => copy(i) ?? []);
  const item = copy(original);
  return { design: next, item };
}

const patched = <T extends object>(value: T, patch: Record<string, unknown>): T => {
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
    items.map((it): FormItem => {
      if (it.kind === kind && it.name === from) return { ...it, name: to };
      if (it.kind === 'section') return { ...it, items: rename(it.items) };
      if (it.kind === 'tabs') return { ...it, tabs: it.tabs.map((t) => ({ ...t, items: rename(t.items) })) };
      if (it.kind === 'columns') return { ...it, columns: it.columns.map((c) => ({ ...c, items: rename(c.items) })) };
      return it;
    });
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

/** The design with its undo and redo stacks; `saved` is the design as the server last had it. */
export type DesignHistory = {
  past: FormDesign[];
  present: FormDesign;
  future: FormDesign[];
  saved: FormDesign;
  /** The coalescing key of the last change: typing in one input is one step, not one per key. */
  lastKey: string | null;
};

export const HISTORY_LIMIT = 100;

export type HistoryAction =
  | { type: 'change'; change: DesignChange; key?: string }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'load'; design: FormDesign }
  | { type: 'saved'; design: FormDesign };

export const startHistory = (design: FormDesign): DesignHistory => ({
  past: [],
  present: design,
  future: [],
  saved: design,
  lastKey: null,
});

export function historyReducer(state: DesignHistory, action: HistoryAction): DesignHistory {
  switch (action.type) {
    case 'change': {
      const next = applyChange(state.present, action.change);
      if (next === state.present) return state;
      const key = action.key ?? null;
      if (key !== null && key === state.lastKey) return { ...state, present: next, future: [] };
      return {
        ...state,
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present: next,
        future: [],
        lastKey: key,
      };
    }
    case 'undo': {
      const prev = state.past.at(-1);
      if (!prev) return state;
      return {
        ...state,
        past: state.past.slice(0, -1),
        present: prev,
        future: [state.present, ...state.future],
        lastKey: null,
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { ...state, past: [...state.past, state.present], present: next, future: rest, lastKey: null };
    }
    case 'load':
      return startHistory(action.design);
    case 'saved':
      return { ...state, saved: action.design, lastKey: null };
  }
}

export const isDirty = (h: DesignHistory) => h.present !== h.saved;
