import type { FilterCondition, ScopeKind, ScopeOrganization, ScopeRule } from '@trestle/shared';

type Translate = (key: string, options?: Record<string, unknown>) => string;

export type DescribeContext = {
  t: Translate;
  organizations: ScopeOrganization[];
  fieldLabel(name: string): string;
};

export const kindLabel = (t: Translate, kind: ScopeKind) => t(`dataPermission.kind.${kind}`);

function operand(c: FilterCondition, ctx: DescribeContext): string {
  if (c.variable) return ctx.t(`filterConditions.var.${c.variable}`);
  if (Array.isArray(c.value)) return c.value.join(', ');
  return c.value === undefined ? '' : `"${String(c.value)}"`;
}

/** A condition as a sentence: "Organisation equals Current user's organisation". */
export function describeCondition(c: FilterCondition, ctx: DescribeContext): string {
  return [ctx.fieldLabel(c.field), ctx.t(`filterConditions.op.${c.op}`), operand(c, ctx)].filter(Boolean).join(' ');
}

/** What a rule adds to its kind: the chosen organisations, or the filter's conditions. */
export function describeRuleDetails(rule: ScopeRule, ctx: DescribeContext): string {
  if (rule.scope === 'organizations')
    return rule.organizationIds.map((id) => ctx.organizations.find((o) => o.id === id)?.name ?? `#${id}`).join(', ');
  if (rule.scope === 'custom' && rule.filter) {
    const joiner = ` ${ctx.t(rule.filter.match === 'any' ? 'dataPermission.or' : 'dataPermission.and')} `;
    return rule.filter.conditions.map((c) => describeCondition(c, ctx)).join(joiner);
  }
  return '';
}

/** The organisation list as antd tree data (children under their parent; an orphan shows at the top). */
export type OrganizationNode = { title: string; value: number; key: number; children: OrganizationNode[] };

export function organizationTree(organizations: ScopeOrganization[]): OrganizationNode[] {
  const nodes = new Map<number, OrganizationNode>(
    organizations.map((o) => [o.id, { title: o.name, value: o.id, key: o.id, children: [] }]),
  );
  const roots: OrganizationNode[] = [];
  for (const o of organizations) {
    const node = nodes.get(o.id);
    if (!node) continue;
    const parent = o.parentId === null ? undefined : nodes.get(o.parentId);
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
