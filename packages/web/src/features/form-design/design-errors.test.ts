import { checkFormDesign, type FormDesign } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { itemKey, placeErrors } from '../../components/form-design/design-errors.ts';

const label = (en: string) => ({ en, zh: en });
const design: FormDesign = {
  title: label('Site visit'),
  fields: [
    { name: 'siteName', type: 'string', label: label('Site') },
    { name: 'total', type: 'decimal', label: label('Total'), computed: 'missing + 1' },
  ],
  tables: [],
  items: [
    {
      kind: 'section',
      id: 's1',
      title: label('Visit'),
      items: [
        { kind: 'field', id: 'f1', name: 'siteName' },
        { kind: 'field', id: 'f2', name: 'total' },
        { kind: 'field', id: 'f3', name: 'ghost' },
      ],
    },
  ],
  rules: [{ id: 'r1', match: 'all', when: [], actions: [{ action: 'hide', target: 'nowhere' }] }],
};

describe('placing the design’s problems', () => {
  it('lays the check’s problems on the items and rules they are about', () => {
    const placed = placeErrors(design, checkFormDesign(design));
    expect(placed.byItem.get('f3')).toEqual(['no field named ghost']);
    expect(placed.byItem.get('f2')).toEqual(['reads missing, which is not a field of the form']);
    expect(placed.byItem.has('f1')).toBe(false);
    expect(placed.byRule.get(0)).toEqual(['no field, sub-table or section named nowhere']);
    expect(placed.all.map((p) => p.key).sort()).toEqual([
      'fields.1.computed',
      'items.f3.name',
      'rules.0.actions.0.target',
    ]);
  });

  it('keys a problem on a nested item by the item’s id, whichever way it came', () => {
    expect(itemKey(design, 'items.0.items.2.span')).toBe('items.f3.span');
    expect(itemKey(design, 'items.0.title.en')).toBe('items.s1.title.en');
    expect(itemKey(design, 'items.f2.name')).toBe('items.f2.name');
    expect(itemKey(design, 'fields.0.name')).toBe('fields.0.name');
  });
});
