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

/** Does one of the caller's enabled roles appear in `roleIds`? */
async function holdsRoleAmong(db: Db, auth: Pick<AuthContext, 'userId'>, roleIds: readonly number[]) {
  if (roleIds.length === 0) return false;
  const [row] = await queryRows<{ held: boolean }>(
    db,
    sql`select exists (select 1 from user_roles ur join roles r on r.id = ur.role_id and r.enabled
          where ur.user_id = ${auth.userId} and r.id in (${sql.join(
            roleIds.map((r) => sql`${r}`),
            sql`, `,
          )})) as held`,
  );
  return row?.held === true;
}

/**
 * A dashboard as its viewer may open it: a designer opens every one of the tenant; anyone else needs the
 * Dashboards screen's grant (403 without) and a dashboard shared with one of their roles. One not shared with
 * them is answered as missing (404), as another tenant's is: its name is not theirs to learn.
 */
export async function dashboardForViewer(db: Db, auth: AuthContext, id: number): Promise<DashboardRow> {
  const row = await readDashboard(db, id);
  if (await isBiDesigner(db, auth)) return row;
  if (!(await holds(db, auth, DASHBOARDS_MENU, 'Search'))) throw forbidden('You may not open dashboards');
  if (!(await holdsRoleAmong(db, auth, row.shareRoles))) throw notFound('dashboard', id);
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
