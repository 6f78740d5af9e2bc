import { z } from 'zod';
import { chartDefinitionSchema } from '../bi/definitions.ts';
import { id } from '../contracts/values.ts';
import { blockActions } from './blocks.ts';
import { pageNodeSchema, pagePatchOpSchema } from './tree.ts';

/**
 * The wire shapes of the page designer (/pageDesign, /api/pages/*), of viewing a page (/page/:id) and of the
 * mixed designer's apps (/mixDesign, /api/mixApps/*): the server's schemas and the browser's types, said once.
 */

const label = z.strictObject({ en: z.string().trim().min(1).max(100), zh: z.string().trim().min(1).max(100) });
/** A page's name: unique in the company, the key a template or an app refers to it by. */
export const pageName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'letters, digits, _ and -, starting with a letter');

export const pageStatusSchema = z.enum(['draft', 'published', 'changed']);
export type PageStatus = z.infer<typeof pageStatusSchema>;

export const pageListItemSchema = z.object({
  id,
  name: z.string(),
  title: z.object({ en: z.string(), zh: z.string() }),
  status: pageStatusSchema,
  /** The version viewers see (null: never published) and how many there are. */
  publishedVersion: z.number().int().nullable(),
  versions: z.number().int(),
  /** The menu folder's code it is published under ('' the top level; null: not in the menu). */
  menuFolder: z.string().nullable(),
  shareRoles: z.array(id),
  /** The mixed-design app that made it, if one did. */
  appId: id.nullable(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type PageListItem = z.infer<typeof pageListItemSchema>;

/** A new page: empty (just its root), a copy of another page's draft (a template), or given nodes. */
export const pageCreateSchema = z.strictObject({
  name: pageName,
  title: label,
  copyOf: id.optional(),
});
export type PageCreate = z.infer<typeof pageCreateSchema>;

/** The page's own settings (not its nodes): title, who sees it, where in the menu. */
export const pageSettingsSchema = z.strictObject({
  id,
  title: label,
  shareRoles: z.array(id).max(100),
  /** A menu folder's code; '' the top level. Takes effect for viewers at the next publish. */
  menuFolder: z.string().max(64),
  /** The settings' version, as read (409 when someone changed them since). */
  revision: z.number().int().min(1),
});
export type PageSettings = z.infer<typeof pageSettingsSchema>;

export const pageDetailSchema = z.object({
  id,
  name: z.string(),
  title: z.object({ en: z.string(), zh: z.string() }),
  status: pageStatusSchema,
  publishedVersion: z.number().int().nullable(),
  shareRoles: z.array(id),
  menuFolder: z.string().nullable(),
  appId: id.nullable(),
  /** The draft's nodes. */
  nodes: z.array(pageNodeSchema),
  /** The page settings' version (pageSettings.revision). */
  revision: z.number().int(),
});
export type PageDetail = z.infer<typeof pageDetailSchema>;

/** A patch to a page's draft: per-node operations, applied together (atomic) or not at all. */
export const pagePatchSchema = z.strictObject({
  id,
  ops: z.array(pagePatchOpSchema).min(1).max(200),
});
export type PagePatch = z.infer<typeof pagePatchSchema>;

/** What a patch changed: the nodes inserted or updated, as now stored (new versions), and those removed. */
export const pagePatchResultSchema = z.object({
  nodes: z.array(pageNodeSchema),
  removed: z.array(z.string()),
});
export type PagePatchResult = z.infer<typeof pagePatchResultSchema>;

export const pagePublishSchema = z.strictObject({ id, note: z.string().max(500).default('') });
export const pageVersionItemSchema = z.object({
  version: z.number().int(),
  note: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  blocks: z.number().int(),
});
export type PageVersionItem = z.infer<typeof pageVersionItemSchema>;
export const pageVersionSchema = z.object({ version: z.number().int(), nodes: z.array(pageNodeSchema) });
export type PageVersion = z.infer<typeof pageVersionSchema>;
/** Makes the draft a published version's nodes again (publish it separately). */
export const pageRestoreSchema = z.strictObject({ id, version: z.number().int().min(1) });

/** A published page as its viewer draws it. */
export const pageViewSchema = z.object({
  id,
  name: z.string(),
  title: z.object({ en: z.string(), zh: z.string() }),
  version: z.number().int(),
  nodes: z.array(pageNodeSchema),
  /**
   * The saved charts its chart blocks show, with their definitions (what to draw), as a dashboard's view gives
   * them: a viewer may not read /api/bi/chart, and a chart cannot be drawn from its run's result alone.
   */
  charts: z.array(z.object({ id, name: z.string(), definition: chartDefinitionSchema })).default([]),
});
export type PageView = z.infer<typeof pageViewSchema>;
/** A chart a page's chart block draws. */
export type PageChart = PageView['charts'][number];

// ---- The mixed designer's apps (/mixDesign) ----

export const mixLayouts = ['listDetail', 'listCalendar', 'listKanban', 'listChart'] as const;
export type MixLayout = (typeof mixLayouts)[number];
export const mixSteps = ['name', 'table', 'form', 'layout', 'preview', 'publish'] as const;
export type MixStep = (typeof mixSteps)[number];

/**
 * An app's draft as the wizard keeps it between visits: the step reached, the table and detail designs
 * (TableDesign, kept as the designer's drafts too once saved), the form's layout and rules, the page layout,
 * and who gets what. `progress` records what publishing has done so far, so a publish cut short resumes
 * where it stopped instead of making things twice.
 */
export const mixDraftSchema = z.strictObject({
  step: z.enum(mixSteps).default('name'),
  /** The table designer's draft of the app's table and of its detail table (TableDesign). */
  table: z.record(z.string(), z.unknown()).nullable().default(null),
  detail: z.record(z.string(), z.unknown()).nullable().default(null),
  /** The form designer's design of the table's form (FormDesign). */
  form: z.record(z.string(), z.unknown()).nullable().default(null),
  layout: z.enum(mixLayouts).nullable().default(null),
  /** The layout's choices: the calendar's date field, the kanban's lane field, the chart's measure… */
  layoutOptions: z.record(z.string(), z.union([z.string().max(100), z.number(), z.boolean(), z.null()])).default({}),
  roles: z.array(id).max(100).default([]),
  /** What the chosen roles may do in the app's table. */
  rights: z.array(z.enum(blockActions)).default(['add', 'edit']),
  menuFolder: z.string().max(64).default(''),
  progress: z
    .strictObject({
      tableApplied: z.boolean().default(false),
      formId: id.nullable().default(null),
      formPublished: z.boolean().default(false),
      pageId: id.nullable().default(null),
      granted: z.boolean().default(false),
      pagePublished: z.boolean().default(false),
    })
    .prefault({}),
});
export type MixDraft = z.infer<typeof mixDraftSchema>;

export const mixAppItemSchema = z.object({
  id,
  name: z.string(),
  title: z.object({ en: z.string(), zh: z.string() }),
  status: z.enum(['draft', 'published']),
  step: z.enum(mixSteps),
  pageId: id.nullable(),
  version: z.number().int(),
  updatedAt: z.string(),
  updatedBy: z.string().nullable(),
});
export type MixAppItem = z.infer<typeof mixAppItemSchema>;
export const mixAppSchema = mixAppItemSchema.extend({ draft: mixDraftSchema });
export type MixApp = z.infer<typeof mixAppSchema>;

/** Saving an app's draft: a new one without id and version, else over the version read (409 otherwise). */
export const mixAppSaveSchema = z.strictObject({
  id: id.optional(),
  version: z.number().int().min(1).optional(),
  name: pageName,
  title: label,
  draft: mixDraftSchema,
  /** Set by the wizard's last step once everything is done. */
  published: z.boolean().default(false),
});
export type MixAppSave = z.infer<typeof mixAppSaveSchema>;
