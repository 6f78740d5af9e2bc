import type { FormDesign } from '@trestle/shared';
import { boolean, integer, jsonb, pgTable, primaryKey, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ref, stamp, tenantId, updatedAt, users } from './schema.ts';

type Answer = Record<string, unknown>;

/** A form of the form designer (migration 0032): its draft, who may do what with it, its public link. */
export const forms = pgTable('forms', {
  id: serial('id').primaryKey(),
  tenantId: tenantId('cascade'),
  /** The entity whose dialog the form lays out; null: a standalone form. One per entity per tenant. */
  entity: varchar('entity', { length: 64 }),
  draft: jsonb('draft').$type<FormDesign>().notNull(),
  publishedVersion: integer('published_version'),
  designRoles: integer('design_roles').array().notNull().default([]),
  fillRoles: integer('fill_roles').array().notNull().default([]),
  readRoles: integer('read_roles').array().notNull().default([]),
  publicToken: varchar('public_token', { length: 64 }).unique(),
  publicEnabled: boolean('public_enabled').notNull().default(false),
  publicExpiresAt: stamp('public_expires_at'),
  publicMaxCount: integer('public_max_count'),
  publicCaptcha: boolean('public_captcha').notNull().default(false),
  version: integer('version').notNull().default(1),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
});

/** A published version: the design its answers were filled with, kept as it was. */
export const formVersions = pgTable(
  'form_versions',
  {
    formId: ref('form_id', () => forms.id, 'cascade'),
    version: integer('version').notNull(),
    tenantId: tenantId('cascade'),
    design: jsonb('design').$type<FormDesign>().notNull(),
    publishedAt: stamp('published_at').notNull().defaultNow(),
    publishedBy: integer('published_by').references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.formId, t.version] })],
);

/** One answer to a form. */
export const formSubmissions = pgTable('form_submissions', {
  id: serial('id').primaryKey(),
  tenantId: tenantId('cascade'),
  formId: integer('form_id').notNull(),
  formVersion: integer('form_version').notNull(),
  mainData: jsonb('main_data').$type<Answer>().notNull(),
  detailData: jsonb('detail_data').$type<Record<string, Answer[]>>().notNull().default({}),
  /** Null: an answer through the public link. */
  submittedBy: integer('submitted_by').references(() => users.id),
  submittedAt: stamp('submitted_at').notNull().defaultNow(),
  /** Every value's text, lower-cased, for the answers' search. */
  search: text('search').notNull().default(''),
});
