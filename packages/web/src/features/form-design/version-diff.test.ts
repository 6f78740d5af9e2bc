import type { FormDesign } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { diffDesigns, diffIsEmpty } from './version-diff.ts';

const v1: FormDesign = {
  title: { en: 'Site visit', zh: '勘察' },
  fields: [
    { name: 'siteName', type: 'string', label: { en: 'Site', zh: '现场' }, required: true },
    { name: 'notes', type: 'text', label: { en: 'Notes', zh: '备注' } },
  ],
  tables: [],
  items: [
    {
      kind: 'section',
      id: 's1',
      title: { en: 'Visit', zh: '勘察' },
      items: [{ kind: 'field', id: 'f1', name: 'siteName' }],
    },
    { kind: 'field', id: 'f2', name: 'notes', span: 24 },
  ],
  rules: [],
};

describe('the version diff', () => {
  it('finds nothing between a design and itself', () => {
    expect(diffIsEmpty(diffDesigns(v1, structuredClone(v1)))).toBe(true);
  });

  it('lists fields, items and rules added, removed and changed, with the settings that moved', () => {
    const v2: FormDesign = {
      ...v1,
      title: { en: 'Site visit request', zh: '勘察' },
      fields: [
        { name: 'siteName', type: 'string', label: { en: 'Site name', zh: '现场' }, length: 100 },
        { name: 'visitors', type: 'integer', label: { en: 'Visitors', zh: '人数' } },
      ],
      items: [
        {
          kind: 'section',
          id: 's1',
          title: { en: 'Visit', zh: '勘察' },
          items: [
            { kind: 'field', id: 'f1', name: 'siteName', span: 8 },
            { kind: 'field', id: 'f3', name: 'visitors' },
          ],
        },
      ],
      rules: [
        {
          id: 'r1',
          name: 'Many visitors',
          match: 'all',
          when: [{ subject: 'field', field: 'visitors', op: 'gt', value: 10 }],
          actions: [{ action: 'require', target: 'siteName' }],
        },
      ],
    };
    const d = diffDesigns(v1, v2);
    expect(diffIsEmpty(d)).toBe(false);
    expect(d.form).toEqual([{ name: 'form', details: ['title.en: "Site visit" → "Site visit request"'] }]);
    expect(d.fields.added).toEqual(['visitors']);
    expect(d.fields.removed).toEqual(['notes']);
    expect(d.fields.changed).toEqual([
      {
        name: 'siteName',
        details: ['label.en: "Site" → "Site name"', 'length: — → 100', 'required: true → —'],
      },
    ]);
    expect(d.items.added).toEqual(['field visitors']);
    expect(d.items.removed).toEqual(['field notes']);
    expect(d.items.changed).toEqual([{ name: 'field siteName', details: ['span: — → 8'] }]);
    expect(d.rules.added).toEqual(['Many visitors']);
    expect(d.tables).toEqual({ added: [], removed: [], changed: [] });
  });

  it('tells an item moved to another container', () => {
    const moved: FormDesign = {
      ...v1,
      items: [
        { kind: 'section', id: 's1', title: { en: 'Visit', zh: '勘察' }, items: [] },
        { kind: 'field', id: 'f1', name: 'siteName' },
        { kind: 'field', id: 'f2', name: 'notes', span: 24 },
      ],
    };
    const d = diffDesigns(v1, moved);
    expect(d.items.changed.find((c) => c.name === 'field siteName')?.details).toEqual([
      'container: "s1" → "root"',
      'position: 1 → 2',
    ]);
  });
});
