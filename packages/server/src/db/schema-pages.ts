import type { MixDraft, PageNodeInput } from '@trestle/shared';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, ref, stamp, tenantId, updatedAt, users } from './schema.ts';

/**
 * The page designer's pages (migration 0035): the page's own settings here, its draft one row per node
 * (page_nodes, so a patch touches only the nodes it names), each publish a snapshot (page_versions).
 */
export const pages = pgTable(
  'pages',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId('cascade'),
    name: varchar('name', { length: 64 }).notNull(),
    titleEn: varchar('title_en', { length: 100 }).notNull(),
    titleZh: varchar('title_zh', { length: 100 }).notNull(),
    shareRoles: integer('share_roles').array().notNull().default([]),
    /** The settings' menu folder code ('' the top level; null: never put in the menu). */
    menuFolder: varchar('menu_folder', { length: 64 }),
    /** Where viewers find it: the menu folder as of the last publish (null while unpublished). */
    publishedFolder: varchar('published_folder', { length: 64 }),
    publishedVersion: integer('published_version'),
    /** The draft differs from the published version (a patch or a restore since the last publish). */
    draftChanged: boolean('draft_changed').notNull().default(true),
    /** The settings' version: a settings save over another's newer one is a 409. */
    revision: integer('revision').notNull().default(1),
    appId: integer('app_id'),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('pages_tenant_name').on(t.tenantId, t.name)],
);

export const pageNodes = pgTable(
  'page_nodes',
  {
    tenantId: tenantId('cascade'),
    pageId: ref('page_id', () => pages.id, 'cascade'),
    uid: varchar('uid', { length: 40 }).notNull(),
    parentUid: varchar('parent_uid', { length: 40 }),
    slot: varchar('slot', { length: 40 }).notNull(),
    x: smallint('x').notNull(),
    y: smallint('y').notNull(),
    w: smallint('w').notNull(),
    h: smallint('h').notNull(),
    type: varchar('type', { length: 20 }).notNull(),
    props: jsonb('props').$type<Record<string, unknown>>().notNull(),
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.uid] })],
);

export const pageVersions = pgTable(
  'page_versions',
  {
    tenantId: tenantId('cascade'),
    pageId: ref('page_id', () => pages.id, 'cascade'),
    version: integer('version').notNull(),
    nodes: jsonb('nodes').$type<(PageNodeInput & { version: number })[]>().notNull(),
    note: varchar('note', { length: 500 }).notNull().default(''),
    publishedBy: integer('published_by').references(() => users.id),
    publishedAt: stamp('published_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.version] })],
);

/** A mixed-design app's wizard draft, resumable; `page_id` the page its publish made. */
export const mixApps = pgTable(
  'mix_apps',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId('cascade'),
    name: varchar('name', { length: 64 }).notNull(),
    titleEn: varchar('title_en', { length: 100 }).notNull(),
    titleZh: varchar('title_zh', { length: 100 }).notNull(),
    draft: jsonb('draft').$type<MixDraft>().notNull(),
    status: varchar('status', { length: 20 }).notNull().default('draft'),
    pageId: integer('page_id').references(() => pages.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('mix_apps_tenant_name').on(t.tenantId, t.name)],
);
