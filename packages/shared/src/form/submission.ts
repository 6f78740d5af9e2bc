import type { z } from 'zod';
import type { FieldMeta } from '../entity/metadata.ts';
import { fieldValueSchema } from '../entity/row-schema.ts';
import type { FormViewer } from './design.ts';
import { isEmpty, type ResolvedForm, runRules, type TargetState } from './rules.ts';

type Row = Record<string, unknown>;

/** What a form sends: the engine's save body (the form's fields, and each sub-table's lines). */
export type FormBody = { mainData: Row; detailData?: Record<string, Row[]> };

export type FormCheck =
  | { ok: true; mainData: Row; detailData: Record<string, Row[]> }
  | { ok: false; fieldErrors: Record<string, string> };

/** The messages a form's check gives, on both sides (the browser shows the server's word for word). */
export const formMessages = {
  unknown: 'not a field of this form',
  hidden: 'hidden by the form: leave it empty',
  required: 'required',
  tooFew: (n: number) => `at least ${n} lines`,
  tooMany: (n: number) => `at most ${n} lines`,
  option: (options: string[]) => (options.length ? `one of ${options.join(', ')}` : 'no choice is allowed here'),
} as const;

const schemas = new WeakMap<FieldMeta, z.ZodType>();
function valueSchema(f: FieldMeta): z.ZodType {
  let s = schemas.get(f);
  if (!s) {
    // Emptiness is the rules' to judge (required may come from a rule), so the value's own check lets it be.
    s = fieldValueSchema({ ...f, required: false })
      .nullable()
      .optional();
    schemas.set(f, s);
  }
  return s;
}

function valueErrors(f: FieldMeta, value: unknown, state: TargetState | undefined, types = true): string | null {
  if (state?.required && isEmpty(value)) return formMessages.required;
  if (isEmpty(value)) return null;
  if (state?.options) {
    const values = Array.isArray(value) ? value.map(String) : [String(value)];
    if (values.some((v) => !state.options?.includes(v))) return formMessages.option(state.options);
  }
  if (!types) return null;
  const parsed = valueSchema(f).safeParse(value);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'not valid');
}

/**
 * Checks what a user sent against the form, as the server does on every save, and gives back what is to be
 * stored: the rules run on the values sent (runRules); a field the rules hide must come empty and is stored
 * empty; a field required by its metadata or a rule must be filled; a locked field takes its default or the
 * value a rule sets, a computed one the value computed here, whatever was sent; a limited choice must be one
 * of the choices left. With `validate: 'entity'` (a bound form) the values' own types and lengths are left to
 * the entity's checks, a locked field is dropped so that it keeps what it has, and what comes back is the body
 * to hand the entity: the fields sent or set by a rule, with the caller's other keys.
 */
export function checkFormBody(
  form: ResolvedForm,
  body: FormBody,
  viewer: FormViewer,
  opts: {
    validate: 'form' | 'entity';
    /**
     * The keys the caller sent, when `mainData` is a record's stored values with the caller's changes laid over
     * (an update through a bound form): rules read the whole record, a hidden field is refused only if sent.
     */
    sent?: ReadonlySet<string>;
  } = { validate: 'form' },
): FormCheck {
  const errors: Record<string, string> = {};
  const own = opts.validate === 'form';
  const main = body.mainData;
  const detail = body.detailData ?? {};
  if (own) {
    for (const key of Object.keys(main)) if (!form.fields.has(key)) errors[`mainData.${key}`] = formMessages.unknown;
    for (const key of Object.keys(detail))
      if (!form.tables.has(key)) errors[`detailData.${key}`] = formMessages.unknown;
  }

  const state = runRules(form, main, detail, viewer);
  const sent = opts.sent ?? new Set(Object.keys(main));
  // A bound form passes its caller's keys (the record's key, its version) through to the entity's checks.
  const out: Row = own
    ? {}
    : Object.fromEntries(Object.entries(main).filter(([k]) => !form.fields.has(k) && sent.has(k)));
  for (const f of form.fields.values()) {
    const s = state.targets.get(f.name);
    const given = main[f.name];
    const computed = f.computed !== undefined && own;
    // A value the rules wrote themselves (a computed total, a set value) is not the user's to clear.
    const ruled = state.values[f.name] !== given;
    if (s && !s.visible) {
      if (sent.has(f.name) && !isEmpty(given) && !ruled && !computed)
        errors[`mainData.${f.name}`] = formMessages.hidden;
      if (own) out[f.name] = null;
      continue;
    }
    let value = state.values[f.name];
    if (s?.disabled && !computed && !ruled) {
      // Locked: a form's answer takes the default; a record keeps what it has (the entity's add gives the default).
      if (!own) continue;
      value = f.default ?? null;
    }
    const problem = !own && f.readOnly ? null : valueErrors(f, value, s, own);
    if (problem) errors[`mainData.${f.name}`] = problem;
    if (own || sent.has(f.name) || ruled) out[f.name] = value ?? null;
  }

  const lines: Record<string, Row[]> = {};
  for (const table of form.tables.values()) {
    const s = state.targets.get(table.name);
    const rows = state.lines[table.name] ?? [];
    if (s && !s.visible) {
      if (rows.length > 0) errors[`detailData.${table.name}`] = formMessages.hidden;
      continue;
    }
    if (!own) {
      if (table.name in detail) lines[table.name] = rows;
      continue;
    }
    if (table.minRows !== undefined && rows.length < table.minRows)
      errors[`detailData.${table.name}`] = formMessages.tooFew(table.minRows);
    if (table.maxRows !== undefined && rows.length > table.maxRows)
      errors[`detailData.${table.name}`] = formMessages.tooMany(table.maxRows);
    lines[table.name] = rows.map((row, i) => {
      const line: Row = {};
      for (const key of Object.keys(row))
        if (!table.fields.some((f) => f.name === key))
          errors[`detailData.${table.name}.${i}.${key}`] = formMessages.unknown;
      for (const f of table.fields) {
        const value = f.computed ? row[f.name] : (row[f.name] ?? null);
        const problem = valueErrors(f, value, {
          visible: true,
          required: f.required === true,
          disabled: false,
          options: null,
        });
        if (problem) errors[`detailData.${table.name}.${i}.${f.name}`] = problem;
        line[f.name] = value ?? null;
      }
      return line;
    });
  }
  return Object.keys(errors).length
    ? { ok: false, fieldErrors: errors }
    : { ok: true, mainData: out, detailData: lines };
}
