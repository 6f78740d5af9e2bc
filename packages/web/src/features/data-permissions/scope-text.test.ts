import type { ScopeRule } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { describeRuleDetails, organizationTree } from './scope-text.ts';

const t = (key: string) => key.split('.').pop() ?? key;
const organizations = [
  { id: 1, parentId: null, name: 'HQ' },
  { id: 2, parentId: 1, name: 'PMO' },
  { id: 3, parentId: 2, name: 'PMO team A' },
  { id: 4, parentId: 99, name: 'Orphan' },
];
const ctx = { t, organizations, fieldLabel: (name: string) => name.toUpperCase() };
const rule = (r: Partial<ScopeRule>): ScopeRule => ({ scope: 'all', organizationIds: [], filter: null, ...r });

describe('describeRuleDetails', () => {
  it('names chosen organisations, and an unknown id by number', () => {
    expect(describeRuleDetails(rule({ scope: 'organizations', organizationIds: [2, 7] }), ctx)).toBe('PMO, #7');
  });

  it('reads a custom filter as conditions joined by its match', () => {
    const text = describeRuleDetails(
      rule({
        scope: 'custom',
        filter: {
          match: 'any',
          conditions: [
            { field: 'organizationId', op: 'eq', variable: 'currentOrganization' },
            { field: 'code', op: 'in', value: ['A', 'B'] },
            { field: 'leaveDate', op: 'isNull' },
          ],
        },
      }),
      ctx,
    );
    expect(text).toBe('ORGANIZATIONID eq currentOrganization or CODE in A, B or LEAVEDATE isNull');
  });

  it('says nothing more for kinds without parameters', () => {
    expect(describeRuleDetails(rule({ scope: 'organizationTree' }), ctx)).toBe('');
  });
});

describe('organizationTree', () => {
  it('nests children under parents and keeps orphans at the top', () => {
    const tree = organizationTree(organizations);
    expect(tree.map((n) => n.title)).toEqual(['HQ', 'Orphan']);
    expect(tree[0]?.children[0]?.title).toBe('PMO');
    expect(tree[0]?.children[0]?.children[0]?.title).toBe('PMO team A');
  });
});
