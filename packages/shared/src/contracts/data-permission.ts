import { z } from 'zod';
import { type EntityMeta, type FieldMeta, type FieldType, fieldTypes } from '../entity/metadata.ts';
import { codedRow, treeNode, userIdentity } from './shapes.ts';
import { id, intRanges, isCalendarDate, isDateTime } from './values.ts';

/**
 * Data permission (/dataPermission): per role and entity, which rows the role's users reach on every
 * engine path. A role without a rule for an entity keeps its role-level default ('all' or 'own');
 * a user's roles combine as a union.
 */
export const scopeKinds = [
  'all',
  'own',
  'organization',
  'organizationTree',
  'organizations',
  'projects',
  'custom',
] as const;
export type ScopeKind = (typeof scopeKinds)[number];

/** The kinds a role may keep as its default (roles.data_scope). */
export const roleDefaultScopes = ['all', 'own'] as const;
export type RoleDefaultScope = (typeof roleDefaultScopes)[number];

export const filterOperators = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'like', 'isNull', 'notNull'] as const;
export type FilterOperator = (typeof filterOperators)[number];

export const scopeVariables = ['currentUser', 'currentOrganization', 'today'] as const;
export type ScopeVariable = (typeof scopeVariables)[number];

const scalar = z.union([z.string().max(200), z.number(), z.boolean()]);

export const filterConditionSchema = z.strictObject({
  field: z.string().min(1).max(64),
  op: z.enum(filterOperators),
  /** A literal, or a list for `in`; absent when a variable is used or the operator takes no value. */
  value: z.union([scalar, z.array(z.union([z.string().max(200), z.number()])).max(100)]).optional(),
  variable: z.enum(scopeVariables).optional(),
});
export type FilterCondition = z.infer<typeof filterConditionSchema>;

export const customFilterSchema = z.strictObject({
  match: z.enum(['all', 'any']).default('all'),
  conditions: z.array(filterConditionSchema).min(1).max(20),
});
export type CustomFilter = z.infer<typeof customFilterSchema>;

export const scopeRuleSchema = z
  .strictObject({
    scope: z.enum(scopeKinds),
    organizationIds: z.array(id).max(500).default([]),
    filter: customFilterSchema.nullable().default(null),
  })
  .superRefine((rule, ctx) => {
    if (rule.scope === 'organizations' && rule.organizationIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['organizationIds'], message: 'choose at least one organisation' });
    if (rule.scope === 'custom' && !rule.filter)
      ctx.addIssue({ code: 'custom', path: ['filter'], message: 'a custom scope needs a filter' });
  });
export type ScopeRule = z.infer<typeof scopeRuleSchema>;

const entityName = z
  .string()
  .regex(/^[A-Z][A-Za-z0-9]*$/)
  .max(64);

/** Save (or, with rule null, remove) one role's rule for one entity. */
export const saveScopeRuleBodySchema = z.strictObject({
  roleId: id,
  entity: entityName,
  rule: scopeRuleSchema.nullable(),
});
export type SaveScopeRuleBody = z.infer<typeof saveScopeRuleBodySchema>;

export const scopeRoleSchema = z.object({
  ...codedRow,
  isSuper: z.boolean(),
  defaultScope: z.enum(roleDefaultScopes),
});
export type ScopeRole = z.infer<typeof scopeRoleSchema>;

export const scopeFieldSchema = z.object({
  name: z.string(),
  label: z.object({ en: z.string(), zh: z.string() }),
  type: z.enum(fieldTypes),
  /** An integer field's column size, so the rule editor checks a value against the same range. */
  intSize: z.enum(['int2', 'int4', 'int8']).optional(),
  operators: z.array(z.enum(filterOperators)),
  variables: z.array(z.enum(scopeVariables)),
});
export type ScopeField = z.infer<typeof scopeFieldSchema>;

/** One entity as the screen lists it for a role: what it supports, and the role's rule. */
export const entityScopeSchema = z.object({
  entity: z.string(),
  label: z.object({ en: z.string(), zh: z.string() }),
  kinds: z.array(z.enum(scopeKinds)),
  fields: z.array(scopeFieldSchema),
  rule: scopeRuleSchema.nullable(),
});
export type EntityScope = z.infer<typeof entityScopeSchema>;

export const scopeOrganizationSchema = z.object({ ...treeNode, name: z.string() });
export type ScopeOrganization = z.infer<typeof scopeOrganizationSchema>;

export const scopeUserSchema = z.object(userIdentity);
export type ScopeUser = z.infer<typeof scopeUserSchema>;

export const explainBodySchema = z.strictObject({
  userId: id,
  entity: entityName,
  key: id,
});
export type ExplainBody = z.infer<typeof explainBodySchema>;

export const explainResultSchema = z.object({
  visible: z.boolean(),
  /** The user holds Search on the entity's screen (a row in scope is still unreachable without it). */
  granted: z.boolean(),
  rowLabel: z.string(),
  roles: z.array(
    z.object({
      roleId: z.number(),
      name: z.string(),
      source: z.enum(['rule', 'default']),
      rule: scopeRuleSchema,
      /** The role opens the entity's screen (Search); a role that does not adds no rows there. */
      opensScreen: z.boolean(),
      matches: z.boolean(),
    }),
  ),
});
export type ExplainResult = z.infer<typeof explainResultSchema>;

const numeric: FieldType[] = ['integer', 'decimal', 'reference'];
const textual: FieldType[] = ['string', 'text', 'dict'];
const temporal: FieldType[] = ['date', 'datetime', 'time'];

/** The operators a custom filter may use on a field of this type (none: the field cannot be filtered). */
export function operatorsFor(type: FieldType): FilterOperator[] {
  if (numeric.includes(type)) return ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'isNull', 'notNull'];
  if (textual.includes(type)) return ['eq', 'ne', 'in', 'like', 'isNull', 'notNull'];
  if (temporal.includes(type)) return ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'isNull', 'notNull'];
  if (type === 'boolean') return ['eq', 'ne', 'isNull', 'notNull'];
  return [];
}

/** The variables a field of this type may be compared with. */
export function variablesFor(type: FieldType): ScopeVariable[] {
  if (type === 'integer' || type === 'reference') return ['currentUser', 'currentOrganization'];
  if (type === 'date' || type === 'datetime') return ['today'];
  return [];
}

/** The scope kinds an entity supports: those that need a scope field only when it names one. */
export function scopeKindsOf(meta: EntityMeta): ScopeKind[] {
  return scopeKinds.filter((k) => {
    if (k === 'organization' || k === 'organizationTree' || k === 'organizations') return !!meta.scope.organization;
    if (k === 'projects') return !!meta.scope.project;
    return true;
  });
}

/** Null when `value` fits a field of this type (and, for integers, its column's range), else why not. */
function valueProblem(f: Pick<FieldMeta, 'type' | 'intSize'>, value: unknown): string | null {
  const { type } = f;
  if (type === 'integer' || type === 'reference') {
    const [min, max] = intRanges[(type === 'integer' && f.intSize) || 'int4'];
    return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
      ? null
      : `needs a whole number from ${min} to ${max}`;
  }
  if (type === 'decimal') {
    const ok =
      typeof value === 'number'
        ? Number.isFinite(value)
        : typeof value === 'string' && /^-?\d{1,20}(\.\d{1,10})?$/.test(value);
    return ok ? null : 'needs a number';
  }
  if (textual.includes(type)) return typeof value === 'string' ? null : 'needs text';
  if (type === 'boolean') return typeof value === 'boolean' ? null : 'needs true or false';
  if (type === 'date')
    return typeof value === 'string' && isCalendarDate(value) ? null : 'needs a real date (YYYY-MM-DD)';
  if (type === 'datetime')
    return typeof value === 'string' && isDateTime(value)
      ? null
      : 'needs a date and time (YYYY-MM-DDTHH:mm:ss with Z or an offset)';
  if (type === 'time')
    return typeof value === 'string' && /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value)
      ? null
      : 'needs a time (HH:mm:ss)';
  return 'cannot be compared';
}

/**
 * The problems of one condition against the entity's fields, keyed `field`, `op` or `value`
 * (empty when it is sound). Server and rule editor check with the same function.
 */
export function conditionProblems(
  fields: Pick<FieldMeta, 'name' | 'type' | 'intSize'>[],
  c: FilterCondition,
): Partial<Record<'field' | 'op' | 'value', string>> {
  const f = fields.find((x) => x.name === c.field);
  if (!f) return { field: 'is not a field of this entity' };
  const ops = operatorsFor(f.type);
  if (ops.length === 0) return { field: 'cannot be filtered' };
  if (!ops.includes(c.op)) return { op: `is not allowed for a ${f.type} field` };
  const noOperand = c.op === 'isNull' || c.op === 'notNull';
  if (noOperand) return c.value === undefined && !c.variable ? {} : { value: 'takes no value with this operator' };
  if (c.variable !== undefined) {
    if (c.value !== undefined) return { value: 'give a value or a variable, not both' };
    if (c.op === 'in' || c.op === 'like') return { value: 'a variable cannot be used with this operator' };
    return variablesFor(f.type).includes(c.variable) ? {} : { value: `${c.variable} does not fit a ${f.type} field` };
  }
  if (c.value === undefined) return { value: 'required' };
  if (c.op === 'in') {
    if (!Array.isArray(c.value) || c.value.length === 0) return { value: 'needs a list of values' };
    const bad = c.value.map((v) => valueProblem(f, v)).find((p) => p !== null);
    return bad ? { value: bad } : {};
  }
  if (Array.isArray(c.value)) return { value: 'takes one value with this operator' };
  if (c.op === 'like') return typeof c.value === 'string' && c.value !== '' ? {} : { value: 'needs text' };
  const problem = valueProblem(f, c.value);
  return problem ? { value: problem } : {};
}
