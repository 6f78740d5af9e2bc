import type { FormDesign, FormItem } from '@trestle/shared';
import { childContainers, ROOT } from '../../components/form-design/design-tree.ts';

/** One changed thing: what it is, and each of its settings that moved, as `path: before → after`. */
export type DiffChange = { name: string; details: string[] };
export type DiffPart = { added: string[]; removed: string[]; changed: DiffChange[] };
export type DesignDiff = { form: DiffChange[]; fields: DiffPart; tables: DiffPart; items: DiffPart; rules: DiffPart };

const shown = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v));

/** Leaf values by dotted path (`label.en`, `options.0.value`); an empty object or list is a leaf. */
function flatten(value: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (value !== null && typeof value === 'object' && Object.keys(value).length > 0)
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  else if (value !== undefined) out.set(prefix, value);
  return out;
}

/** Each setting that differs between two values, as `path: before → after`. */
function settingChanges(before: unknown, after: unknown): string[] {
  const a = flatten(before);
  const b = flatten(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])].sort();
  return paths
    .filter((p) => JSON.stringify(a.get(p)) !== JSON.stringify(b.get(p)))
    .map((p) => `${p || '(value)'}: ${shown(a.get(p))} → ${shown(b.get(p))}`);
}

function diffKeyed<T>(
  before: readonly T[],
  after: readonly T[],
  key: (t: T) => string,
  name: (t: T) => string,
  settings: (t: T) => unknown = (t) => t,
): DiffPart {
  const was = new Map(before.map((t) => [key(t), t]));
  const now = new Map(after.map((t) => [key(t), t]));
  const part: DiffPart = { added: [], removed: [], changed: [] };
  for (const [k, t] of now) if (!was.has(k)) part.added.push(name(t));
  for (const [k, t] of was) if (!now.has(k)) part.removed.push(name(t));
  for (const [k, t] of now) {
    const old = was.get(k);
    if (old === undefined) continue;
    const details = settingChanges(settings(old), settings(t));
    if (details.length) part.changed.push({ name: name(t), details });
  }
  return part;
}

type Placed = { item: FormItem; container: string; index: number };
function placedItems(items: readonly FormItem[], container = ROOT, out: Placed[] = []): Placed[] {
  items.forEach((item, index) => {
    out.push({ item, container, index });
    for (const [inner, children] of childContainers(item)) placedItems(children, inner, out);
  });
  return out;
}

const itemName = (item: FormItem): string => {
  if (item.kind === 'field' || item.kind === 'table') return `${item.kind} ${item.name}`;
  if (item.kind === 'section') return `section ${item.title.en || item.id}`;
  if (item.kind === 'text') return `text ${item.id}`;
  return `${item.kind} ${item.id}`;
};

/** An item's own settings, without what sits inside it (that is compared item by item). */
function itemSettings(p: Placed): unknown {
  const { item } = p;
  const own: Record<string, unknown> = { ...item, container: p.container, position: p.index + 1 };
  if (item.kind === 'section') delete own.items;
  if (item.kind === 'tabs') own.tabs = item.tabs.map((t) => ({ id: t.id, title: t.title }));
  if (item.kind === 'columns') own.columns = item.columns.map((c) => ({ id: c.id, span: c.span }));
  return own;
}

/**
 * What changed from one design to another, for people: the form's own settings, then the fields, the
 * sub-tables, the layout's items (by id, with where they sit) and the rules (by id), each as added, removed
 * and changed with the settings that moved.
 */
export function diffDesigns(before: FormDesign, after: FormDesign): DesignDiff {
  const formPart = (d: FormDesign) => ({
    title: d.title,
    description: d.description,
    entity: d.entity,
    width: d.width,
  });
  const formDetails = settingChanges(formPart(before), formPart(after));
  return {
    form: formDetails.length ? [{ name: 'form', details: formDetails }] : [],
    fields: diffKeyed(
      before.fields,
      after.fields,
      (f) => f.name,
      (f) => f.name,
    ),
    tables: diffKeyed(
      before.tables,
      after.tables,
      (t) => t.name,
      (t) => t.name,
    ),
    items: diffKeyed(
      placedItems(before.items),
      placedItems(after.items),
      (p) => p.item.id,
      (p) => itemName(p.item),
      itemSettings,
    ),
    rules: diffKeyed(
      before.rules,
      after.rules,
      (r) => r.id,
      (r) => r.name || r.id,
    ),
  };
}

export const diffIsEmpty = (d: DesignDiff) =>
  d.form.length === 0 &&
  [d.fields, d.tables, d.items, d.rules].every((p) => !p.added.length && !p.removed.length && !p.changed.length);
