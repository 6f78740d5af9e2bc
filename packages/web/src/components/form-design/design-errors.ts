import { type FormDesign, walkItems } from '@trestle/shared';

/**
 * The design's problems (checkFormDesign's, or a refused save's: the same keys) laid on the pieces: the
 * items (`items.<item id>.…`, and the field or sub-table an item places: `fields.<i>.…`, `tables.<i>.…`)
 * and the rules (`rules.<r>.…`), each with its messages, so the canvas marks a piece and the panel its input.
 */
export type PlacedErrors = {
  /** Messages by item id. */
  byItem: Map<string, string[]>;
  /** Messages by rule index. */
  byRule: Map<number, string[]>;
  /** Every problem, with where it is, for the list. */
  all: { key: string; where: string; message: string }[];
};

export function placeErrors(design: FormDesign, errors: Record<string, string>): PlacedErrors {
  const walked = [...walkItems(design.items)];
  const byId = new Map(walked.map((item) => [item.id, item]));
  const byItem = new Map<string, string[]>();
  const byRule = new Map<number, string[]>();
  const all: PlacedErrors['all'] = [];
  const push = <K>(map: Map<K, string[]>, key: K, message: string) => map.set(key, [...(map.get(key) ?? []), message]);
  for (const [key, message] of Object.entries(errors)) {
    const [head, index, ...rest] = key.split('.');
    const i = Number(index);
    let where = key;
    const item = head === 'items' && index !== undefined ? byId.get(index) : undefined;
    if (item) {
      push(byItem, item.id, message);
      where = 'name' in item ? item.name : item.id;
    } else if (head === 'fields' && design.fields[i]) {
      const name = design.fields[i].name;
      for (const item of walked) if (item.kind === 'field' && item.name === name) push(byItem, item.id, message);
      where = [name, ...rest].join(' › ');
    } else if (head === 'tables' && design.tables[i]) {
      const name = design.tables[i].name;
      for (const item of walked) if (item.kind === 'table' && item.name === name) push(byItem, item.id, message);
      where = [name, ...rest].join(' › ');
    } else if (head === 'rules' && design.rules[i]) {
      push(byRule, i, message);
      where = [design.rules[i].name || design.rules[i].id, ...rest].join(' › ');
    }
    all.push({ key, where, message });
  }
  return { byItem, byRule, all };
}

/** The messages under one key prefix (`fields.3.`), by what follows it (`computed`, `name`). */
export function errorsUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors))
    if (key.startsWith(prefix)) out[key.slice(prefix.length)] = message;
  return out;
}

/**
 * A problem's key as the designer keys it: a layout item by its id (`items.f3.span`, as checkFormDesign keys
 * it), also when the key came as the contract's path through the nested lists (`items.0.items.2.span`, zod's).
 */
export function itemKey(design: FormDesign, key: string): string {
  const path = key.split('.');
  if (path[0] !== 'items' || path.length < 2) return key;
  if ([...walkItems(design.items)].some((i) => i.id === path[1])) return key;
  // Follow the path down the nested lists: the last item passed is the one the rest of the key is about.
  let node: unknown = design;
  let owner: { id: string; at: number } | null = null;
  for (const [at, step] of path.entries()) {
    if (node === null || typeof node !== 'object') break;
    node = (node as Record<string, unknown>)[step];
    if (path[at - 1] === 'items' && node !== null && typeof node === 'object' && 'kind' in node && 'id' in node)
      owner = { id: String(node.id), at };
  }
  return owner ? ['items', owner.id, ...path.slice(owner.at + 1)].join('.') : key;
}

/** Every key as the designer keys it (see itemKey). */
export const itemKeys = (design: FormDesign, errors: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(errors).map(([k, m]) => [itemKey(design, k), m]));
