import {
  type BiProblems,
  type ChartSave,
  checkChart,
  checkDashboard,
  checkDataset,
  type DatasetDefinition,
  type DatasetField,
  type DatasetSave,
  datasetFields,
} from '@trestle/shared';
import { eq, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { biCharts, biDatasets } from '../../db/schema-bi.ts';
import type { AuthContext } from '../../http/auth.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { requireSqlDataset } from './bi.access.ts';
import { allMetas, type BiDeps, usableEntities } from './bi.entities.ts';
import {
  bumpChart,
  bumpDataset,
  type ChartRow,
  chartsOfDataset,
  conflict,
  dashboardsShowing,
  readChart,
  readDataset,
  stamped,
} from './bi.repository.ts';

/**
 * Saving and deleting datasets and charts: each definition passes the shared checks (400 with the problems by
 * path), a save over a version someone else saved since is 409, and what uses a definition keeps working: a
 * change that would break a chart reading the dataset, or a dashboard showing the chart, is refused too.
 */

export const refuse = (what: string, problems: BiProblems) => {
  if (Object.keys(problems).length) throw badRequest(`The ${what} has errors`, problems);
};

/** A save with an id is over the version read: without one there is nothing to compare. */
export function versionOf(body: { id?: number; version?: number }): number | undefined {
  if (body.id === undefined) return undefined;
  if (body.version === undefined)
    throw badRequest('The version read is needed to save over it', { version: 'the version you read' });
  return body.version;
}

async function dataSourceProblem(db: Db, id: number | null): Promise<BiProblems> {
  if (id === null) return {};
  const [row] = await queryRows<{ id: number }>(db, sql`select id from data_sources where id = ${id}`);
  return row ? {} : { 'definition.dataSourceId': `no data source ${id} in this company` };
}

/** A dataset's problems, read against the entities the caller may open (an entity they may not: 403). */
async function datasetProblems(deps: BiDeps, auth: AuthContext, def: DatasetDefinition): Promise<BiProblems> {
  if (def.kind === 'sql') return { ...checkDataset(def, []), ...(await dataSourceProblem(deps.db, def.dataSourceId)) };
  const usable = await usableEntities(deps.db, auth, deps.definitions);
  const exists = deps.definitions.some((d) => d.meta.name === def.entity);
  if (exists && !usable.some((e) => e.meta.name === def.entity))
    throw forbidden(`You may not open ${def.entity}, so you may not build a dataset on it`);
  return checkDataset(
    def,
    usable.map((e) => e.meta),
  );
}

/** What the charts reading a dataset would say of its new definition: one line per chart it would break. */
function brokenCharts(deps: BiDeps, charts: readonly ChartRow[], def: DatasetDefinition): BiProblems {
  const metas = allMetas(deps.definitions);
  const broken = charts.flatMap((c) => {
    const first = Object.values(checkChart(c.definition, def, metas))[0];
    return first ? [`chart “${c.name}” (${c.id}) would break: ${first}`] : [];
  });
  return broken.length ? { definition: broken.join('; ') } : {};
}

export async function saveDataset(deps: BiDeps, auth: AuthContext, body: DatasetSave) {
  const version = versionOf(body);
  const def = body.definition;
  const before = body.id === undefined ? null : await readDataset(deps.db, body.id);
  // Turning a SQL dataset into an entity one is a change to its SQL too.
  if (def.kind === 'sql' || before?.definition.kind === 'sql') await requireSqlDataset(deps.db, deps.userSql, auth);
  refuse('dataset', await datasetProblems(deps, auth, def));
  const at = deps.now();
  const fields = { name: body.name, description: body.description, definition: def, ...stamped(auth.userId, at) };
  return deps.db.transaction(async (tx) => {
    if (body.id === undefined || version === undefined) {
      const [row] = await tx
        .insert(biDatasets)
        .values({ ...fields, tenantId: auth.tenantId, createdBy: auth.userId, createdAt: at })
        .returning({ id: biDatasets.id, version: biDatasets.version });
      if (!row) throw new Error('no dataset row');
      return row;
    }
    // Locked: a chart saved meanwhile waits, and is then checked against this definition.
    await readDataset(tx, body.id, 'update');
    refuse('dataset', brokenCharts(deps, await chartsOfDataset(tx, body.id), def));
    return { id: body.id, version: await bumpDataset(tx, body.id, version, fields) };
  });
}

/** The dashboards showing a chart, each checked as if the chart read `def`'s dataset: one line per broken one. */
async function brokenDashboards(
  deps: BiDeps,
  tx: Db,
  chartId: number,
  dataset: DatasetDefinition,
): Promise<BiProblems> {
  const dashboards = await dashboardsShowing(tx, chartId);
  if (dashboards.length === 0) return {};
  const metas = allMetas(deps.definitions);
  const broken: string[] = [];
  for (const d of dashboards) {
    const charts = await chartFields(tx, deps.definitions, d.chartIds, true);
    charts.set(chartId, datasetFields(dataset, metas));
    const first = Object.values(checkDashboard(d.definition, charts))[0];
    if (first) broken.push(`dashboard “${d.name}” (${d.id}) would break: ${first}`);
  }
  return broken.length ? { definition: broken.join('; ') } : {};
}

/**
 * The charts of `ids` that the tenant has, each with its dataset's fields. `forShare` reads them locked, so
 * none is deleted or moved to another dataset before the save that reads them commits.
 */
export async function chartFields(
  db: Db,
  definitions: BiDeps['definitions'],
  ids: readonly number[],
  forShare = false,
): Promise<Map<number, DatasetField[]>> {
  const charts = new Map<number, DatasetField[]>();
  if (ids.length === 0) return charts;
  const rows = await queryRows<{ id: number; definition: DatasetDefinition }>(
    db,
    sql`select c.id, d.definition from bi_charts c join bi_datasets d on d.id = c.dataset_id
        where c.id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) ${forShare ? sql`for share of c` : sql``}`,
  );
  const metas = allMetas(definitions);
  for (const r of rows) charts.set(Number(r.id), datasetFields(r.definition, metas));
  return charts;
}

export async function saveChart(deps: BiDeps, auth: AuthContext, body: ChartSave) {
  const version = versionOf(body);
  const def = body.definition;
  const at = deps.now();
  const fields = {
    name: body.name,
    description: body.description,
    datasetId: def.datasetId,
    definition: def,
    ...stamped(auth.userId, at),
  };
  return deps.db.transaction(async (tx) => {
    // Read for share: the dataset is neither deleted nor changed under the chart until it is saved.
    const [dataset] = await tx.select().from(biDatasets).where(eq(biDatasets.id, def.datasetId)).for('share');
    refuse('chart', checkChart(def, dataset?.definition, allMetas(deps.definitions)));
    if (!dataset) throw new Error('unreachable: a chart without its dataset is refused above');
    if (body.id === undefined || version === undefined) {
      const [row] = await tx
        .insert(biCharts)
        .values({ ...fields, tenantId: auth.tenantId, createdBy: auth.userId, createdAt: at })
        .returning({ id: biCharts.id, version: biCharts.version });
      if (!row) throw new Error('no chart row');
      return row;
    }
    await readChart(tx, body.id, 'update');
    refuse('chart', await brokenDashboards(deps, tx, body.id, dataset.definition));
    return { id: body.id, version: await bumpChart(tx, body.id, version, fields) };
  });
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/** A dataset that charts read stays (409): they would have nothing to read. */
export async function deleteDataset(deps: BiDeps, auth: AuthContext, id: number) {
  const row = await readDataset(deps.db, id);
  if (row.definition.kind === 'sql') await requireSqlDataset(deps.db, deps.userSql, auth);
  await deps.db.transaction(async (tx) => {
    await readDataset(tx, id, 'update');
    const charts = await chartsOfDataset(tx, id);
    if (charts.length)
      throw conflict(`The dataset is read by ${plural(charts.length, 'chart')}: delete or move them first`);
    await tx.delete(biDatasets).where(eq(biDatasets.id, id));
  });
  return { id };
}

/** A chart a dashboard shows stays (409): take it off the dashboards first. */
export async function deleteChart(deps: BiDeps, id: number) {
  await deps.db.transaction(async (tx) => {
    await readChart(tx, id, 'update');
    const dashboards = await dashboardsShowing(tx, id);
    if (dashboards.length)
      throw conflict(`The chart is on ${plural(dashboards.length, 'dashboard')}: take it off them first`);
    await tx.delete(biCharts).where(eq(biCharts.id, id));
  });
  return { id };
}
