import {
  conditionProblems,
  type EntityMeta,
  type EntityScope,
  ErrorCode,
  type ExplainBody,
  type ExplainResult,
  type FieldErrors,
  operatorsFor,
  type SaveScopeRuleBody,
  type ScopeOrganization,
  type ScopeRole,
  type ScopeRule,
  type ScopeUser,
  scopeKindsOf,
  variablesFor,
} from '@trestle/shared';
import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containing } from '../../db/like.ts';
import { nameIn } from '../../db/names.ts';
import { organizations, roles, users } from '../../db/schema.ts';
import { roleDataScopes } from '../../db/schema-data-permissions.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import type { Language } from '../../http/language.ts';
import { loadRoleScope } from '../../http/role-scope.ts';
import { organizationChoices } from '../../platform/accounts.ts';
import { explainRow } from './data-permissions.explain.ts';

type Caller = { tenantId: number; userId: number };

const notFound = (what: string) => new AppError(404, ErrorCode.notFound, `No ${what} with that id`);

const ruleOf = (row: { scope: string; organizationIds: number[]; filter: unknown }): ScopeRule =>
  ({ scope: row.scope, organizationIds: row.organizationIds, filter: row.filter ?? null }) as ScopeRule;

/** The fields a custom filter may name, with what each allows. */
const filterFields = (meta: EntityMeta) =>
  meta.fields
    .filter((f) => operatorsFor(f.type).length > 0)
    .map((f) => ({
      name: f.name,
      label: f.label,
      type: f.type,
      ...(f.intSize ? { intSize: f.intSize } : {}),
      operators: operatorsFor(f.type),
      variables: variablesFor(f.type),
    }));

/** The rules of the data-permission screen, and the explanation of one row's visibility. */
export function createDataPermissionRepository(db: Db, definitions: EntityDefinition[]) {
  const byName = new Map(definitions.map((d) => [d.meta.name, d]));

  /**
   * A role of the caller's tenant in its sight (404 otherwise, the same for another tenant's and a missing
   * one); to change its rules the caller must manage it, as for its grants: no one widens the rows of a role
   * it holds itself.
   */
  async function roleOf(caller: Caller, roleId: number, change = false) {
    const scope = await loadRoleScope(db, caller.userId, caller.tenantId);
    if (!scope.visible.has(roleId)) throw notFound('role');
    if (change && !scope.manageable.has(roleId))
      throw forbidden('You cannot change the rules of a role you hold yourself');
  }

  /** Field errors of a rule for this entity, keyed like the body (`rule.…`). */
  async function ruleErrors(caller: Caller, meta: EntityMeta, rule: ScopeRule): Promise<FieldErrors> {
    const errors: FieldErrors = {};
    if (!scopeKindsOf(meta).includes(rule.scope))
      errors['rule.scope'] = `${meta.label.en} has no field this scope compares`;
    if (rule.scope === 'organizations') {
      const ids = [...new Set(rule.organizationIds)];
      const found = await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.tenantId, caller.tenantId), inArray(organizations.id, ids)));
      if (found.length !== ids.length) errors['rule.organizationIds'] = 'an organisation does not exist';
    }
    if (rule.scope === 'custom')
      for (const [i, c] of (rule.filter?.conditions ?? []).entries())
        for (const [key, message] of Object.entries(conditionProblems(meta.fields, c)))
          errors[`rule.filter.conditions.${i}.${key}`] = message;
    return errors;
  }

  return {
    async roles(caller: Caller, lang: Language): Promise<ScopeRole[]> {
      const rows = await db
        .select({
          id: roles.id,
          code: roles.code,
          name: nameIn(lang, roles.name, roles.nameZh),
          isSuper: roles.isSuper,
          d: roles.dataScope,
        })
        .from(roles)
        .where(eq(roles.tenantId, caller.tenantId))
        .orderBy(asc(roles.id));
      return rows.map(({ d, ...r }) => ({ ...r, defaultScope: d === 'all' ? 'all' : 'own' }));
    },

    /** Every registered entity with what it supports and the role's rule (null: the role's default applies). */
    async entities(caller: Caller, roleId: number): Promise<EntityScope[]> {
      await roleOf(caller, roleId);
      const saved = await db
        .select()
        .from(roleDataScopes)
        .where(and(eq(roleDataScopes.roleId, roleId), eq(roleDataScopes.tenantId, caller.tenantId)));
      const rules = new Map(saved.map((s) => [s.entity, ruleOf(s)]));
      return definitions.map(({ meta }) => ({
        entity: meta.name,
        label: meta.label,
        kinds: scopeKindsOf(meta),
        fields: filterFields(meta),
        rule: rules.get(meta.name) ?? null,
      }));
    },

    async save(caller: Caller, body: SaveScopeRuleBody) {
      const def = byName.get(body.entity);
      if (!def) throw badRequest('No such entity', { entity: 'is not a registered entity' });
      await roleOf(caller, body.roleId, true);
      const where = and(eq(roleDataScopes.roleId, body.roleId), eq(roleDataScopes.entity, body.entity));
      if (!body.rule) {
        await db.delete(roleDataScopes).where(where);
        return;
      }
      const rule = body.rule;
      const errors = await ruleErrors(caller, def.meta, rule);
      if (Object.keys(errors).length) throw badRequest('The rule is not valid for this entity', errors);
      const values = {
        scope: rule.scope,
        organizationIds: rule.scope === 'organizations' ? [...new Set(rule.organizationIds)] : [],
        filter: rule.scope === 'custom' ? rule.filter : null,
        updatedBy: caller.userId,
        updatedAt: new Date(),
      };
      await db
        .insert(roleDataScopes)
        .values({ tenantId: caller.tenantId, roleId: body.roleId, entity: body.entity, ...values })
        .onConflictDoUpdate({ target: [roleDataScopes.roleId, roleDataScopes.entity], set: values });
    },

    async organizations(caller: Caller, lang: Language): Promise<ScopeOrganization[]> {
      return organizationChoices(db, caller.tenantId, lang);
    },

    async users(caller: Caller, q: string): Promise<ScopeUser[]> {
      const text = containing(q);
      return db
        .select({ id: users.id, userName: users.userName, userTrueName: users.userTrueName })
        .from(users)
        .where(
          and(
            eq(users.tenantId, caller.tenantId),
            q ? or(ilike(users.userName, text), ilike(users.userTrueName, text)) : undefined,
          ),
        )
        .orderBy(asc(users.userName))
        .limit(50);
    },

    async explain(caller: Caller, body: ExplainBody, lang: Language): Promise<ExplainResult> {
      const def = byName.get(body.entity);
      if (!def) throw badRequest('No such entity', { entity: 'is not a registered entity' });
      return explainRow(db, def, caller, body, lang);
    },
  };
}

export type DataPermissionRepository = ReturnType<typeof createDataPermissionRepository>;
