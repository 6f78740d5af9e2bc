import { describe, expect, it } from 'vitest';
import type { EntityMeta } from '../entity/metadata.ts';
import { siteVisitDesign } from '../testing/site-visit-form.ts';
import { checkFormDesign } from './checks.ts';
import { type FormDesign, type FormDesignInput, formDesignSchema } from './design.ts';
import { resolveForm, runRules } from './rules.ts';
import { checkFormBody, formMessages } from './submission.ts';

const design = (input: FormDesignInput = siteVisitDesign): FormDesign => formDesignSchema.parse(input);
const nobody = { roleIds: [], organizationId: null };
const answer = {
  siteName: 'North substation',
  visitDate: '2026-12-03',
  visitors: 3,
  travelCost: '120.50',
  equipmentCost: '80',
};

describe('a form design', () => {
  it('passes its checks when every name it uses is there', () => {
    expect(checkFormDesign(design())).toEqual({});
  });

  it('names a placed field the form does not have', () => {
    const d = design();
    d.items.push({ kind: 'field', id: 'x', name: 'ghost' });
    expect(checkFormDesign(d)).toMatchObject({ 'items.x.name': 'no field named ghost' });
  });

  it('names a rule whose condition or action reads a missing field', () => {
    const d = design();
    d.rules.push({
      id: 'r2',
      match: 'all',
      when: [{ subject: 'field', field: 'nothing', op: 'notEmpty' }],
      actions: [{ action: 'hide', target: 'nowhere' }],
    });
    expect(checkFormDesign(d)).toMatchObject({
      'rules.1.when.0.field': 'no field named nothing',
      'rules.1.actions.0.target': 'no field, sub-table or section named nowhere',
    });
  });

  it('refuses computed values that read each other in a circle', () => {
    const d = design();
    d.rules.push({
      id: 'r2',
      match: 'all',
      when: [],
      actions: [{ action: 'compute', target: 'travelCost', expression: 'totalCost - 1' }],
    });
    expect(checkFormDesign(d).computed).toMatch(
      /circle: (totalCost → travelCost → totalCost|travelCost → totalCost → travelCost)/,
    );
  });

  it('refuses a field left off the layout and a bound form with fields of its own', () => {
    const d = design();
    d.fields.push({ name: 'orphan', type: 'string', label: { en: 'Orphan', zh: '' } });
    expect(checkFormDesign(d)['fields.12.name']).toBe('orphan is not placed on the form');
    expect(checkFormDesign({ ...design(), entity: 'Missing' }, null)).toMatchObject({
      entity: 'no entity named Missing',
    });
  });

  it('refuses a default that does not fit its field', () => {
    const d = design();
    const visitors = d.fields.find((f) => f.name === 'visitors');
    if (visitors) visitors.default = 99;
    expect(checkFormDesign(d)['fields.3.default']).toBe('at most 50');
  });
});

describe('its rules', () => {
  it('show and require the hazard details only while hazards are present', () => {
    const form = resolveForm(design());
    const off = runRules(form, { hazardsPresent: false }, {}, nobody).targets.get('hazardDetails');
    const on = runRules(form, { hazardsPresent: true }, {}, nobody).targets.get('hazardDetails');
    expect(off).toMatchObject({ visible: false, required: false });
    expect(on).toMatchObject({ visible: true, required: true });
  });

  it('compute the total from the fields and the sub-table, to the cent', () => {
    const form = resolveForm(design());
    const state = runRules(
      form,
      answer,
      {
        Attendees: [
          { person: 'A', fee: '10.10' },
          { person: 'B', fee: '0.2' },
        ],
      },
      nobody,
    );
    expect(state.values.totalCost).toBe('210.80');
  });

  it('test the viewer’s role and organisation', () => {
    const d = design();
    d.rules.push({
      id: 'r2',
      match: 'any',
      when: [
        { subject: 'role', op: 'in', value: [7] },
        { subject: 'organization', op: 'in', value: [3] },
      ],
      actions: [{ action: 'disable', target: 'travelCost' }],
    });
    const form = resolveForm(d);
    expect(runRules(form, {}, {}, { roleIds: [7], organizationId: null }).targets.get('travelCost')?.disabled).toBe(
      true,
    );
    expect(runRules(form, {}, {}, { roleIds: [1], organizationId: 3 }).targets.get('travelCost')?.disabled).toBe(true);
    expect(runRules(form, {}, {}, { roleIds: [1], organizationId: 4 }).targets.get('travelCost')?.disabled).toBe(false);
  });

  it('hide what is inside a hidden section, and a hide wins over a show', () => {
    const d = design();
    d.rules.push({
      id: 'r2',
      match: 'all',
      when: [{ subject: 'field', field: 'priority', op: 'eq', value: 'low' }],
      actions: [
        { action: 'hide', target: 's2' },
        { action: 'hide', target: 'hazardDetails' },
      ],
    });
    const state = runRules(resolveForm(d), { priority: 'low', hazardsPresent: true }, {}, nobody);
    expect(state.targets.get('travelCost')?.visible).toBe(false);
    expect(state.targets.get('Attendees')?.visible).toBe(false);
    expect(state.targets.get('hazardDetails')?.visible).toBe(false);
  });
});

describe('an answer checked against the form', () => {
  const form = resolveForm(design());

  it('refuses a value for a field the rules hide', () => {
    const result = checkFormBody(form, { mainData: { ...answer, hazardDetails: 'sneaked in' } }, nobody);
    expect(result).toEqual({ ok: false, fieldErrors: { 'mainData.hazardDetails': formMessages.hidden } });
  });

  it('enforces a field the rules require', () => {
    const result = checkFormBody(form, { mainData: { ...answer, hazardsPresent: true } }, nobody);
    expect(result).toEqual({ ok: false, fieldErrors: { 'mainData.hazardDetails': 'required' } });
  });

  it('stores its own total whatever the answer says', () => {
    const result = checkFormBody(
      form,
      { mainData: { ...answer, totalCost: '1.00' }, detailData: { Attendees: [{ person: 'A', fee: '5' }] } },
      nobody,
    );
    expect(result.ok && result.mainData.totalCost).toBe('205.50');
  });

  it('names unknown fields, bad values and bad lines', () => {
    const result = checkFormBody(
      form,
      {
        mainData: { ...answer, visitors: 0, extra: 1, visitDate: '2026-02-30' },
        detailData: { Attendees: [{ fee: '1', who: 'x' }], Other: [] },
      },
      nobody,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.fieldErrors).sort()).toEqual([
      'detailData.Attendees.0.person',
      'detailData.Attendees.0.who',
      'detailData.Other',
      'mainData.extra',
      'mainData.visitDate',
      'mainData.visitors',
    ]);
  });

  it('holds a limited choice to the choices left', () => {
    const d = design();
    d.rules.push({
      id: 'r2',
      match: 'all',
      when: [{ subject: 'field', field: 'visitors', op: 'gt', value: 10 }],
      actions: [{ action: 'options', target: 'priority', options: ['high'] }],
    });
    const result = checkFormBody(resolveForm(d), { mainData: { ...answer, visitors: 12, priority: 'low' } }, nobody);
    expect(result).toEqual({ ok: false, fieldErrors: { 'mainData.priority': 'one of high' } });
  });
});

describe('a bound form over an entity', () => {
  const entity: EntityMeta = {
    name: 'Vehicle',
    table: 'vehicles',
    key: 'id',
    label: { en: 'Vehicles', zh: '车辆' },
    fields: [
      { name: 'id', type: 'integer', label: { en: 'Id', zh: '编号' } },
      { name: 'plate', type: 'string', label: { en: 'Plate', zh: '车牌' }, required: true },
      { name: 'leased', type: 'boolean', label: { en: 'Leased', zh: '租赁' } },
      { name: 'lessor', type: 'string', label: { en: 'Lessor', zh: '出租方' } },
    ],
    defaultSort: { field: 'id', order: 'desc' },
    details: [],
    softDelete: false,
    audit: false,
    separateApprover: false,
    scope: {},
  };
  const bound = design({
    title: { en: 'Vehicle', zh: '车辆' },
    entity: 'Vehicle',
    items: [
      { kind: 'field', id: 'a', name: 'plate' },
      { kind: 'field', id: 'b', name: 'leased' },
      { kind: 'field', id: 'c', name: 'lessor', hidden: true },
    ],
    rules: [
      {
        id: 'r',
        match: 'all',
        when: [{ subject: 'field', field: 'leased', op: 'eq', value: true }],
        actions: [
          { action: 'show', target: 'lessor' },
          { action: 'require', target: 'lessor' },
        ],
      },
    ],
  });

  it('checks against its entity', () => {
    expect(checkFormDesign(bound, entity)).toEqual({});
    expect(checkFormDesign({ ...bound, items: [{ kind: 'field', id: 'z', name: 'colour' }] }, entity)).toEqual({
      'items.z.name': 'no field named colour',
      items: 'a record must have plate: place it on the form',
    });
  });

  it('reads the stored record but refuses only what was sent, and passes the key through', () => {
    const form = resolveForm(bound, entity);
    const stored = { id: 4, plate: 'B-1', leased: false, lessor: 'Old lessor' };
    const update = { id: 4, version: 2, plate: 'B-2' };
    const ok = checkFormBody(form, { mainData: { ...stored, ...update } }, nobody, {
      validate: 'entity',
      sent: new Set(Object.keys(update)),
    });
    expect(ok).toEqual({ ok: true, mainData: { id: 4, version: 2, plate: 'B-2' }, detailData: {} });
    const refused = checkFormBody(form, { mainData: { plate: 'B-3', lessor: 'X' } }, nobody, { validate: 'entity' });
    expect(refused).toEqual({ ok: false, fieldErrors: { 'mainData.lessor': formMessages.hidden } });
    const required = checkFormBody(form, { mainData: { plate: 'B-3', leased: true } }, nobody, { validate: 'entity' });
    expect(required).toEqual({ ok: false, fieldErrors: { 'mainData.lessor': 'required' } });
  });
});
