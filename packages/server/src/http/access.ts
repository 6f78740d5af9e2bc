import { type SQL, sql } from 'drizzle-orm';

/** A role's row scope on engine entities. System administration adds organisation, project and custom scopes. */
export type DataScope = 'all' | 'own';

/**
 * The one grant check, as an expression over a user id: does any enabled role of the user hold
 * (menu, button)? A super-admin role holds every button an enabled menu offers. The menu must also be
 * in the package of the tenant the statement is bound to (the platform tenant has every menu). The
 * same rows drive getTreeMenu's `permission` lists, so what the client shows is what the server allows.
 */
export const grantExpr = (userId: SQL, menuCode: string, buttonCode: string): SQL => sql`exists (
  select 1
  from user_roles ur
  join roles r on r.id = ur.role_id and r.enabled
  join menus m on m.code = ${menuCode} and m.enable > 0
  join buttons b on b.code = ${buttonCode}
  join menu_buttons mb on mb.menu_id = m.id and mb.button_id = b.id
  where ur.user_id = ${userId}
    and ${inTenantPackage(sql`m.id`)}
    and (r.is_super or exists (
      select 1 from role_grants g where g.role_id = r.id and g.menu_id = m.id and g.button_id = b.id)))`;

/** The tenant the current statement is bound to (row-level security reads the same setting). */
export const boundTenant = sql`nullif(current_setting('app.tenant_id', true), '')::integer`;

/** Menus every tenant has, whatever its package: the home page and one's own profile. */
export const BASE_MENUS = ['Home', 'UserInfo'];

/** Is the menu in the bound tenant's package? The platform tenant's package is every menu. */
export const inTenantPackage = (menuId: SQL): SQL => sql`(
  exists (select 1 from tenants tn where tn.id = ${boundTenant} and tn.is_platform)
  or exists (select 1 from tenant_menus tm where tm.tenant_id = ${boundTenant} and tm.menu_id = ${menuId})
  or exists (select 1 from menus bm where bm.id = ${menuId} and bm.code in (${sql.join(
    BASE_MENUS.map((c) => sql`${c}`),
    sql`, `,
  )})))`;

/** True when any enabled role of the user sees all rows (several roles combine as a union). */
export const scopeAllExpr = (userId: SQL): SQL =>
  sql`coalesce((select bool_or(r.data_scope = 'all') from user_roles ur join roles r on r.id = ur.role_id and r.enabled where ur.user_id = ${userId}), false)`;
