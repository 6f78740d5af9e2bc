import { z } from 'zod';
import { FILE_KEY, FILE_KEYS } from '../entities/file.ts';
import { patterns } from '../validators.ts';
import type { EntityMeta, FieldMeta } from './metadata.ts';

const isCalendarDate = (s: string) => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
};

function decimalSchema(f: FieldMeta) {
  const precision = f.precision ?? 18;
  const scale = f.scale ?? 2;
  const whole = precision - scale;
  // Money travels as a decimal string, never a float, so no digit is lost on the way.
  let s = z
    .string()
    .trim()
    .regex(
      new RegExp(`^-?\\d{1,${whole}}(\\.\\d{1,${scale}})?$`),
      `a number with at most ${whole} digits before the point and ${scale} after`,
    );
  if (f.min !== undefined) s = s.refine((v) => Number(v) >= (f.min ?? 0), `at least ${f.min}`);
  if (f.max !== undefined) s = s.refine((v) => Number(v) <= (f.max ?? 0), `at most ${f.max}`);
  return s;
}

function stringSchema(f: FieldMeta, defaultLength: number) {
  let s = z
    .string()
    .trim()
    .max(f.length ?? defaultLength, `at most ${f.length ?? defaultLength} characters`);
  if (f.required) s = s.min(1, 'required');
  if (f.validator) s = s.regex(patterns[f.validator], `not a valid ${f.validator}`);
  if (f.pattern) s = s.regex(new RegExp(f.pattern), 'has the wrong format');
  return s;
}

/**
 * An image field holds one uploaded file's key, a file field keys joined by ','; an address is refused here,
 * and the server then refuses a key that is not a file of the caller's tenant with the same message.
 */
export const NOT_AN_UPLOAD = 'not an uploaded file';

function fileKeysSchema(f: FieldMeta) {
  const max = f.length ?? 500;
  const shape = f.type === 'image' ? FILE_KEY : FILE_KEYS;
  let s = z.string().trim().max(max, `at most ${max} characters`);
  if (f.required) s = s.min(1, 'required');
  return s.refine((v) => v === '' || shape.test(v), NOT_AN_UPLOAD);
}

/** The zod schema of one field's value as it travels on the wire. */
export function fieldValueSchema(f: FieldMeta): z.ZodType {
  switch (f.type) {
    case 'string':
      return stringSchema(f, 200);
    case 'text':
    case 'richText':
      return stringSchema(f, 20_000);
    case 'dict':
      return stringSchema(f, 500);
    case 'file':
    case 'image':
      return fileKeysSchema(f);
    case 'integer':
    case 'reference': {
      let n = z.number().int().min(-2_147_483_648).max(2_147_483_647);
      if (f.min !== undefined) n = n.min(f.min, `at least ${f.min}`);
      if (f.max !== undefined) n = n.max(f.max, `at most ${f.max}`);
      return n;
    }
    case 'decimal':
      return decimalSchema(f);
    case 'boolean':
      return z.boolean();
    case 'date':
      return z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
        .refine(isCalendarDate, 'not a real date');
    case 'datetime':
      return z.iso.datetime({ offset: true, local: true, message: 'a date and time' });
    case 'time':
      return z.string().regex(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/, 'a time as HH:mm:ss');
    case 'dictMulti':
      return z.array(z.string().max(100)).max(100);
    case 'json':
      return z.json();
  }
}

/** Fields a caller may write: not read-only and not the key. */
export const writableFields = (meta: EntityMeta) => meta.fields.filter((f) => !f.readOnly && f.name !== meta.key);

/**
 * The body of mainData for add (required fields must be there) or update (the key and the version
 * the caller read must be there; other fields are optional). Unknown fields are refused.
 */
export function rowSchema(meta: EntityMeta, mode: 'add' | 'update') {
  const shape: Record<string, z.ZodType> = {};
  for (const f of writableFields(meta)) {
    const value = fieldValueSchema(f);
    // A required field may be left out of an update (it keeps its value) but never emptied.
    shape[f.name] = f.required ? (mode === 'add' ? value : value.optional()) : value.nullable().optional();
  }
  if (mode === 'update') {
    shape[meta.key] = z.number().int();
    shape.version = z.number().int().min(1);
  }
  return z.strictObject(shape);
}
