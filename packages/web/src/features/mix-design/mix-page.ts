import type { BlockAction, MixDraft, MixLayout, PageNodeInput, TableDesign } from '@trestle/shared';
import { dateFieldsOf, dictFieldsOf, titleFieldOf } from './mix-model.ts';

/**
 * The app's page for each layout: the main table's grid on top and, below it, the block the layout names —
 * the selected row's details, a calendar (of the main table's rows, or of the selected row's detail lines),
 * a kanban by a choice field, or a count with a saved chart. Each block's actions are the rights given.
 */

export type LayoutOptions = MixDraft['layoutOptions'];
export const LIST_UID = 'list';

/** Which table holds the calendar's date: the main table's first date field, else the detail's. */
export function defaultLayoutOptions(layout: MixLayout, table: TableDesign, detail: TableDesign | null): LayoutOptions {
  if (layout === 'listCalendar') {
    const onMain = dateFieldsOf(table).length > 0 || !detail;
    const t = onMain ? table : detail;
    const [date, end] = dateFieldsOf(t);
    return {
      on: onMain ? 'main' : 'detail',
      dateField: date ?? null,
      endField: end ?? null,
      titleField: titleFieldOf(t),
    };
  }
  if (layout === 'listKanban') return { groupField: dictFieldsOf(table)[0] ?? null, titleField: titleFieldOf(table) };
  if (layout === 'listChart') return { chartId: null };
  return {};
}

/**
 * The calendar's options once its table is chosen: that table's date, end and title fields (a table's own
 * fields, never the other's, which its entity would not have).
 */
export function calendarOptionsOn(
  on: 'main' | 'detail',
  table: TableDesign,
  detail: TableDesign | null,
): LayoutOptions {
  const t = on === 'detail' && detail ? detail : table;
  return { ...defaultLayoutOptions('listCalendar', t, null), on: t === table ? 'main' : 'detail' };
}

/** Whether a layout can be drawn over these tables (a calendar needs a date field, a kanban a choice field). */
export function layoutFits(layout: MixLayout, table: TableDesign, detail: TableDesign | null): boolean {
  if (layout === 'listCalendar') return dateFieldsOf(table).length + dateFieldsOf(detail).length > 0;
  if (layout === 'listKanban') return dictFieldsOf(table).length > 0;
  return true;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
const label = (l: { en: string; zh: string }) => ({ en: l.en, zh: l.zh });

type Block = Omit<PageNodeInput, 'uid' | 'parent' | 'slot' | 'x' | 'y' | 'w' | 'h'>;
const place = (uid: string, y: number, h: number, block: Block): PageNodeInput =>
  ({ uid, parent: 'root', slot: 'main', x: 0, y, w: 24, h, ...block }) as PageNodeInput;

/** The page's blocks (the root is the page's own), in the order they are inserted: a linked block after its source. */
export function pageNodes(draft: MixDraft, table: TableDesign, detail: TableDesign | null): PageNodeInput[] {
  const rights: BlockAction[] = draft.rights;
  const opts = draft.layoutOptions;
  const base = { conditions: [], link: null };
  const grid = place(LIST_UID, 0, 8, {
    type: 'grid',
    props: {
      ...base,
      title: label(table.label),
      entity: table.name,
      columns: [],
      searchFields: [],
      actions: rights,
      pageSize: 10,
      expandDetails: detail !== null,
    },
  });
  const editing = rights.filter((a) => a === 'add' || a === 'edit');
  const second = secondBlock(draft.layout, opts, table, detail, editing);
  return second ? [grid, second] : [grid];
}

function secondBlock(
  layout: MixLayout | null,
  opts: LayoutOptions,
  table: TableDesign,
  detail: TableDesign | null,
  editing: BlockAction[],
): PageNodeInput | null {
  const linked = { conditions: [], link: { block: LIST_UID } };
  if (layout === 'listDetail')
    return place('details', 8, 8, {
      type: 'details',
      props: { ...linked, title: label(table.label), entity: table.name, fields: [], columns: 2 },
    });
  if (layout === 'listCalendar') {
    const overDetail = opts.on === 'detail' && detail?.master;
    const t = overDetail ? detail : table;
    const dateField = str(opts.dateField) ?? dateFieldsOf(t)[0] ?? '';
    return place('calendar', 8, 12, {
      type: 'calendar',
      props: {
        title: label(t.label),
        entity: t.name,
        conditions: [],
        // Over the detail: the lines of the row selected in the list, added through the master's update.
        link: overDetail ? { block: LIST_UID, field: detail.master?.field } : null,
        detailOf: overDetail ? table.name : null,
        dateField,
        endField: str(opts.endField),
        titleField: str(opts.titleField) ?? titleFieldOf(t),
        actions: editing,
      },
    });
  }
  if (layout === 'listKanban')
    return place('kanban', 8, 10, {
      type: 'kanban',
      props: {
        title: label(table.label),
        entity: table.name,
        conditions: [],
        link: null,
        groupField: str(opts.groupField) ?? dictFieldsOf(table)[0] ?? '',
        titleField: str(opts.titleField) ?? titleFieldOf(table),
        cardFields: [],
        actions: editing,
      },
    });
  if (layout === 'listChart') {
    const chartId = typeof opts.chartId === 'number' ? opts.chartId : null;
    if (chartId !== null) return place('chart', 8, 8, { type: 'chart', props: { title: label(table.label), chartId } });
    return place('count', 8, 3, {
      type: 'kpi',
      props: {
        title: label(table.label),
        entity: table.name,
        conditions: [],
        link: null,
        measure: 'count',
        field: null,
      },
    });
  }
  return null;
}
