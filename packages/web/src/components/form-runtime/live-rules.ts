import {
  type FieldMeta,
  type FormBody,
  type FormLabel,
  type FormState,
  type FormViewer,
  isEmpty,
  type ResolvedForm,
  type ResolvedTable,
  ruleHolds,
  runRules,
} from '@trestle/shared';
import type { FormInstance } from 'antd';

type Row = Record<string, unknown>;

/** A label in the language asked for; an empty Chinese one falls back to the English (the wire default). */
export const textIn = (label: FormLabel | undefined, lang: 'en' | 'zh'): string =>
  (lang === 'zh' && label?.zh.trim() ? label.zh : label?.en) ?? '';

/**
 * A field as its input names it in the form's language, whatever the app's: its label and its own choices
 * (the input reads them in the app's language, so both languages carry the one wanted).
 */
export function fieldIn<F extends FieldMeta>(field: F, lang: 'en' | 'zh'): F {
  const named = (label: FormLabel) => ({ en: textIn(label, lang), zh: textIn(label, lang) });
  return {
    ...field,
    label: named(field.label),
    ...(field.options ? { options: field.options.map((o) => ({ ...o, label: named(o.label) })) } : {}),
  };
}

/** A new line's values: each of its table's field defaults. */
export const lineDefaults = (table: ResolvedTable): Row =>
  Object.fromEntries(table.fields.flatMap((f) => (f.default !== undefined ? [[f.name, f.default]] : [])));

/** The antd form's values split into the form's fields and its sub-tables' lines (kept under detailData). */
export function splitValues(values: Row): { main: Row; lines: Record<string, Row[]> } {
  const { detailData, ...main } = values;
  const lines = detailData && typeof detailData === 'object' ? (detailData as Record<string, Row[]>) : {};
  return { main, lines };
}

/**
 * The rules run as the server will read what is sent: a value the rules hide is not sent, so the rules run
 * again without it (a rule reading a hidden field sees it empty) until what is hidden settles.
 */
export function liveState(form: ResolvedForm, main: Row, lines: Record<string, Row[]>, viewer: FormViewer): FormState {
  let values = main;
  let rows = lines;
  let state = runRules(form, values, rows, viewer);
  for (let round = 0; round < 3; round += 1) {
    const hiddenFields = [...form.fields.keys()].filter(
      (n) => state.targets.get(n)?.visible === false && !isEmpty(values[n]),
    );
    const hiddenTables = Object.keys(rows).filter((n) => state.targets.get(n)?.visible === false);
    if (hiddenFields.length === 0 && hiddenTables.length === 0) break;
    values = { ...values };
    for (const n of hiddenFields) values[n] = null;
    rows = Object.fromEntries(Object.entries(rows).filter(([n]) => !hiddenTables.includes(n)));
    state = runRules(form, values, rows, viewer);
  }
  return state;
}

const visible = (state: FormState, name: string) => state.targets.get(name)?.visible !== false;

/** The fields a rule that holds now gives a value (setValue, compute): the user cannot type over them. */
export function ruledFields(form: ResolvedForm, state: FormState, viewer: FormViewer): Set<string> {
  const out = new Set<string>();
  for (const rule of form.design.rules) {
    if (!ruleHolds(rule, state.values, viewer)) continue;
    for (const a of rule.actions) if (a.action === 'setValue' || a.action === 'compute') out.add(a.target);
  }
  return out;
}

/** Whether the user may not change a field: read-only, computed, locked by a rule or given its value by one. */
export function lockedFields(form: ResolvedForm, state: FormState, viewer: FormViewer): Set<string> {
  const out = ruledFields(form, state, viewer);
  for (const [name, s] of state.targets) if (s.disabled && form.fields.has(name)) out.add(name);
  return out;
}

/**
 * What the rules wrote that the antd form does not hold yet (computed values, set values, a sub-table's
 * computed cells), as a setFieldsValue patch; null when nothing changed. Hidden fields keep what was typed
 * (they are left out of what is sent, and come back if the rule shows them again).
 */
export function rulePatch(form: ResolvedForm, state: FormState, main: Row, lines: Record<string, Row[]>): Row | null {
  const patch: Row = {};
  for (const name of form.fields.keys())
    if (
      visible(state, name) &&
      state.values[name] !== main[name] &&
      !(isEmpty(state.values[name]) && isEmpty(main[name]))
    )
      patch[name] = state.values[name];
  const changed: Record<string, Row[]> = {};
  for (const table of form.tables.values()) {
    const computed = table.fields.filter((f) => f.computed);
    const before = lines[table.name] ?? [];
    const after = state.lines[table.name] ?? before;
    if (computed.some((f) => after.some((line, i) => line[f.name] !== before[i]?.[f.name])))
      changed[table.name] = after;
  }
  if (Object.keys(changed).length) patch.detailData = { ...lines, ...changed };
  return Object.keys(patch).length ? patch : null;
}

/**
 * What the form sends: the values of the fields the rules leave visible (hidden ones are not sent) and the lines
 * of the visible sub-tables, each line with its table's fields only.
 */
export function formBody(form: ResolvedForm, state: FormState): Required<FormBody> {
  const mainData: Row = {};
  for (const name of form.fields.keys()) if (visible(state, name)) mainData[name] = state.values[name] ?? null;
  const detailData: Record<string, Row[]> = {};
  for (const table of form.tables.values()) {
    if (!visible(state, table.name)) continue;
    detailData[table.name] = (state.lines[table.name] ?? []).map((line) =>
      Object.fromEntries(table.fields.map((f) => [f.name, line[f.name] ?? null])),
    );
  }
  return { mainData, detailData };
}

/**
 * A new answer's values: each field's default, what `initial` gives over them, and each sub-table's least lines.
 * An answer read back (`asAnswered`) is what it holds, nothing added.
 */
export function startValues(form: ResolvedForm, initial?: FormBody, asAnswered = false): Row {
  const main: Row = {};
  if (!asAnswered) for (const f of form.fields.values()) if (f.default !== undefined) main[f.name] = f.default;
  Object.assign(main, initial?.mainData ?? {});
  const lines: Record<string, Row[]> = {};
  for (const table of form.tables.values()) {
    const given = initial?.detailData?.[table.name];
    const defaults = lineDefaults(table);
    lines[table.name] = given ?? Array.from({ length: asAnswered ? 0 : (table.minRows ?? 0) }, () => ({ ...defaults }));
  }
  return { ...main, detailData: lines };
}

/**
 * An answer read back shows every value it holds, whatever the rules make of the one reading it (a rule on
 * roles may have shown the filler a field the reader's roles would hide), and the sections around them.
 */
export function answerState(form: ResolvedForm, state: FormState, main: Row, lines: Record<string, Row[]>): FormState {
  const targets = new Map([...state.targets].map(([name, s]) => [name, { ...s }]));
  const reveal = (name: string) => {
    for (const target of [name, ...(form.within.get(name) ?? [])]) {
      const s = targets.get(target);
      if (s) s.visible = true;
    }
  };
  for (const name of form.fields.keys()) if (!isEmpty(main[name])) reveal(name);
  for (const name of form.tables.keys()) if ((lines[name]?.length ?? 0) > 0) reveal(name);
  return { values: main, lines, targets };
}

/**
 * The form's values now, with what the rules set or compute written into the form first: what the user sees is
 * always what the rules make of what they typed (FormFill and a bound form's dialog run it on every change).
 */
export function writeRules(form: FormInstance, resolved: ResolvedForm, viewer: FormViewer): Row {
  const all = form.getFieldsValue(true) as Row;
  const split = splitValues(all);
  const patch = rulePatch(resolved, liveState(resolved, split.main, split.lines, viewer), split.main, split.lines);
  if (!patch) return all;
  form.setFieldsValue(patch);
  return form.getFieldsValue(true) as Row;
}
