import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { EMBEDDED_ONLY_PLATFORM, type UserSql } from '../../db/user-sql.ts';
import { grantExpr } from '../../http/access.ts';
import type { AuthContext } from '../../http/auth.ts';
import { forbidden } from '../../http/errors.ts';
import { isPlatformAdmin } from '../../http/platform.ts';
import { type DashboardRow, notFound, readDashboard } from './bi.repository.ts';

/**
 * Who may do what with BI, each answer from the one grant check (grantExpr): the same grants that show the
 * screens and their buttons. S2's run and export use these too.
 */
export const BI_MENU = 'BIDesign';
/** The viewers' screen: the dashboards shared with one of their roles. */
export const DASHBOARDS_MENU = 'dashboards';
/** The separate grant for SQL datasets: a button of the designer's menu. */
export const SQL_BUTTON = 'Sql';

async function holds(db: Db, auth: Pick<AuthContext, 'userId'>, menu: string, button: string): Promise<boolean> {
  const [row] = await queryRows<{ granted: boolean }>(
    db,
    sql`select ${grantExpr(sql`${auth.userId}`, menu, button)} as granted`,
  );
  return row?.granted === true;
}

/** A designer: holds the BI designer's Search (every dataset, chart and dashboard of the tenant). */
export const isBiDesigner = (db: Db, auth: Pick<AuthContext, 'userId'>) => holds(db, auth, BI_MENU, 'Search');

/**
 * A designer's button (a save is Add without an id and Update with one: one route, two grants): 403 without.
 * The route itself declares the designer's Search, so the caller is a designer already.
 */
export async function requireBiButton(db: Db, auth: Pick<AuthContext, 'userId'>, button: 'Add' | 'Update') {
  if (!(await holds(db, auth, BI_MENU, button)))
    throw forbidden(`You may not ${button === 'Add' ? 'add' : 'change'} BI designs`);
}

/**
 * May write (and try) SQL datasets: the separate Sql grant; on the embedded database, where a statement can be
 * kept neither to one tenant nor within its timeout (docs/adr/0004), only the platform administrator.
 */
export async function maySqlDataset(
  db: Db,
  userSql: Pick<UserSql, 'embedded'>,
  auth: Pick<AuthContext, 'userId' | 'tenantId'>,
): Promise<boolean> {
  if (!(await holds(db, auth, BI_MENU, SQL_BUTTON))) return false;
  return !userSql.embedded || (await isPlatformAdmin(db, auth));
}

/** maySqlDataset, or 403 saying which of the two is missing. */
export async function requireSqlDataset(
  db: Db,
  userSql: Pick<UserSql, 'embedded'>,
  auth: Pick<AuthContext, 'userId' | 'tenantId'>,
) {
  if (await maySqlDataset(db, userSql, auth)) return;
  if (!(await holds(db, auth, BI_MENU, SQL_BUTTON))) throw forbidden('SQL datasets need the BI designer’s Sql grant');
  throw forbidden(`SQL datasets: ${EMBEDDED_ONLY_PLATFORM}`);
}

/**
 * What a request needs to know of its caller, in one statement: whether they are a designer, whether they hold
 * the Dashboards screen's grant, and, when a dashboard is named, whether there is one of that id in the tenant,
 * the charts it shows and whether it is shared with one of their enabled roles.
 */
export type CallerAccess = {
  designer: boolean;
  viewer: boolean;
  /** The dashboard named, or null when there is none of that id (another tenant's included) or none named. */
  dashboard: { chartIds: number[]; shared: boolean } | null;
};

type AccessRow = { designer: boolean; viewer: boolean; found: boolean; chartIds: number[] | null; shared: boolean };

export async function callerAccess(db: Db, auth: Pick<AuthContext, 'userId'>, dashboardId?: number) {
  const user = sql`${auth.userId}`;
  const [row] = await queryRows<AccessRow>(
    db,
    sql`select ${grantExpr(user, BI_MENU, 'Search')} as designer, ${grantExpr(user, DASHBOARDS_MENU, 'Search')} as viewer,
          b.id is not null as found, b.chart_ids as "chartIds",
          exists (select 1 from user_roles ur join roles r on r.id = ur.role_id and r.enabled
                  where ur.user_id = ${user} and r.id = any(b.share_roles)) as shared
        from (select 1) one left join bi_dashboards b on b.id = ${dashboardId ?? null}::integer`,
  );
  return {
    designer: row?.designer === true,
    viewer: row?.viewer === true,
    dashboard: row?.found ? { chartIds: (row.chartIds ?? []).map(Number), shared: row.shared === true } : null,
  } satisfies CallerAccess;
}

/**
 * May the caller open dashboard `id`? A designer opens every one of the tenant; anyone else needs the Dashboards
 * screen's grant (403 without) and a dashboard shared with one of their roles. One not shared with them is
 * answered as missing (404), as another tenant's is: its name is not theirs to learn.
 */
export function checkViewer(access: CallerAccess, id: number) {
  if (access.designer) return;
  if (!access.dashboard) throw notFound('dashboard', id);
  if (!access.viewer) throw forbidden('You may not open dashboards');
  if (!access.dashboard.shared) throw notFound('dashboard', id);
}

/** A dashboard as its viewer may open it (checkViewer): a missing one is a 404 for a designer too. */
export async function dashboardForViewer(db: Db, auth: AuthContext, id: number): Promise<DashboardRow> {
  const [row, access] = await Promise.all([readDashboard(db, id), callerAccess(db, auth, id)]);
  checkViewer(access, id);
  return row;
}

/** The enabled roles of the caller, for the dashboards shared with them. */
export async function rolesOf(db: Db, auth: Pick<AuthContext, 'userId'>): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select r.id from user_roles ur join roles r on r.id = ur.role_id and r.enabled where ur.user_id = ${auth.userId}`,
  );
  return rows.map((r) => Number(r.id));
}
