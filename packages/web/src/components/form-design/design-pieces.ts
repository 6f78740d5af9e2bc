import type { EntityMeta, FormDesign, FormField, FormFieldType, FormItem, FormLabel, FormTable } from '@trestle/shared';
import { editFields } from '../grid/edit-fields.ts';
import { allIds } from './design-tree.ts';
import { en, zh } from './strings.ts';

/** What the palette offers: a standalone form's field types, layout pieces, and a bound form's entity parts. */
export type LayoutPiece = 'section' | 'tabs' | 'columns' | 'divider' | 'text' | 'table';
export type PaletteEntry =
  | { kind: 'fieldType'; type: FormFieldType }
  | { kind: 'layout'; piece: LayoutPiece }
  | { kind: 'entityField'; name: string }
  | { kind: 'entityTable'; name: string };

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
export function fromPalette(
  design: FormDesign,
  entry: PaletteEntry,
  given?: string,
): { design: FormDesign; item: FormItem } {
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
export function copyOf(design: FormDesign, original: FormItem): { design: FormDesign; item: FormItem | null } {
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
