import { expressionTree } from '../entity/computed.ts';
import { compareDecimal, decimalText, parseDecimal } from '../entity/decimal.ts';
import { evaluate } from '../entity/expression.ts';
import type { EntityMeta, FieldMeta } from '../entity/metadata.ts';
import type { FormCondition, FormDesign, FormItem, FormLabel, FormRule, FormViewer } from './design.ts';
import { walkItems } from './design.ts';

type Row = Record<string, unknown>;

/** A field as the form shows it: its metadata with what the form's item says over it. */
export type ResolvedField = FieldMeta & { placeholder?: FormLabel; span: number; placed: boolean };

/** A sub-table as the form shows it: a standalone form's own, or a bound entity's detail entity. */
export type ResolvedTable = {
  name: string;
  label: FormLabel;
  fields: FieldMeta[];
  minRows?: number;
  maxRows?: number;
  /** The detail entity's field naming its document (a bound form's table), never shown. */
  foreignKey?: string;
};

/** A design read against its fields: what the renderer draws and the checks enforce. */
export type ResolvedForm = {
  design: FormDesign;
  /** Every field of the form: a standalone form's own, or all of the bound entity's (placed or not). */
  fields: Map<string, ResolvedField>;
  tables: Map<string, ResolvedTable>;
  /** Section ids and the sections each field, table or section sits in (outermost first). */
  within: Map<string, string[]>;
  /** Targets hidden until a rule shows them: items marked hidden and everything a `show` action names. */
  hiddenUnlessShown: Set<string>;
};

/**
 * Reads a design against its fields. A bound form's `entity` is the entity's metadata with its detail
 * entities; a name the design gives that is not there is skipped here (checkFormDesign refuses it on save).
 */
export function resolveForm(design: FormDesign, entity?: EntityMeta & { detailMetas?: EntityMeta[] }): ResolvedForm {
  const fields = new Map<string, ResolvedField>();
  const tables = new Map<string, ResolvedTable>();
  const own: FieldMeta[] = entity ? entity.fields : design.fields;
  for (const f of own) fields.set(f.name, { ...f, span: 12, placed: false });
  if (entity)
    for (const d of entity.details) {
      const meta = entity.detailMetas?.find((m) => m.name === d.entity);
      if (meta)
        tables.set(d.entity, {
          name: d.entity,
          label: meta.label,
          fields: meta.fields.filter((f) => f.name !== meta.key && f.name !== d.foreignKey),
          foreignKey: d.foreignKey,
        });
    }
  else for (const t of design.tables) tables.set(t.name, { ...t });

  const within = new Map<string, string[]>();
  const hiddenUnlessShown = new Set<string>();
  const visit = (items: readonly FormItem[], path: string[]) => {
    for (const item of items) {
      if (item.kind === 'field') {
        const f = fields.get(item.name);
        if (!f) continue;
        within.set(item.name, path);
        fields.set(item.name, {
          ...f,
          placed: true,
          span: item.span ?? 12,
          ...(item.label ? { label: item.label } : {}),
          ...(item.help ? { help: item.help } : {}),
          ...(item.placeholder ? { placeholder: item.placeholder } : {}),
          ...(item.required ? { required: true } : {}),
          ...(item.readOnly ? { readOnly: true } : {}),
        });
        if (item.hidden) hiddenUnlessShown.add(item.name);
      } else if (item.kind === 'table') {
        within.set(item.name, path);
        if (item.hidden) hiddenUnlessShown.add(item.name);
      } else if (item.kind === 'section') {
        within.set(item.id, path);
        if (item.hidden) hiddenUnlessShown.add(item.id);
        visit(item.items, [...path, item.id]);
      } else if (item.kind === 'tabs') for (const tab of item.tabs) visit(tab.items, path);
      else if (item.kind === 'columns') for (const col of item.columns) visit(col.items, path);
    }
  };
  visit(design.items, []);
  for (const rule of design.rules)
    for (const a of rule.actions) if (a.action === 'show') hiddenUnlessShown.add(a.target);
  return { design, fields, tables, within, hiddenUnlessShown };
}

/** How one field, sub-table or section stands while the user fills the form. */
export type TargetState = { visible: boolean; required: boolean; disabled: boolean; options: string[] | null };

export type FormState = {
  /** The values with what the rules set and compute written in. */
  values: Row;
  /** The sub-tables' lines with their own computed fields filled in. */
  lines: Record<string, Row[]>;
  /** Per target (field name, table name, section id). */
  targets: Map<string, TargetState>;
};

export const isEmpty = (v: unknown): boolean =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

function compare(a: unknown, b: unknown): number | null {
  const x = parseDecimal(a);
  const y = parseDecimal(b);
  if (x && y) return compareDecimal(x, y);
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  return null;
}

const same = (a: unknown, b: unknown): boolean => {
  if (typeof a === 'boolean' || typeof b === 'boolean') return a === b || String(a) === String(b);
  const c = compare(a, b);
  return c !== null ? c === 0 : String(a ?? '') === String(b ?? '');
};

function holds(c: FormCondition, values: Row, viewer: FormViewer): boolean {
  if (c.subject === 'role') {
    const any = viewer.roleIds.some((r) => c.value.includes(r));
    return c.op === 'in' ? any : !any;
  }
  if (c.subject === 'organization') {
    const inIt = viewer.organizationId !== null && c.value.includes(viewer.organizationId);
    return c.op === 'in' ? inIt : !inIt;
  }
  const v = values[c.field];
  const list = Array.isArray(c.value) ? c.value.map(String) : [String(c.value ?? '')];
  switch (c.op) {
    case 'empty':
      return isEmpty(v);
    case 'notEmpty':
      return !isEmpty(v);
    case 'eq':
      return isEmpty(v) && isEmpty(c.value) ? true : !isEmpty(v) && same(v, c.value);
    case 'ne':
      return !(isEmpty(v) && isEmpty(c.value)) && !(!isEmpty(v) && same(v, c.value));
    case 'in':
      return Array.isArray(v) ? v.some((x) => list.includes(String(x))) : !isEmpty(v) && list.includes(String(v));
    case 'notIn':
      return Array.isArray(v) ? !v.some((x) => list.includes(String(x))) : isEmpty(v) || !list.includes(String(v));
    case 'contains':
      return Array.isArray(v)
        ? v.map(String).includes(String(c.value))
        : String(v ?? '').includes(String(c.value ?? ''));
    default: {
      const d = isEmpty(v) ? null : compare(v, c.value);
      if (d === null) return false;
      return c.op === 'gt' ? d > 0 : c.op === 'ge' ? d >= 0 : c.op === 'lt' ? d < 0 : d <= 0;
    }
  }
}

/** Whether a rule's condition holds for these values and this viewer. */
export const ruleHolds = (rule: FormRule, values: Row, viewer: FormViewer): boolean =>
  rule.when.length === 0 ||
  (rule.match === 'all'
    ? rule.when.every((c) => holds(c, values, viewer))
    : rule.when.some((c) => holds(c, values, viewer)));

/** An expression's value as the target field holds it: a decimal with the field's scale, or a whole number. */
function computedValue(
  f: FieldMeta | undefined,
  expression: string,
  values: Row,
  lines: Record<string, Row[]>,
  master?: Row,
) {
  let result: ReturnType<typeof evaluate>;
  try {
    result = evaluate(expressionTree(expression), { row: values, lines, ...(master ? { master } : {}) });
  } catch {
    return null;
  }
  if (result === null) return null;
  if (f?.type === 'integer') return Number(decimalText(result, 0));
  return decimalText(result, f?.scale ?? (f?.type === 'decimal' ? 2 : Math.min(result.scale, 6)));
}

/**
 * Runs the form's rules over the values, the same way in the browser (as the user types) and on the server
 * (on save): first the fields' own computed values, then each rule in order, its condition read on the values
 * as the rules before it left them. A field inside a hidden section is hidden.
 */
export function runRules(form: ResolvedForm, values: Row, lines: Record<string, Row[]>, viewer: FormViewer): FormState {
  const out: Row = { ...values };
  // A bound form's entity computes its own fields (computeDocument); a standalone form's are computed here:
  // the lines first (a line may read the form's fields), then the form (it may total its lines).
  const standalone = form.design.entity === undefined;
  const computedLines: Record<string, Row[]> = {};
  for (const [name, rows] of Object.entries(lines)) {
    const table = form.tables.get(name);
    const computed = standalone ? (table?.fields.filter((f) => f.computed) ?? []) : [];
    computedLines[name] = computed.length
      ? rows.map((row) => {
          const line = { ...row };
          for (const f of computed) line[f.name] = computedValue(f, f.computed ?? '', line, {}, values);
          return line;
        })
      : rows;
  }
  if (standalone)
    for (const f of form.fields.values())
      if (f.computed) out[f.name] = computedValue(f, f.computed, out, computedLines);

  const targets = new Map<string, TargetState>();
  const base = (name: string): TargetState => {
    const f = form.fields.get(name);
    return {
      visible: !form.hiddenUnlessShown.has(name),
      required: f?.required === true,
      disabled: f?.readOnly === true || f?.computed !== undefined,
      options: null,
    };
  };
  const at = (name: string): TargetState => {
    let s = targets.get(name);
    if (!s) {
      s = base(name);
      targets.set(name, s);
    }
    return s;
  };
  for (const name of form.fields.keys()) at(name);
  for (const name of form.tables.keys()) at(name);
  for (const id of form.within.keys()) at(id);

  const shown = new Set<string>();
  const hidden = new Set<string>();
  for (const rule of form.design.rules) {
    if (!ruleHolds(rule, out, viewer)) continue;
    for (const a of rule.actions) {
      const s = at(a.target);
      if (a.action === 'show') shown.add(a.target);
      else if (a.action === 'hide') hidden.add(a.target);
      else if (a.action === 'require') s.required = true;
      else if (a.action === 'disable') s.disabled = true;
      else if (a.action === 'options')
        s.options = s.options ? s.options.filter((o) => a.options.includes(o)) : a.options;
      else if (a.action === 'setValue') out[a.target] = a.value;
      else if (a.action === 'compute')
        out[a.target] = computedValue(form.fields.get(a.target), a.expression, out, computedLines);
    }
  }
  // A hide wins over a show of the same target, whatever their order; a hidden section hides what is in it.
  for (const [name, s] of targets) s.visible = (s.visible || shown.has(name)) && !hidden.has(name);
  for (const [name, path] of form.within)
    if (path.some((section) => targets.get(section)?.visible === false)) at(name).visible = false;
  return { values: out, lines: computedLines, targets };
}

/** The targets a design's rules may name: its fields, sub-tables and sections. */
export function ruleTargets(form: ResolvedForm): Set<string> {
  const names = new Set<string>([...form.fields.keys(), ...form.tables.keys()]);
  for (const item of walkItems(form.design.items)) if (item.kind === 'section') names.add(item.id);
  return names;
}
