import { type ScopeKind, type ScopeRule, scopeKinds } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';

/** One enabled role of the caller: its default scope and its per-entity rules (as saved, validated then). */
export type RoleScope = { default: ScopeKind; rules: Record<string, ScopeRule> };

/**
 * The caller's row scope on engine entities, read with the session check: the user's organisation and
 * each enabled role's rules. engine/scope.ts compiles it per entity (roles combine as a union).
 */
export type DataScope = { organizationId: number | null; roles: RoleScope[] };

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

/** Does role `r` hold (menu, button)? The same test as trestle_data_scope's, for the explanation's per-role answer. */
export const roleHolds = (menuCode: string, buttonCode: string): SQL => sql`(r.is_super or exists (
  select 1 from role_grants g
  join menus m on m.id = g.menu_id and m.code = ${menuCode} and m.enable > 0
  join buttons b on b.id = g.button_id and b.code = ${buttonCode}
  where g.role_id = r.id))`;

/**
 * The data scope of a user as one JSON value, for the session check (same round trip):
 * {o: organisation id, r: [{d: default scope, s: {Entity: [scope, organisation ids, filter]}}]}.
 * With `grant`, only the roles holding it count: a role that does not open a screen must not widen
 * the rows another role shows there (a per-action union, as NocoBase's union roles). The query lives
 * in the PL/pgSQL function of migration 0008, whose plan is cached per connection: inline, its
 * planning doubled the cost of the session check.
 */
export const scopeExpr = (userId: SQL, grant?: { menu: string; button: string }): SQL =>
  sql`trestle_data_scope(${userId}, ${grant?.menu ?? null}::text, ${grant?.button ?? null}::text)`;

type RawScope = { o: number | null; r: { d: string; s: Record<string, [string, number[], unknown]> | null }[] };

/** A role default names a kind that needs no parameters; anything else narrows to 'own' (deny wider, never open). */
export const defaultKind = (d: string): ScopeKind =>
  (scopeKinds as readonly string[]).includes(d) && d !== 'organizations' && d !== 'custom' ? (d as ScopeKind) : 'own';

/** The JSON of scopeExpr as a DataScope (pg and PGlite both hand json back parsed; text is parsed here). */
export function dataScopeOf(raw: unknown): DataScope {
  const value = (typeof raw === 'string' ? JSON.parse(raw) : raw) as RawScope;
  return {
    organizationId: value.o ?? null,
    roles: value.r.map((role) => ({
      default: defaultKind(role.d),
      rules: Object.fromEntries(
        Object.entries(role.s ?? {}).map(([entity, [scope, organizationIds, filter]]) => [
          entity,
          { scope, organizationIds, filter } as ScopeRule,
        ]),
      ),
    })),
  };
}

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
