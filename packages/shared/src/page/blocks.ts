import { z } from 'zod';
import { id } from '../contracts/values.ts';

/**
 * The page designer's blocks (/pageDesign): what a node of a page is and the settings each kind of block
 * keeps. Plain data, checked by these schemas on both sides; the meaning checks (an entity that exists, a
 * field it has, a link to a block that is there) are `checkPage` in checks.ts.
 *
 * A data block names an entity and reads and writes it only through that entity's own routes (getPageData,
 * getDetailPage, add, update, del) as the viewer: what a viewer sees and may do in a block is what they could
 * in the entity's own screen. A chart block runs a saved BI chart through `/api/bi/run` with the page's id.
 */

const label = z.strictObject({ en: z.string().max(100), zh: z.string().max(100) });
export type PageLabel = z.infer<typeof label>;
const emptyLabel = { en: '', zh: '' };

/** An entity's name as the engine serves it (`Project`, a designed table's name). */
export const pageEntityName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/);
/** A field of that entity (its wire name). */
export const pageFieldName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/);

/** A node's stable id within its page: made once in the designer and never reused for another node. */
export const nodeUid = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ and -, at most 40');
export const ROOT_UID = 'root';

/**
 * A link from another block of the page: this block shows only what belongs to the row selected there.
 * `field` is this block's field that must equal the selected row's key (a reference to it); for a details
 * block it is omitted (the selected row itself). For a chart, `field` is the chart's dataset field.
 */
export const blockLinkSchema = z.strictObject({
  block: nodeUid,
  field: z.string().min(1).max(130).optional(),
});
export type BlockLink = z.infer<typeof blockLinkSchema>;

/** The actions a grid, kanban or calendar block may offer: each shown only with the viewer's grant of it. */
export const blockActions = ['add', 'edit', 'delete', 'export', 'import', 'audit'] as const;
export type BlockAction = (typeof blockActions)[number];

/** A fixed condition of a data block, in the engine's `wheres` terms (allow-listed operators). */
export const blockConditionSchema = z.strictObject({
  field: pageFieldName,
  op: z.enum(['eq', 'like', 'in', 'gt', 'ge', 'lt', 'le']),
  value: z.union([z.string().max(200), z.number(), z.boolean()]),
});
export type BlockCondition = z.infer<typeof blockConditionSchema>;

const dataBlock = {
  title: label.default(emptyLabel),
  entity: pageEntityName,
  conditions: z.array(blockConditionSchema).max(10).default([]),
  link: blockLinkSchema.nullable().default(null),
};

export const gridPropsSchema = z.strictObject({
  ...dataBlock,
  /** The list columns shown, in order; empty: the entity's own list columns. */
  columns: z.array(pageFieldName).max(60).default([]),
  /** The fields of the block's search form; empty: the entity's own quick search only. */
  searchFields: z.array(pageFieldName).max(20).default([]),
  actions: z.array(z.enum(blockActions)).max(blockActions.length).default(['add', 'edit', 'delete']),
  pageSize: z.number().int().min(5).max(100).default(10),
  /** Detail lines of each row shown under it when expanded (the entity's first detail entity). */
  expandDetails: z.boolean().default(false),
});

/** A published form (the form designer's): filled in the block; a bound form adds a row of its entity. */
export const formPropsSchema = z.strictObject({
  title: label.default(emptyLabel),
  formId: id,
});

/** One record's fields: the row selected in the linked block, read through the entity's getPageData. */
export const detailsPropsSchema = z.strictObject({
  ...dataBlock,
  fields: z.array(pageFieldName).max(60).default([]),
  columns: z.number().int().min(1).max(4).default(2),
});

export const chartPropsSchema = z.strictObject({
  title: label.default(emptyLabel),
  chartId: id,
  /** The row selected in this block filters the chart: `field` (a dataset field) equal to its key. Optional. */
  link: blockLinkSchema.nullable().optional(),
});
export const dashboardPropsSchema = z.strictObject({ title: label.default(emptyLabel), dashboardId: id });

/** A number over an entity's rows as the viewer may read them: their count, or the sum of a summary column. */
export const kpiPropsSchema = z.strictObject({
  ...dataBlock,
  measure: z.enum(['count', 'sum']).default('count'),
  /** For a sum: a number field the entity sums in its list's summary row. */
  field: pageFieldName.nullable().default(null),
});

/** Cards in lanes by a dictionary field's value; dragging a card to a lane updates that field (Update grant). */
export const kanbanPropsSchema = z.strictObject({
  ...dataBlock,
  groupField: pageFieldName,
  titleField: pageFieldName,
  cardFields: z.array(pageFieldName).max(6).default([]),
  actions: z.array(z.enum(blockActions)).max(blockActions.length).default(['add', 'edit']),
});

/**
 * Rows on a month calendar by a date field (to `endField` when given). A click on a day adds a row with that
 * date (Add grant). With `detailOf`, the rows are lines of the linked block's selected row: read with the
 * master's getDetailPage and added through the master's update (its Update grant).
 */
export const calendarPropsSchema = z.strictObject({
  ...dataBlock,
  dateField: pageFieldName,
  endField: pageFieldName.nullable().default(null),
  titleField: pageFieldName,
  /** The rows are detail lines of this master entity (the linked block's entity); null: the entity's own rows. */
  detailOf: pageEntityName.nullable().default(null),
  actions: z.array(z.enum(blockActions)).max(blockActions.length).default(['add', 'edit']),
});

/** A self-referencing entity as a tree: `parentField` references the entity itself. */
export const treePropsSchema = z.strictObject({
  ...dataBlock,
  parentField: pageFieldName,
  titleField: pageFieldName,
});

/** Rich text, sanitised on the server when saved (the engine's rich-text allow-list). */
export const richTextPropsSchema = z.strictObject({ html: z.string().max(50_000).default('') });

/** An image: an uploaded file of the page designer (a file key) or an https address. */
export const imagePropsSchema = z.strictObject({
  src: z.string().min(1).max(2000),
  alt: label.default(emptyLabel),
  fit: z.enum(['contain', 'cover']).default('contain'),
});

/** Links: an in-app route (`/Project`) or an https address (opened in a new tab). */
export const linksPropsSchema = z.strictObject({
  title: label.default(emptyLabel),
  items: z
    .array(z.strictObject({ title: label, url: z.string().min(1).max(2000) }))
    .max(30)
    .default([]),
});

/** A page of another site, only from an origin on the platform's allow-list (IFRAME_ORIGINS). */
export const iframePropsSchema = z.strictObject({
  title: label.default(emptyLabel),
  url: z.string().url().max(2000),
});

/** Layout: each child node sits in one of the container's slots (a tab, a column, the section's body). */
const slotKey = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/);
export const tabsPropsSchema = z.strictObject({
  tabs: z
    .array(z.strictObject({ key: slotKey, title: label }))
    .min(1)
    .max(12),
});
export const columnsPropsSchema = z.strictObject({
  /** Spans on a 24-column grid; they add up to 24 at most. */
  columns: z
    .array(z.strictObject({ key: slotKey, span: z.number().int().min(1).max(24) }))
    .min(1)
    .max(6),
});
export const sectionPropsSchema = z.strictObject({
  title: label,
  collapsed: z.boolean().default(false),
});

/** A page-level filter: the blocks it feeds and, for each, which of its fields it filters. */
export const pageFilterSchema = z.strictObject({
  id: slotKey,
  kind: z.enum(['dateRange', 'select']),
  label,
  /** A select's choices: a dictionary's codes (its items), or fixed values. */
  dictionary: z.string().max(64).nullable().default(null),
  options: z.array(z.string().max(100)).max(50).default([]),
  targets: z.array(z.strictObject({ block: nodeUid, field: z.string().min(1).max(130) })).max(40),
});
export type PageFilter = z.infer<typeof pageFilterSchema>;

/** The page itself: the root node's settings. */
export const pagePropsSchema = z.strictObject({
  filters: z.array(pageFilterSchema).max(10).default([]),
});

/** Every kind of node, with its settings' schema. `page` is the root only. */
export const blockPropsSchemas = {
  page: pagePropsSchema,
  grid: gridPropsSchema,
  form: formPropsSchema,
  details: detailsPropsSchema,
  chart: chartPropsSchema,
  dashboard: dashboardPropsSchema,
  kpi: kpiPropsSchema,
  kanban: kanbanPropsSchema,
  calendar: calendarPropsSchema,
  tree: treePropsSchema,
  richText: richTextPropsSchema,
  image: imagePropsSchema,
  links: linksPropsSchema,
  iframe: iframePropsSchema,
  tabs: tabsPropsSchema,
  columns: columnsPropsSchema,
  section: sectionPropsSchema,
} as const;
export type BlockType = keyof typeof blockPropsSchemas;
export const blockTypes = Object.keys(blockPropsSchemas) as BlockType[];
export type BlockProps<T extends BlockType> = z.infer<(typeof blockPropsSchemas)[T]>;

export const dataBlockTypes = [
  'grid',
  'form',
  'details',
  'chart',
  'dashboard',
  'kpi',
  'kanban',
  'calendar',
  'tree',
] as const;
export const staticBlockTypes = ['richText', 'image', 'links', 'iframe'] as const;
export const layoutBlockTypes = ['tabs', 'columns', 'section'] as const;
/** The blocks that read an entity through its routes (a `dataBlock` spread above). */
export const entityBlockTypes = ['grid', 'details', 'kpi', 'kanban', 'calendar', 'tree'] as const;
export type EntityBlockType = (typeof entityBlockTypes)[number];
export const isEntityBlock = (type: string): type is EntityBlockType =>
  (entityBlockTypes as readonly string[]).includes(type);
export const isContainer = (type: string) => type === 'page' || (layoutBlockTypes as readonly string[]).includes(type);

/** The slots of a container: a child's `slot` must be one of them. */
export function slotsOf(type: BlockType, props: unknown): string[] {
  if (type === 'page') return ['main'];
  if (type === 'section') return ['body'];
  if (type === 'tabs') return (props as BlockProps<'tabs'>).tabs.map((t) => t.key);
  if (type === 'columns') return (props as BlockProps<'columns'>).columns.map((c) => c.key);
  return [];
}
