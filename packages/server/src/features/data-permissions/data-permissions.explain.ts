import { columnOf, ErrorCode, type ExplainBody, type ExplainResult, type ScopeRule } from '@trestle/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { roleDataScopes } from '../../db/schema-data-permissions.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import { ruleCondition } from '../../engine/scope.ts';
import { dataScopeOf, defaultKind, grantExpr, roleHolds, scopeExpr } from '../../http/access.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import type { Language } from '../../http/language.ts';

type Caller = { tenantId: number; userId: number };
type RoleRow = { id: number; name: string; d: string; opens: boolean };

const notFound = (what: string) => new AppError(404, ErrorCode.notFound, what);

/** Each enabled role of the user, with whether it opens the entity's screen. */
async function rolesOf(db: Db, caller: Caller, body: ExplainBody, lang: Language) {
  return queryRows<RoleRow>(
    db,
    sql`select r.id, ${lang === 'zh' ? sql`coalesce(nullif(r.name_zh, ''), r.name)` : sql`r.name`} as name, r.data_scope as d, ${roleHolds(body.entity, 'Search')} as opens
        from user_roles ur join roles r on r.id = ur.role_id and r.enabled
        where ur.user_id = ${body.userId} and r.tenant_id = ${caller.tenantId} order by r.id`,
  );
}

/** The rule each role applies to the entity: its saved rule, else its default. */
async function rulesOf(db: Db, entity: string, roles: RoleRow[]) {
  const saved = roles.length
    ? await db
        .select()
        .from(roleDataScopes)
        .where(
          sql`${roleDataScopes.entity} = ${entity} and ${inArray(
            roleDataScopes.roleId,
            roles.map((r) => r.id),
          )}`,
        )
    : [];
  return roles.map((r) => {
    const own = saved.find((s) => s.roleId === r.id);
    const rule = (
      own
        ? { scope: own.scope, organizationIds: own.organizationIds, filter: own.filter ?? null }
        : { scope: defaultKind(r.d), organizationIds: [], filter: null }
    ) as ScopeRule;
    return { roleId: r.id, name: r.name, source: own ? ('rule' as const) : ('default' as const), rule };
  });
}

/**
 * Whether `userId` sees row `key` of the entity, and why: each enabled role's rule evaluated on the row
 * with the engine's own compiler, in one statement of a read-only transaction.
 */
export async function explainRow(
  db: Db,
  def: EntityDefinition,
  caller: Caller,
  body: ExplainBody,
  lang: Language = 'en',
): Promise<ExplainResult> {
  const { meta } = def;
  const search = { menu: meta.name, button: 'Search' };
  const [subject] = await queryRows<{ scope: unknown; granted: boolean }>(
    db,
    sql`select ${scopeExpr(sql`${body.userId}`, search)} as scope, ${grantExpr(sql`${body.userId}`, search.menu, search.button)} as granted
        from users where id = ${body.userId} and tenant_id = ${caller.tenantId}`,
  );
  if (!subject) throw notFound('No user with that id');
  const roles = await rolesOf(db, caller, body, lang);
  const explained = await rulesOf(db, meta.name, roles);
  const dataScope = dataScopeOf(subject.scope);
  const auth: AuthContext = {
    ...caller,
    userId: body.userId,
    sessionId: '',
    jti: '',
    expiresAt: new Date(0),
    dataScope,
  };
  const who = { userId: body.userId, tenantId: caller.tenantId, organizationId: dataScope.organizationId };

  const columns: SQL[] = explained.map(
    (e, i) => sql`coalesce(${ruleCondition(meta, e.rule, who) ?? sql`true`}, false) as ${sql.identifier(`r${i}`)}`,
  );
  const base: SQL[] = [];
  if (meta.softDelete) base.push(sql`t.deleted_at is null`);
  if (def.filter) base.push(def.filter(auth));
  columns.push(sql`coalesce(${base.length ? sql.join(base, sql` and `) : sql`true`}, false) as "base"`);
  // A few text fields name the row in the answer.
  const label = meta.fields
    .filter((f) => f.type === 'string')
    .slice(0, 2)
    .map((f) => sql`coalesce(t.${sql.identifier(columnOf(f))}::text, '')`);
  columns.push(sql`concat_ws(' ', ${label.length ? sql.join(label, sql`, `) : sql`''`}) as "label"`);
  const key = meta.fields.find((f) => f.name === meta.key);
  if (!key) throw new Error(`${meta.name}: no key field`);

  const [row] = await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    return queryRows<Record<string, boolean | string>>(
      tx,
      sql`select ${sql.join(columns, sql`, `)} from ${sql.identifier(meta.table)} t
          where t.tenant_id = ${caller.tenantId} and t.${sql.identifier(columnOf(key))} = ${body.key}`,
    );
  });
  if (!row) throw notFound(`No record with key ${body.key}`);
  const result = explained.map((e, i) => ({
    ...e,
    opensScreen: roles[i]?.opens === true,
    matches: row[`r${i}`] === true,
  }));
  return {
    visible: row.base === true && result.some((r) => r.opensScreen && r.matches),
    granted: subject.granted === true,
    rowLabel: String(row.label ?? ''),
    roles: result,
  };
}
