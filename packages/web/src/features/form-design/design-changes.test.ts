import { checkFormDesign, type EntityMeta, type FormDesign, formDesignSchema, formFieldTypes } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { applyChange, type DesignChange, renamedIn } from '../../components/form-design/design-changes.ts';
import { boundStartingItems, emptyDesign, type PaletteEntry } from '../../components/form-design/design-pieces.ts';
import { itemsOf, ROOT } from '../../components/form-design/design-tree.ts';

const run = (changes: DesignChange[], from: FormDesign = emptyDesign()) => changes.reduce(applyChange, from);
const add = (entry: PaletteEntry, container = ROOT, index = 99): DesignChange => ({
  type: 'add',
  entry,
  container,
  index,
});
const ids = (d: FormDesign, container = ROOT) => itemsOf(d.items, container)?.map((i) => i.id);

describe('the design reducer', () => {
  it('adds a field of a type from the palette: a field with a free name, placed where it was dropped', () => {
    const d = run([add({ kind: 'fieldType', type: 'string' }), add({ kind: 'fieldType', type: 'richText' }, ROOT, 0)]);
    expect(d.fields.map((f) => [f.name, f.type])).toEqual([
      ['field1', 'string'],
      ['field2', 'richText'],
    ]);
    expect(d.items).toEqual([
      { kind: 'field', id: 'f2', name: 'field2', span: 24 },
      { kind: 'field', id: 'f1', name: 'field1' },
    ]);
    expect(d.fields[0]?.label).toEqual({ en: 'Text (short)', zh: '文本（短）' });
    expect(checkFormDesign(formDesignSchema.parse(d))).toEqual({});
  });

  it('adds a field of every type, each whole at once', () => {
    const d = run(formFieldTypes.map((type) => add({ kind: 'fieldType', type })));
    expect(d.fields.map((f) => f.type)).toEqual([...formFieldTypes]);
    expect(formDesignSchema.safeParse(d).success).toBe(true);
    expect(checkFormDesign(formDesignSchema.parse(d))).toEqual({});
  });

  it('adds a sub-table with a field of its own, which the contract accepts', () => {
    const d = run([add({ kind: 'layout', piece: 'table' })]);
    expect(d.tables).toHaveLength(1);
    expect(d.tables[0]?.name).toBe('Table1');
    expect(d.items).toEqual([{ kind: 'table', id: 't1', name: 'Table1', span: 24 }]);
    expect(formDesignSchema.safeParse(d).success).toBe(true);
    expect(checkFormDesign(formDesignSchema.parse(d))).toEqual({});
  });

  it('nests: a field dropped into a section, a tab and a column sits there', () => {
    let d = run([
      add({ kind: 'layout', piece: 'section' }),
      add({ kind: 'layout', piece: 'tabs' }),
      add({ kind: 'layout', piece: 'columns' }),
    ]);
    const tabs = d.items[1];
    const cols = d.items[2];
    if (tabs?.kind !== 'tabs' || cols?.kind !== 'columns') throw new Error('no tabs or columns');
    const tab2 = tabs.tabs[1]?.id ?? '';
    const col1 = cols.columns[0]?.id ?? '';
    d = run(
      [
        add({ kind: 'fieldType', type: 'integer' }, 's1', 0),
        add({ kind: 'fieldType', type: 'date' }, tab2, 0),
        add({ kind: 'fieldType', type: 'boolean' }, col1, 0),
      ],
      d,
    );
    expect(ids(d, 's1')).toEqual(['f1']);
    expect(ids(d, tab2)).toEqual(['f2']);
    expect(ids(d, col1)).toEqual(['f3']);
    expect(ids(d)).toEqual(['s1', 'g1', 'c1']);
    expect(checkFormDesign(formDesignSchema.parse(d))).toEqual({});
  });

  it('moves an item within its container and into another, and never into itself', () => {
    let d = run([
      add({ kind: 'fieldType', type: 'string' }),
      add({ kind: 'fieldType', type: 'integer' }),
      add({ kind: 'fieldType', type: 'date' }),
      add({ kind: 'layout', piece: 'section' }),
    ]);
    d = applyChange(d, { type: 'move', id: 'f1', container: ROOT, index: 2 });
    expect(ids(d)).toEqual(['f2', 'f3', 'f1', 's1']);
    d = applyChange(d, { type: 'move', id: 'f3', container: 's1', index: 0 });
    expect(ids(d)).toEqual(['f2', 'f1', 's1']);
    expect(ids(d, 's1')).toEqual(['f3']);
    const before = d;
    expect(applyChange(d, { type: 'move', id: 's1', container: 's1', index: 0 })).toBe(before);
  });

  it('deletes an item with what is inside it, and their fields', () => {
    let d = run([add({ kind: 'layout', piece: 'section' }), add({ kind: 'fieldType', type: 'string' })]);
    d = run(
      [add({ kind: 'fieldType', type: 'decimal' }, 's1', 0), add({ kind: 'layout', piece: 'table' }, 's1', 1)],
      d,
    );
    d = applyChange(d, { type: 'remove', id: 's1' });
    expect(ids(d)).toEqual(['f1']);
    expect(d.fields.map((f) => f.name)).toEqual(['field1']);
    expect(d.tables).toEqual([]);
  });

  it('drops the fields of a tab taken away with its items', () => {
    let d = run([add({ kind: 'layout', piece: 'tabs' })]);
    const tabs = d.items[0];
    if (tabs?.kind !== 'tabs') throw new Error('no tabs');
    const [first, second] = tabs.tabs;
    d = run(
      [
        add({ kind: 'fieldType', type: 'string' }, second?.id ?? ''),
        add({ kind: 'fieldType', type: 'date' }, first?.id ?? ''),
      ],
      d,
    );
    const now = d.items[0];
    if (now?.kind !== 'tabs') throw new Error('no tabs');
    d = applyChange(d, { type: 'item', id: tabs.id, patch: { tabs: now.tabs.slice(0, 1) } });
    expect(d.fields.map((f) => f.name)).toEqual(['field2']);
    expect(checkFormDesign(formDesignSchema.parse(d))).toEqual({});
  });

  it('duplicates a field next to it under a new name, and a section with fresh ids inside', () => {
    let d = run([add({ kind: 'layout', piece: 'section' }), add({ kind: 'fieldType', type: 'string' }, 's1', 0)]);
    d = applyChange(d, { type: 'field', name: 'field1', patch: { name: 'siteName', required: true } });
    d = applyChange(d, { type: 'duplicate', id: 'f1' });
    expect(itemsOf(d.items, 's1')).toEqual([
      { kind: 'field', id: 'f1', name: 'siteName' },
      { kind: 'field', id: 'f2', name: 'siteName1' },
    ]);
    expect(d.fields.find((f) => f.name === 'siteName1')?.required).toBe(true);
    d = applyChange(d, { type: 'duplicate', id: 's1' });
    expect(ids(d)).toEqual(['s1', 's2']);
    expect(checkFormDesign(formDesignSchema.parse(d))).toEqual({});
  });

  it('sets a span within 1 to 24, on pieces that have one', () => {
    let d = run([add({ kind: 'fieldType', type: 'string' }), add({ kind: 'layout', piece: 'section' })]);
    d = applyChange(d, { type: 'span', id: 'f1', span: 8 });
    expect(d.items[0]).toMatchObject({ span: 8 });
    d = applyChange(d, { type: 'span', id: 'f1', span: 40 });
    expect(d.items[0]).toMatchObject({ span: 24 });
    d = applyChange(d, { type: 'span', id: 's1', span: 6 });
    expect(d.items[1]).not.toHaveProperty('span');
  });

  it('carries a field’s new name to its item and to the rules naming it', () => {
    let d = run([add({ kind: 'fieldType', type: 'boolean' }), add({ kind: 'fieldType', type: 'text' })]);
    d = applyChange(d, {
      type: 'rules',
      rules: [
        {
          id: 'r1',
          match: 'all',
          when: [{ subject: 'field', field: 'field1', op: 'eq', value: true }],
          actions: [{ action: 'show', target: 'field2' }],
        },
      ],
    });
    d = applyChange(d, { type: 'field', name: 'field1', patch: { name: 'hazardsPresent' } });
    expect(d.items[0]).toMatchObject({ name: 'hazardsPresent' });
    expect(d.rules[0]?.when[0]).toMatchObject({ field: 'hazardsPresent' });
    expect(checkFormDesign(formDesignSchema.parse(d))).toEqual({});
  });

  it('places a bound form’s entity field and detail table by name, without fields of its own', () => {
    const d = run([add({ kind: 'entityField', name: 'amount' }), add({ kind: 'entityTable', name: 'OrderLine' })], {
      ...emptyDesign(),
      entity: 'Order',
    });
    expect(d.fields).toEqual([]);
    expect(d.items).toEqual([
      { kind: 'field', id: 'f1', name: 'amount' },
      { kind: 'table', id: 't1', name: 'OrderLine', span: 24 },
    ]);
    expect(applyChange(d, { type: 'duplicate', id: 'f1' })).toBe(d);
  });
});

describe('a new bound form', () => {
  it('starts as the entity’s own dialog: its placed fields in their order, a required field it left out, its detail tables', () => {
    const meta: EntityMeta = {
      name: 'Van',
      table: 'vans',
      key: 'id',
      label: { en: 'Vans', zh: '货车' },
      fields: [
        { name: 'id', type: 'integer', label: { en: 'Id', zh: '编号' } },
        { name: 'lessor', type: 'string', label: { en: 'Lessor', zh: '出租方' }, edit: { row: 2, col: 1 } },
        { name: 'plate', type: 'string', label: { en: 'Plate', zh: '车牌' }, edit: { row: 1, col: 1, span: 24 } },
        { name: 'vin', type: 'string', label: { en: 'VIN', zh: '车架号' }, required: true },
      ],
      defaultSort: { field: 'id', order: 'desc' },
      details: [{ entity: 'VanTrip', foreignKey: 'vanId' }],
      softDelete: false,
      audit: false,
      separateApprover: false,
      scope: {},
    };
    const items = boundStartingItems(meta);
    expect(items.map((i) => (i.kind === 'field' || i.kind === 'table' ? [i.name, i.span] : i.kind))).toEqual([
      ['plate', 24],
      ['lessor', 12],
      ['vin', 12],
      ['VanTrip', 24],
    ]);
    const design = formDesignSchema.parse({ title: { en: 'Van', zh: '' }, entity: 'Van', items });
    expect(checkFormDesign(design, { ...meta, detailMetas: [] })).not.toHaveProperty('items');
  });
});

describe('renaming what expressions read', () => {
  it('carries a field’s and a sub-table’s new name into the expressions, and nothing else', () => {
    const source = 'round(fee * rate, 2) + sum(Lines.fee) + coalesce(feeTotal, 0) + max(fee, 1)';
    expect(renamedIn(source, 'fee', 'charge', 'field')).toBe(
      'round(charge * rate, 2) + sum(Lines.fee) + coalesce(feeTotal, 0) + max(charge, 1)',
    );
    expect(renamedIn(source, 'Lines', 'Trips', 'table')).toBe(
      'round(fee * rate, 2) + sum(Trips.fee) + coalesce(feeTotal, 0) + max(fee, 1)',
    );
  });

  it('rewrites computed fields and compute rules when a field is renamed', () => {
    const design = formDesignSchema.parse({
      title: { en: 'Costs', zh: '' },
      fields: [
        { name: 'travel', type: 'decimal', label: { en: 'Travel', zh: '' } },
        { name: 'total', type: 'decimal', label: { en: 'Total', zh: '' }, computed: 'coalesce(travel, 0) * 2' },
      ],
      items: [
        { kind: 'field', id: 'a', name: 'travel' },
        { kind: 'field', id: 'b', name: 'total' },
      ],
      rules: [
        {
          id: 'r',
          match: 'all',
          when: [],
          actions: [{ action: 'compute', target: 'total', expression: 'travel + 1' }],
        },
      ],
    });
    const next = applyChange(design, { type: 'field', name: 'travel', patch: { name: 'trip' } });
    expect(next.fields.find((f) => f.name === 'total')?.computed).toBe('coalesce(trip, 0) * 2');
    expect(next.rules[0]?.actions[0]).toMatchObject({ expression: 'trip + 1' });
    expect(checkFormDesign(next)).toEqual({});
  });
});
