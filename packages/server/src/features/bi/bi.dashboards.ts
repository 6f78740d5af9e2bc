import {
  type BiListItem,
  type BiProblems,
  checkDashboard,
  type DashboardPublish,
  type DashboardSave,
  type DashboardView,
  dashboardChartIds,
} from '@trestle/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { roles } from '../../db/schema.ts';
import { biDashboards } from '../../db/schema-bi.ts';
import { grantExpr, inTenantPackage } from '../../http/access.ts';
import type { AuthContext } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import type { Language } from '../../http/language.ts';
import { DASHBOARDS_MENU, dashboardForViewer, isBiDesigner, rolesOf } from './bi.access.ts';
import { chartFields, refuse, versionOf } from './bi.design.ts';
import type { BiDeps } from './bi.entities.ts';
import { bumpDashboard, listDashboards, readDashboard, stamped } from './bi.repository.ts';

/** Share roles must be the tenant's own: another tenant's role id (or none at all) is refused by number. */
async function shareProblems(db: Db, tenantId: number, ids: readonly number[]): Promise<BiProblems> {
  if (ids.length === 0) return {};
  const found = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), inArray(roles.id, [...new Set(ids)])));
  const known = new Set(found.map((r) => r.id));
  const missing = [...new Set(ids)].filter((id) => !known.has(id));
  return missing.length ? { shareRoles: `no role ${missing.join(', ')} in this company` } : {};
}

export async function saveDashboard(deps: BiDeps, auth: AuthContext, body: DashboardSave) {
  const version = versionOf(body);
  const def = body.definition;
  const chartIds = dashboardChartIds(def);
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    // The charts are read for share: none is deleted or changed under the dashboard until it is saved.
    const charts = await chartFields(tx, deps.definitions, chartIds, true);
    refuse('dashboard', {
      ...checkDashboard(def, charts),
      ...(await shareProblems(tx, auth.tenantId, body.shareRoles)),
    });
    const fields = {
      name: body.name,
      description: body.description,
      definition: def,
      chartIds,
      shareRoles: [...new Set(body.shareRoles)],
      ...stamped(auth.userId, at),
    };
    if (body.id === undefined || version === undefined) {
      const [row] = await tx
        .insert(biDashboards)
        .values({ ...fields, tenantId: auth.tenantId, createdBy: auth.userId, createdAt: at })
        .returning({ id: biDashboards.id, version: biDashboards.version });
      if (!row) throw new Error('no dashboard row');
      return row;
    }
    return { id: body.id, version: await bumpDashboard(tx, body.id, version, fields) };
  });
}

export async function deleteDashboard(deps: BiDeps, id: number) {
  await deps.db.transaction(async (tx) => {
    await readDashboard(tx, id, 'update');
    await tx.delete(biDashboards).where(eq(biDashboards.id, id));
  });
  return { id };
}

/**
 * Publishing puts the dashboard into its viewers' menu, under a folder of the menu (`parentMenu`, a menu code)
 * or at the top level: `menu_code` keeps that folder's code ('' for the top level; null while unpublished).
 *
 * Why no row of `menus`: that table is the platform's catalogue, and the platform tenant sees every menu in
 * it (inTenantPackage), a tenant's super admin every enabled one in the permission editor, the platform
 * administrator all of them in the menu editor and the package lists. A row per dashboard would show one
 * tenant's dashboards to the others there, and its grants would drift from the dashboard's share roles. The
 * entry is added to getTreeMenu's answer instead (dashboardMenuEntries), read under the caller's tenant (row-level
 * security) for exactly those who may open it: the same test as the dashboard's view.
 */
export async function publishDashboard(db: Db, body: DashboardPublish) {
  await readDashboard(db, body.id);
  const folder = body.parentMenu;
  if (folder !== null) {
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`select m.id from menus m where m.code = ${folder} and m.url = '' and m.enable > 0
          and ${inTenantPackage(sql`m.id`)}`,
    );
    if (!row) throw badRequest('No such menu folder', { parentMenu: `no menu folder ${folder}` });
  }
  await db
    .update(biDashboards)
    .set({ menuCode: folder ?? '' })
    .where(eq(biDashboards.id, body.id));
  return { id: body.id, menuCode: folder ?? '' };
}

export async function unpublishDashboard(db: Db, id: number) {
  await readDashboard(db, id);
  await db.update(biDashboards).set({ menuCode: null }).where(eq(biDashboards.id, id));
  return { id };
}

/**
 * The dashboards a viewer may open: a designer every one of the tenant, anyone else those shared with one of
 * their enabled roles (the route or the menu checks the Dashboards grant).
 */
async function openable(db: Db, auth: AuthContext) {
  if (await isBiDesigner(db, auth)) return sql`true`;
  const mine = await rolesOf(db, auth);
  if (mine.length === 0) return sql`false`;
  return sql`b.share_roles && array[${sql.join(
    mine.map((r) => sql`${r}`),
    sql`, `,
  )}]::int[]`;
}

export async function myDashboards(db: Db, auth: AuthContext, lang: Language): Promise<BiListItem[]> {
  return listDashboards(db, lang, await openable(db, auth));
}

/**
 * The caller's published dashboards as entries of their menu (getTreeMenu): each /dashboards/<id>, its id the
 * dashboard's negated (below 0: never a menu row's). Only with the Dashboards screen's grant, which opening
 * them needs too, and only those the caller may open.
 */
export async function dashboardMenuEntries(db: Db, auth: AuthContext) {
  const [grant] = await queryRows<{ granted: boolean }>(
    db,
    sql`select ${grantExpr(sql`${auth.userId}`, DASHBOARDS_MENU, 'Search')} as granted`,
  );
  if (grant?.granted !== true) return [];
  const rows = await queryRows<{ id: number; name: string; menuCode: string }>(
    db,
    sql`select b.id, b.name, b.menu_code as "menuCode" from bi_dashboards b
        where b.menu_code is not null and ${await openable(db, auth)} order by b.name, b.id`,
  );
  return rows.map((r) => ({
    id: -Number(r.id),
    name: r.name,
    url: `/dashboards/${r.id}`,
    icon: 'DashboardOutlined',
    folder: r.menuCode === '' ? null : r.menuCode,
  }));
}

/**
 * What a viewer draws a dashboard with: its layout, its charts' definitions and their datasets' fields. Never a
 * dataset's definition: a SQL dataset's statement, its data source and an entity dataset's filters stay on the
 * server, and the charts are run by id.
 */
export async function dashboardView(deps: BiDeps, auth: AuthContext, id: number): Promise<DashboardView> {
  const row = await dashboardForViewer(deps.db, auth, id);
  const charts = row.chartIds.length
    ? await queryRows<{ id: number; name: string; definition: DashboardView['charts'][number]['definition'] }>(
        deps.db,
        sql`select id, name, definition from bi_charts where id in (${sql.join(
          row.chartIds.map((c) => sql`${c}`),
          sql`, `,
        )}) order by id`,
      )
    : [];
  const fields = Object.fromEntries(
    [...(await chartFields(deps.db, deps.definitions, row.chartIds))].map(([chart, f]) => [String(chart), f]),
  );
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    definition: row.definition,
    charts: charts.map((c) => ({ id: Number(c.id), name: c.name, definition: c.definition })),
    fields,
    version: row.version,
  };
}
