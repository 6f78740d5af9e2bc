import { type TableDesign, tableDesignSchema } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { placeFieldErrors } from '../../components/table-design/design-errors.ts';
import {
  type DesignForm,
  emptyDesign,
  fromDesign,
  newFieldId,
  suggestedTable,
  toDesign,
} from '../../components/table-design/design-form.ts';
import { i18n } from '../../i18n/index.ts';
import { riskText, stepText } from './preview-text.ts';

const label = (en: string) => ({ en, zh: `${en}（中）` });
const applied: TableDesign = {
  name: 'Gadget',
  table: 'gadgets',
  label: label('Gadgets'),
  folder: null,
  description: '',
  softDelete: false,
  audit: false,
  scope: {},
  indexes: [],
  master: null,
  fields: [
    {
      id: 'f1',
      name: 'code',
      type: 'string',
      label: label('Code'),
      length: 20,
      required: true,
      unique: true,
      edit: { row: 1, col: 1 },
      search: { row: 1, col: 1, op: 'eq' },
    },
    {
      id: 'f2',
      name: 'price',
      type: 'decimal',
      label: label('Price'),
      precision: 12,
      scale: 2,
      required: false,
      edit: { row: 1, col: 2 },
    },
    {
      id: 'f3',
      name: 'owner',
      type: 'reference',
      label: label('Owner'),
      reference: { table: 'users', labelColumn: 'user_name' },
      edit: { row: 2, col: 1 },
      search: { row: 1, col: 2 },
    },
  ],
};

/** The form as the editor holds a loaded design: each field as the design has it. */
const formOf = (d: TableDesign): DesignForm => structuredClone(d);

describe('the design editor form', () => {
  it('gives back an unchanged design exactly, so saving it does not mark it changed', () => {
    expect(toDesign(formOf(applied), applied)).toEqual(applied);
  });

  it('writes only what the inputs mean for the type: a length for a string, a target for a reference', () => {
    const form = formOf(applied);
    form.fields[0] = { ...form.fields[0], type: 'integer', length: 20 } as DesignForm['fields'][number];
    form.fields[2] = { ...form.fields[2], reference: { table: 'employees' } } as DesignForm['fields'][number];
    form.fields.push({
      id: 'f4',
      name: 'color',
      type: 'dict',
      label: label('Colour'),
      dictionary: ' colors ',
      length: null,
    });
    const design = toDesign(form, applied);
    expect(design.fields[0]).not.toHaveProperty('length');
    expect(design.fields[2]?.reference).toEqual({ table: 'employees', labelColumn: 'name', codeColumn: 'code' });
    expect(design.fields[3]).toEqual({
      id: 'f4',
      name: 'color',
      type: 'dict',
      label: label('Colour'),
      dictionary: 'colors',
      edit: { row: 2, col: 2 },
    });
    expect(tableDesignSchema.safeParse(design).success).toBe(true);
  });

  it('leaves an unticked flag out unless the field said so, and keeps a reference it did not change', () => {
    const form = formOf(applied);
    form.fields[0] = { ...form.fields[0], unique: false, sortable: false } as DesignForm['fields'][number];
    const design = toDesign(form, applied);
    expect(design.fields[0]).toMatchObject({ unique: false, required: true });
    expect(design.fields[0]).not.toHaveProperty('sortable');
    expect(design.fields[1]).toMatchObject({ required: false, precision: 12 });
    expect(design.fields[2]?.reference).toEqual({ table: 'users', labelColumn: 'user_name' });
  });

  it('lays out the forms in the order of the list: two to a row to edit, three to a row to search', () => {
    const form = formOf(applied);
    const [code, price, owner] = form.fields;
    if (!code || !price || !owner) throw new Error('fixture');
    form.fields = [owner, code, { ...price, search: { row: 1, col: 1 } }];
    form.fields.push({ id: 'f4', name: 'note', type: 'text', label: label('Note') });
    const design = toDesign(form, applied);
    expect(design.fields.map((f) => [f.name, f.edit])).toEqual([
      ['owner', { row: 1, col: 1 }],
      ['code', { row: 1, col: 2 }],
      ['price', { row: 2, col: 1 }],
      ['note', { row: 2, col: 2 }],
    ]);
    // Each keeps the comparison it had; unticked, a field has no place in the search form.
    expect(design.fields.map((f) => f.search)).toEqual([
      { row: 1, col: 1 },
      { row: 1, col: 2, op: 'eq' },
      { row: 1, col: 3 },
      undefined,
    ]);
    expect(design.fields[3]).not.toHaveProperty('search');
  });

  it('keeps a kind as the type shown and writes its engine type beside it; a pattern for an auto-number', () => {
    const form = formOf(applied);
    form.fields.push(
      { id: 'f4', name: 'cost', type: 'money', label: label('Cost') },
      { id: 'f5', name: 'code2', type: 'autoNumber', label: label('No.'), autoNumber: { pattern: ' VH{seq:4} ' } },
      { id: 'f6', name: 'keeper', type: 'user', label: label('Keeper') },
      { id: 'f7', name: 'dept', type: 'organization', label: label('Department') },
    );
    form.scope = { owner: 'keeper', organization: 'dept' };
    const design = toDesign(form, applied);
    expect(design.fields.slice(3).map((f) => [f.type, f.kind])).toEqual([
      ['decimal', 'money'],
      ['string', 'autoNumber'],
      ['reference', 'user'],
      ['reference', 'organization'],
    ]);
    expect(design.fields[4]?.autoNumber).toEqual({ pattern: 'VH{seq:4}' });
    expect(design.scope).toEqual({ owner: 'keeper', organization: 'dept' });
    expect(tableDesignSchema.safeParse(design).success).toBe(true);
    // Loaded again, the row shows the kind; saved unchanged, the design is the same.
    const again = fromDesign(design);
    expect(again.fields.slice(3).map((f) => f.type)).toEqual(['money', 'autoNumber', 'user', 'organization']);
    expect(toDesign(again, design)).toEqual(design);
  });

  it('writes the folded settings a type has: a range and a total for numbers, a pattern for text, a width for any', () => {
    const form = formOf(applied);
    form.fields[0] = {
      ...form.fields[0],
      pattern: ' ^[A-Z]+$ ',
      min: 3,
      list: { width: 120 },
    } as DesignForm['fields'][number];
    form.fields[1] = {
      ...form.fields[1],
      min: 0,
      max: null,
      summary: 'sum',
      readOnly: true,
      pattern: 'x',
    } as DesignForm['fields'][number];
    const design = toDesign(form, applied);
    expect(design.fields[0]).toMatchObject({ pattern: '^[A-Z]+$', list: { width: 120 } });
    expect(design.fields[0]).not.toHaveProperty('min');
    expect(design.fields[1]).toMatchObject({ min: 0, summary: 'sum', readOnly: true });
    expect(design.fields[1]).not.toHaveProperty('max');
    expect(design.fields[1]).not.toHaveProperty('pattern');
    const bad = toDesign(
      { ...form, fields: form.fields.map((f, i) => (i === 0 ? { ...f, pattern: '([a-z' } : f)) },
      applied,
    );
    const parsed = tableDesignSchema.safeParse(bad);
    expect(parsed.success ? [] : parsed.error.issues.map((x) => `${x.path.join('.')}: ${x.message}`)).toEqual([
      'fields.0.pattern: not a valid regular expression',
    ]);
  });

  it('makes a detail table: the master and its link, and a reference to a designed table takes its columns', () => {
    const form = formOf({ ...applied, name: 'Booking', table: 'bookings' });
    form.fields.push({
      id: 'f4',
      name: 'vehicleId',
      type: 'reference',
      label: label('Vehicle'),
      required: true,
      reference: { table: 'vehicles' },
    });
    form.master = { entity: 'Vehicle', field: 'vehicleId' };
    const design = toDesign(form, null, [{ table: 'vehicles', labelColumn: 'name', codeColumn: 'code' }]);
    expect(design.master).toEqual({ entity: 'Vehicle', field: 'vehicleId' });
    expect(design.fields[3]?.reference).toEqual({ table: 'vehicles', labelColumn: 'name', codeColumn: 'code' });
    expect(toDesign({ ...form, master: null }, null).master).toBeNull();
  });

  it('a new design starts with one field whose id the schema accepts; ids are not reused', () => {
    const form = emptyDesign();
    expect(form.fields).toHaveLength(1);
    expect(form.fields[0]?.id).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    const taken = new Set<string>();
    for (let i = 0; i < 50; i++) taken.add(newFieldId(taken));
    expect(taken.size).toBe(50);
  });

  it('suggests the table a name stands for', () => {
    expect(suggestedTable('Gadget')).toBe('gadgets');
    expect(suggestedTable('PurchaseOrder')).toBe('purchase_orders');
    expect(suggestedTable('Delivery')).toBe('deliveries');
    expect(suggestedTable('Box')).toBe('boxes');
    expect(suggestedTable('')).toBe('');
  });

  it("places the server's field errors on their inputs and tells the rest", () => {
    const rows = formOf(applied).fields;
    const { placed, unplaced } = placeFieldErrors(
      {
        name: 'used by a menu',
        'label.en': 'required',
        'fields.1.name': 'a reserved word of SQL',
        'fields.2.reference.labelColumn': 'invalid',
        'fields.0.id': 'used twice',
        'fields.1.length': 'too long',
        fields: 'add at least one field',
      },
      rows,
    );
    expect(placed).toEqual([
      { name: ['name'], errors: ['used by a menu'] },
      { name: ['label', 'en'], errors: ['required'] },
      { name: ['fields', 1, 'name'], errors: ['a reserved word of SQL'] },
      { name: ['fields', 2, 'reference', 'table'], errors: ['invalid'] },
      { name: ['fields', 0, 'name'], errors: ['used twice'] },
    ]);
    // A decimal shows no length input; the list as a whole has no input.
    expect(unplaced.map((u) => u.key)).toEqual(['fields.1.length', 'fields']);
  });
});

describe('the preview in words', () => {
  const t = i18n.getFixedT('en-US');
  const zh = i18n.getFixedT('zh-CN');
  const steps = [{ kind: 'changeType', field: 'color', from: 'varchar(200)', to: 'integer' }];

  it('says what a risk does to the rows, with its samples, in both languages', () => {
    const risk = { kind: 'changeType', field: 'color', count: 3, samples: ['blue', 'red'], blocking: true };
    expect(riskText(t, risk, steps, 'Gadget')).toBe("3 rows of color can't become integer: blue, red");
    expect(riskText(zh, risk, steps, 'Gadget')).toBe('color 有 3 行无法转换为 integer：blue, red');
    const aside = { kind: 'dropColumn', field: 'name', count: 12, samples: [], blocking: false };
    expect(riskText(t, aside, [], 'Gadget')).toBe('12 values of name would be set aside');
    expect(riskText(t, { ...aside, count: 1 }, [], 'Gadget')).toBe('1 value of name would be set aside');
  });

  it('names each step, soft delete and approval as the switches they are', () => {
    const none = new Set<string>();
    expect(stepText(t, { kind: 'createTable' }, 'gadgets', none)).toBe('Create the table gadgets');
    expect(stepText(t, steps[0] ?? { kind: '' }, 'gadgets', none)).toBe(
      'Change the type of color from varchar(200) to integer',
    );
    expect(stepText(t, { kind: 'addColumn', field: 'softDelete' }, 'gadgets', none)).toBe('Turn soft delete on');
    expect(stepText(t, { kind: 'addColumn', field: 'audit' }, 'gadgets', new Set(['audit']))).toBe(
      'Add the field audit',
    );
  });
});

describe('the further settings a form writes back', () => {
  const row = (id: string, name: string, extra: object = {}) => ({
    id,
    name,
    label: label(name),
    type: 'string' as const,
    ...extra,
  });
  const form = (fields: DesignForm['fields'], extra: Partial<DesignForm> = {}): DesignForm => ({
    ...emptyDesign(),
    name: 'Vehicle',
    table: 'vehicles',
    label: label('Vehicles'),
    fields,
    ...extra,
  });

  it('gives a whole-row field a row of its own, and the others two to a row around it', () => {
    const design = toDesign(
      form([row('a', 'a'), row('b', 'b', { edit: { row: 9, col: 9, span: 24 } }), row('c', 'c'), row('d', 'd')]),
      null,
    );
    expect(design.fields.map((f) => f.edit)).toEqual([
      { row: 1, col: 1 },
      { row: 2, col: 1, span: 24 },
      { row: 3, col: 1 },
      { row: 3, col: 2 },
    ]);
    expect(tableDesignSchema.safeParse(design).success).toBe(true);
  });

  it("keeps the search comparison chosen when the type has it, and drops it when the type doesn't", () => {
    const design = toDesign(
      form([
        row('a', 'plate', { search: { row: 1, col: 1, op: 'eq' } }),
        row('b', 'seats', { type: 'integer', search: { row: 1, col: 1, op: 'like' } }),
      ]),
      null,
    );
    expect(design.fields[0]?.search).toEqual({ row: 1, col: 1, op: 'eq' });
    expect(design.fields[1]?.search).toEqual({ row: 1, col: 2 });
  });

  it('trims a help text and a singular name, and leaves out the ones nobody typed', () => {
    const design = toDesign(
      form(
        [
          row('a', 'plate', { help: { en: ' As on the plate ', zh: '' } }),
          row('b', 'b', { help: { en: ' ', zh: '' } }),
        ],
        {
          singular: { en: ' Vehicle ', zh: '车辆' },
        },
      ),
      null,
    );
    expect(design.fields[0]?.help).toEqual({ en: 'As on the plate', zh: '' });
    expect(design.fields[1]).not.toHaveProperty('help');
    expect(design.singular).toEqual({ en: 'Vehicle', zh: '车辆' });
    expect(toDesign(form([row('a', 'a')], { singular: { en: '', zh: ' ' } }), null).singular).toBeUndefined();
  });

  it('refuses, on both sides, a comparison the type has not', () => {
    const design = toDesign(form([row('a', 'seats', { type: 'integer' })]), null);
    const broken = { ...design, fields: [{ ...design.fields[0], search: { row: 1, col: 1, op: 'like' } }] };
    const parsed = tableDesignSchema.safeParse(broken);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join('.'))).toContain('fields.0.search.op');
  });
});
