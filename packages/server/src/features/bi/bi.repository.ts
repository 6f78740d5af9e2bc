import { type BiListItem, type Chart, type Dashboard, type Dataset, ErrorCode } from '@trestle/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { biCharts, biDashboards, biDatasets } from '../../db/schema-bi.ts';
import { inTenantPackage } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import type { Language } from '../../http/language.ts';

/**
 * The BI designer's rows: datasets, charts and dashboards, each a tenant row read under row-level security, so
 * another tenant's id is a missing one (404) on every path.
 */
export type DatasetRow = typeof biDatasets.$inferSelect;
export type ChartRow = typeof biCharts.$inferSelect;
export type DashboardRow = typeof biDashboards.$inferSelect;

const KINDS = { dataset: biDatasets, chart: biCharts, dashboard: biDashboards } as const;
type Kind = keyof typeof KINDS;

export const notFound = (kind: Kind, id: number) => new AppError(404, ErrorCode.notFound, `No ${kind} ${id}`);
export const conflict = (message: string) => new AppError(409, ErrorCode.conflict, message);
const stale = (kind: Kind) => conflict(`The ${kind} was changed by someone else: reload it`);

/** How a row is locked while read: for a change to it, or so that it is not deleted under a save that uses it. */
type Lock = 'update' | 'share' | undefined;

export async function readDataset(db: Db, id: number, lock?: Lock): Promise<DatasetRow> {
  const query = db.select().from(biDatasets).where(eq(biDatasets.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw notFound('dataset', id);
  return row;
}

export async function readChart(db: Db, id: number, lock?: Lock): Promise<ChartRow> {
  const query = db.select().from(biCharts).where(eq(biCharts.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw notFound('chart', id);
  return row;
}

export async function readDashboard(db: Db, id: number, lock?: Lock): Promise<DashboardRow> {
  const query = db.select().from(biDashboards).where(eq(biDashboards.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw notFound('dashboard', id);
  return row;
}

/** A saved chart as a run reads it: its name, its definition and its dataset's (null when the dataset is gone). */
export type RunChart = {
  name: string;
  definition: ChartRow['definition'];
  datasetId: number;
  dataset: DatasetRow['definition'] | null;
};

/** The charts of `ids`, each with its dataset, in one statement; an id not there (another tenant's) is absent. */
export async function readRunCharts(db: Db, ids: readonly number[]): Promise<Map<number, RunChart>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: biCharts.id,
      name: biCharts.name,
      definition: biCharts.definition,
      datasetId: biCharts.datasetId,
      dataset: biDatasets.definition,
    })
    .from(biCharts)
    .leftJoin(biDatasets, eq(biDatasets.id, biCharts.datasetId))
    .where(sql`${biCharts.id} = any(${sql.param([...ids])}::integer[])`);
  return new Map(rows.map(({ id, ...chart }) => [id, chart]));
}

/** The datasets of `ids` in one statement; an id not there (another tenant's) is absent. */
export async function readDatasets(db: Db, ids: readonly number[]): Promise<Map<number, DatasetRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(biDatasets)
    .where(sql`${biDatasets.id} = any(${sql.param([...ids])}::integer[])`);
  return new Map(rows.map((row) => [row.id, row]));
}

/** The drivers hand timestamps back as Date objects or text; the wire carries ISO text. */
const iso = (value: unknown): string => (value instanceof Date ? value.toISOString() : String(value));

/** Who made it, by name (a user of the same tenant: users are read under row-level security too). */
const ownerName = (createdBy: unknown) =>
  sql<string | null>`(select u.user_true_name from users u where u.id = ${createdBy})`;

type Owned = { id: number; name: string; description: string; createdBy: number | null; version: number };
const owned = (row: Owned & { updatedAt: unknown }, name: string | null) => ({
  id: row.id,
  name: row.name,
  description: row.description,
  ownerId: row.createdBy,
  ownerName: name,
  version: row.version,
  updatedAt: iso(row.updatedAt),
});

export async function datasetOf(db: Db, row: DatasetRow): Promise<Dataset> {
  const [named] = await queryRows<{ name: string | null }>(db, sql`select ${ownerName(row.createdBy)} as name`);
  return { ...owned(row, named?.name ?? null), definition: row.definition };
}

export async function chartOf(db: Db, row: ChartRow): Promise<Chart> {
  const [named] = await queryRows<{ name: string | null }>(db, sql`select ${ownerName(row.createdBy)} as name`);
  return { ...owned(row, named?.name ?? null), definition: row.definition };
}

export async function dashboardOf(db: Db, row: DashboardRow): Promise<Dashboard> {
  const [named] = await queryRows<{ name: string | null }>(db, sql`select ${ownerName(row.createdBy)} as name`);
  return {
    ...owned(row, named?.name ?? null),
    definition: row.definition,
    shareRoles: row.shareRoles,
    menuCode: row.menuCode,
  };
}

type ListRow = {
  id: number;
  name: string;
  description: string;
  kind: string;
  source: string | null;
  ownerName: string | null;
  sharedWith: string[] | null;
  usedBy: number;
  updatedAt: unknown;
};

const listItem = (r: ListRow): BiListItem => ({
  id: r.id,
  name: r.name,
  description: r.description,
  kind: r.kind,
  source: r.source ?? '',
  ownerName: r.ownerName,
  sharedWith: r.sharedWith ?? [],
  usedBy: Number(r.usedBy),
  updatedAt: iso(r.updatedAt),
});

/** Every dataset with what it reads (its entity, or its data source: the main database without one). */
export async function listDatasets(db: Db): Promise<BiListItem[]> {
  const rows = await queryRows<ListRow>(
    db,
    sql`select d.id, d.name, d.description, d.definition->>'kind' as kind,
          case when d.definition->>'kind' = 'entity' then d.definition->>'entity'
               else coalesce((select s.name from data_sources s where s.id = (d.definition->>'dataSourceId')::int), 'main database')
          end as source,
          ${ownerName(sql`d.created_by`)} as "ownerName", null as "sharedWith",
          (select count(*)::int from bi_charts c where c.dataset_id = d.id) as "usedBy", d.updated_at as "updatedAt"
        from bi_datasets d order by d.name, d.id`,
  );
  return rows.map(listItem);
}

/** Every chart with its type, its dataset's name, and how many dashboards show it. */
export async function listCharts(db: Db): Promise<BiListItem[]> {
  const rows = await queryRows<ListRow>(
    db,
    sql`select c.id, c.name, c.description, c.definition->>'type' as kind, d.name as source,
          ${ownerName(sql`c.created_by`)} as "ownerName", null as "sharedWith",
          (select count(*)::int from bi_dashboards b where c.id = any(b.chart_ids)) as "usedBy",
          c.updated_at as "updatedAt"
        from bi_charts c join bi_datasets d on d.id = c.dataset_id order by c.name, c.id`,
  );
  return rows.map(listItem);
}

const roleName = (lang: Language) => (lang === 'zh' ? sql`coalesce(nullif(r.name_zh, ''), r.name)` : sql`r.name`);

/** The dashboards (`where` on `b`) with the names of the roles each is shared with, and how many charts it shows. */
export async function listDashboards(db: Db, lang: Language, where: SQL = sql`true`): Promise<BiListItem[]> {
  const rows = await queryRows<ListRow>(
    db,
    sql`select b.id, b.name, b.description, 'dashboard' as kind,
          case when b.menu_code is null then '' else 'menu' end as source,
          ${ownerName(sql`b.created_by`)} as "ownerName",
          array(select ${roleName(lang)} from roles r where r.id = any(b.share_roles) order by r.id) as "sharedWith",
          cardinality(b.chart_ids) as "usedBy", b.updated_at as "updatedAt"
        from bi_dashboards b where ${where} order by b.name, b.id`,
  );
  return rows.map(listItem);
}

/** The columns every save writes: who and when. */
export const stamped = (userId: number, at: Date) => ({ updatedBy: userId, updatedAt: at });

/**
 * Moves a row's version on, if the caller read the one stored (optimistic lock): a save over another's newer
 * one answers 409 and writes nothing; a row that is not there (or another tenant's) answers 404.
 */
export async function bumpDataset(db: Db, id: number, version: number, set: Partial<typeof biDatasets.$inferInsert>) {
  const [row] = await db
    .update(biDatasets)
    .set({ ...set, version: sql`${biDatasets.version} + 1` })
    .where(and(eq(biDatasets.id, id), eq(biDatasets.version, version)))
    .returning({ version: biDatasets.version });
  if (row) return row.version;
  await readDataset(db, id);
  throw stale('dataset');
}

export async function bumpChart(db: Db, id: number, version: number, set: Partial<typeof biCharts.$inferInsert>) {
  const [row] = await db
    .update(biCharts)
    .set({ ...set, version: sql`${biCharts.version} + 1` })
    .where(and(eq(biCharts.id, id), eq(biCharts.version, version)))
    .returning({ version: biCharts.version });
  if (row) return row.version;
  await readChart(db, id);
  throw stale('chart');
}

export async function bumpDashboard(
  db: Db,
  id: number,
  version: number,
  set: Partial<typeof biDashboards.$inferInsert>,
) {
  const [row] = await db
    .update(biDashboards)
    .set({ ...set, version: sql`${biDashboards.version} + 1` })
    .where(and(eq(biDashboards.id, id), eq(biDashboards.version, version)))
    .returning({ version: biDashboards.version });
  if (row) return row.version;
  await readDashboard(db, id);
  throw stale('dashboard');
}

/** The charts that read a dataset (what a change to it must keep working), with their definitions. */
export const chartsOfDataset = (db: Db, datasetId: number) =>
  db.select().from(biCharts).where(eq(biCharts.datasetId, datasetId));

/** The dashboards that show a chart. */
export const dashboardsShowing = (db: Db, chartId: number) =>
  db.select().from(biDashboards).where(sql`${chartId} = any(${biDashboards.chartIds})`);

/** The company's enabled roles, in the reader's language: whom a dashboard may be shared with. */
export const tenantRoles = (db: Db, tenantId: number, lang: Language) =>
  queryRows<{ id: number; name: string }>(
    db,
    sql`select r.id, ${roleName(lang)} as name from roles r where r.tenant_id = ${tenantId} and r.enabled order by r.id`,
  );

/** The menu folders of the tenant's package (menus without a screen of their own): where a dashboard may go. */
export const menuFolders = (db: Db, lang: Language) =>
  queryRows<{ code: string; name: string }>(
    db,
    sql`select m.code, ${lang === 'zh' ? sql`m.name_zh` : sql`m.name`} as name from menus m
        where m.url = '' and m.enable > 0 and ${inTenantPackage(sql`m.id`)} order by m.sort, m.id`,
  );

/**
 * The company's external data sources a SQL dataset may read: names and kinds only (their addresses and
 * accounts stay with the Data sources screen), so a designer holding the Sql grant need not hold that screen.
 */
export const dataSourceChoices = (db: Db, tenantId: number) =>
  queryRows<{ id: number; name: string; kind: string }>(
    db,
    sql`select d.id, d.name, d.kind from data_sources d where d.tenant_id = ${tenantId} order by d.name, d.id`,
  );
