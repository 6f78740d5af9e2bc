import {
  type BlockCondition,
  type BlockLink,
  type BlockProps,
  type PageFilter,
  type PageLabel,
  type PageNode,
  ROOT_UID,
  type RunFilter,
  type Where,
} from '@trestle/shared';

/**
 * What a block of a page reads, worked out from the page: its fixed conditions, the page filters aimed at it,
 * and the row selected in the block it links to. Pure, so the rules are tested alone.
 */

export type Row = Record<string, unknown>;

/** A page filter's value as its viewer set it. */
export type PageFilterValue =
  | { kind: 'dateRange'; from: string | null; to: string | null }
  | { kind: 'select'; values: string[] };

/** The row selected in a block: its entity, its key, and the row as read. */
export type Selected = { entity: string; key: number; row: Row };

/** A block's label in the reader's language (English when the other is empty). */
export const textOf = (label: PageLabel | undefined, language: string): string =>
  label ? (language.startsWith('zh') ? label.zh || label.en : label.en || label.zh) : '';

export const pageFiltersOf = (nodes: readonly PageNode[]): PageFilter[] => {
  const root = nodes.find((n) => n.uid === ROOT_UID);
  return root?.type === 'page' ? (root.props as BlockProps<'page'>).filters : [];
};

export const conditionWheres = (conditions: readonly BlockCondition[]): Where[] =>
  conditions.map((c) => ({ name: c.field, value: c.value, displayType: c.op }));

/** The page filters' values aimed at block `uid`, as the engine's wheres (a range: ge and le). */
export function filterWheres(
  filters: readonly PageFilter[],
  values: Record<string, PageFilterValue>,
  uid: string,
): Where[] {
  return filters.flatMap((filter) => {
    const value = values[filter.id];
    if (!value) return [];
    return filter.targets.flatMap((target): Where[] => {
      if (target.block !== uid) return [];
      if (value.kind === 'select')
        return value.values.length > 0 ? [{ name: target.field, value: value.values, displayType: 'in' }] : [];
      const out: Where[] = [];
      if (value.from) out.push({ name: target.field, value: value.from, displayType: 'ge' });
      if (value.to) out.push({ name: target.field, value: value.to, displayType: 'le' });
      return out;
    });
  });
}

/** The same values as a chart's run filters (dataset fields, dates inclusive). */
export function filterRunFilters(
  filters: readonly PageFilter[],
  values: Record<string, PageFilterValue>,
  uid: string,
): RunFilter[] {
  return filters.flatMap((filter) => {
    const value = values[filter.id];
    if (!value) return [];
    return filter.targets.flatMap((target): RunFilter[] => {
      if (target.block !== uid) return [];
      if (value.kind === 'select')
        return value.values.length > 0 ? [{ field: target.field, values: value.values }] : [];
      return value.from || value.to ? [{ field: target.field, from: value.from, to: value.to }] : [];
    });
  });
}

/**
 * What a link makes of a block: nothing (no link), a wait for a row to be selected in the source block, or
 * the where that keeps the rows belonging to the selected one (`field` = its key; the row itself without one).
 */
export type LinkState = { kind: 'none' } | { kind: 'waiting'; source: string } | { kind: 'linked'; where: Where };

export function linkState(
  link: BlockLink | null,
  selection: Record<string, Selected | undefined>,
  ownKey: string,
): LinkState {
  if (!link) return { kind: 'none' };
  const selected = selection[link.block];
  if (!selected) return { kind: 'waiting', source: link.block };
  return { kind: 'linked', where: { name: link.field ?? ownKey, value: selected.key, displayType: 'eq' } };
}

/** The title a block goes by in messages about it: its own, else its entity's name, else its id. */
export function blockName(nodes: readonly PageNode[], uid: string, language: string): string {
  const node = nodes.find((n) => n.uid === uid);
  if (!node) return uid;
  const props = node.props as { title?: PageLabel; entity?: string };
  return textOf(props.title, language) || props.entity || uid;
}

/** The wire form of a day: YYYY-MM-DD. */
export const isoDay = (d: { format(f: string): string }) => d.format('YYYY-MM-DD');
