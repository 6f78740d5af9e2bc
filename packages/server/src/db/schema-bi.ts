import type { ChartDefinition, DashboardDefinition, DatasetDefinition } from '@trestle/shared';
import { index, integer, jsonb, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ref, tenantId, updatedAt, users } from './schema.ts';

const owned = () => ({
  id: serial('id').primaryKey(),
  tenantId: tenantId('cascade'),
  name: varchar('name', { length: 100 }).notNull(),
  description: varchar('description', { length: 500 }).notNull().default(''),
  version: integer('version').notNull().default(1),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
});

/** A BI dataset (migration 0033): an entity's rows within the viewer's scope, or an admin's SELECT. */
export const biDatasets = pgTable('bi_datasets', {
  ...owned(),
  definition: jsonb('definition').$type<DatasetDefinition>().notNull(),
});

/** A chart over one dataset: its grouping, measures and look. */
export const biCharts = pgTable(
  'bi_charts',
  {
    ...owned(),
    datasetId: ref('dataset_id', () => biDatasets.id),
    definition: jsonb('definition').$type<ChartDefinition>().notNull(),
  },
  (t) => [index('bi_charts_dataset').on(t.tenantId, t.datasetId)],
);

/** Charts and texts laid out, filtered together, shared with roles. */
export const biDashboards = pgTable('bi_dashboards', {
  ...owned(),
  definition: jsonb('definition').$type<DashboardDefinition>().notNull(),
  chartIds: integer('chart_ids').array().notNull().default([]),
  shareRoles: integer('share_roles').array().notNull().default([]),
  menuCode: varchar('menu_code', { length: 50 }),
});
