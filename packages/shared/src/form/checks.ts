import { cycleIn } from '../entity/cycle.ts';
import { expressionReferences, parseExpression } from '../entity/expression.ts';
import type { EntityMeta } from '../entity/metadata.ts';
import { fieldValueSchema } from '../entity/row-schema.ts';
import { type FormDesign, type FormItem, walkItems } from './design.ts';
import { resolveForm, ruleTargets } from './rules.ts';
import { repeatsARepeat } from './slow-pattern.ts';

/** What is wrong with a field's pattern: not one at all, or one too slow to check (slow-pattern.ts). */
function patternError(pattern: string | undefined): string | null {
  if (pattern === undefined) return null;
  try {
    new RegExp(pattern);
  } catch {
    return 'not a valid pattern';
  }
  return repeatsARepeat(pattern)
    ? 'a repeat inside a repeat, like (a+)+, is too slow to check: write it without'
    : null;
}

/** How deep layout pieces may sit in each other (a section in a tab in a column…). */
export const MAX_FORM_DEPTH = 4;

function depthOf(items: readonly FormItem[]): number {
  let deepest = 0;
  for (const item of items) {
    const inner =
      item.kind === 'section'
        ? depthOf(item.items)
        : item.kind === 'tabs'
          ? Math.max(0, ...item.tabs.map((t) => depthOf(t.items)))
          : item.kind === 'columns'
            ? Math.max(0, ...item.columns.map((c) => depthOf(c.items)))
            : -1;
    deepest = Math.max(deepest, inner + 1);
  }
  return deepest;
}

/**
 * What is wrong with a design, as field errors keyed by where the problem is (`items.<item id>.name`,
 * `rules.0.actions.1.target`, `fields.3.computed`): an empty object when nothing is. The server refuses a design
 * with any (400 with these), and the designer shows the same reasons beside the pieces. A bound form is read
 * against its entity (with its detail entities), which the caller looks up and passes; unknown, it is refused.
 */
export function checkFormDesign(
  design: FormDesign,
  entity?: (EntityMeta & { detailMetas?: EntityMeta[] }) | null,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const bound = design.entity !== undefined;
  if (bound && !entity) errors.entity = `no entity named ${design.entity}`;
  if (bound && (design.fields.length || design.tables.length))
    errors.fields = 'a bound form places its entity’s fields and has none of its own';

  const seen = new Set<string>();
  design.fields.forEach((f, i) => {
    if (seen.has(f.name)) errors[`fields.${i}.name`] = `${f.name} is used twice`;
    seen.add(f.name);
    if ((f.type === 'dict' || f.type === 'dictMulti') && !f.dictionary && !f.options?.length)
      errors[`fields.${i}.dictionary`] = 'a choice field needs a dictionary or options';
    if (f.min !== undefined && f.max !== undefined && f.min > f.max) errors[`fields.${i}.max`] = 'less than min';
    const pattern = patternError(f.pattern);
    if (pattern) errors[`fields.${i}.pattern`] = pattern;
    if (f.default !== undefined && f.default !== null && f.default !== '' && !f.computed) {
      const ok = fieldValueSchema({ ...f, required: false }).safeParse(f.default);
      if (!ok.success) errors[`fields.${i}.default`] = ok.error.issues[0]?.message ?? 'not valid';
    }
  });
  design.tables.forEach((t, i) => {
    if (seen.has(t.name)) errors[`tables.${i}.name`] = `${t.name} is used twice`;
    seen.add(t.name);
    t.fields.forEach((f, j) => {
      const pattern = patternError(f.pattern);
      if (pattern) errors[`tables.${i}.fields.${j}.pattern`] = pattern;
    });
    if (t.minRows !== undefined && t.maxRows !== undefined && t.minRows > t.maxRows)
      errors[`tables.${i}.maxRows`] = 'less than the least number of lines';
  });

  const form = resolveForm(design, entity ?? undefined);
  const ids = new Set<string>();
  const placed = new Set<string>();
  // Layout problems are keyed by the item's id (`items.<id>.name`): an index into a nested layout means nothing.
  for (const item of walkItems(design.items)) {
    const i = item.id;
    if (ids.has(item.id)) errors[`items.${i}.id`] = `the id ${item.id} is used twice`;
    ids.add(item.id);
    if (item.kind !== 'field' && item.kind !== 'table') continue;
    const known = item.kind === 'field' ? form.fields.has(item.name) : form.tables.has(item.name);
    if (!known) errors[`items.${i}.name`] = `no ${item.kind === 'field' ? 'field' : 'sub-table'} named ${item.name}`;
    else if (placed.has(item.name)) errors[`items.${i}.name`] = `${item.name} is placed twice`;
    placed.add(item.name);
  }
  if (depthOf(design.items) > MAX_FORM_DEPTH) errors.items = `layout pieces nest at most ${MAX_FORM_DEPTH} deep`;
  if (!bound) {
    design.fields.forEach((f, i) => {
      if (!placed.has(f.name)) errors[`fields.${i}.name`] ??= `${f.name} is not placed on the form`;
    });
    design.tables.forEach((t, i) => {
      if (!placed.has(t.name)) errors[`tables.${i}.name`] ??= `${t.name} is not placed on the form`;
    });
  } else if (entity) {
    // A record can't be added through a dialog that leaves out a field it must have and nothing fills in.
    const missing = entity.fields.filter(
      (f) =>
        f.required &&
        f.name !== entity.key &&
        !f.readOnly &&
        f.computed === undefined &&
        f.autoNumber === undefined &&
        f.default === undefined &&
        !placed.has(f.name),
    );
    if (missing.length)
      errors.items ??= `a record must have ${missing.map((f) => f.name).join(', ')}: place ${missing.length > 1 ? 'them' : 'it'} on the form`;
  }

  // Computed values: each reads fields of the form (or sums a sub-table's), and none reads itself in the end.
  const targets = ruleTargets(form);
  const reads = new Map<string, string[]>();
  const checkExpression = (key: string, target: string, source: string) => {
    try {
      const refs = expressionReferences(parseExpression(source));
      for (const name of refs.fields)
        if (!form.fields.has(name)) errors[key] = `reads ${name}, which is not a field of the form`;
      for (const [table, field] of refs.lines)
        if (!form.tables.get(table)?.fields.some((f) => f.name === field))
          errors[key] = `sums ${table}.${field}, which is not a sub-table field of the form`;
      reads.set(target, [...(reads.get(target) ?? []), ...refs.fields]);
    } catch (err) {
      errors[key] = err instanceof Error ? err.message : 'not a valid expression';
    }
  };
  design.fields.forEach((f, i) => {
    if (f.computed) checkExpression(`fields.${i}.computed`, f.name, f.computed);
  });

  design.rules.forEach((rule, r) => {
    rule.when.forEach((c, j) => {
      if (c.subject === 'field' && !form.fields.has(c.field))
        errors[`rules.${r}.when.${j}.field`] = `no field named ${c.field}`;
    });
    rule.actions.forEach((a, j) => {
      const key = `rules.${r}.actions.${j}.target`;
      if (!targets.has(a.target)) {
        errors[key] = `no field, sub-table or section named ${a.target}`;
        return;
      }
      const field = form.fields.get(a.target);
      if ((a.action === 'setValue' || a.action === 'compute' || a.action === 'options') && !field)
        errors[key] = `${a.action} needs a field, and ${a.target} is not one`;
      else if (a.action === 'options' && field && !['dict', 'dictMulti'].includes(field.type) && !field.options)
        errors[key] = `${a.target} has no choices to limit`;
      else if (a.action === 'compute' && field && !['integer', 'decimal', 'string'].includes(field.type))
        errors[key] = `${a.target} is a ${field.type} field and can't hold a number`;
      if (a.action === 'compute') checkExpression(`rules.${r}.actions.${j}.expression`, a.target, a.expression);
    });
  });
  const cycle = cycleIn(reads);
  if (cycle) errors.computed = `computed values read each other in a circle: ${cycle.join(' → ')}`;
  return errors;
}
