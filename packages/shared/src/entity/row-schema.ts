import { z } from 'zod';
import { FILE_KEY, FILE_KEYS } from '../contracts/file.ts';
import { patterns } from '../contracts/validators.ts';
import { calendarDate, dateTime, id, integerSchema, timeOfDay } from '../contracts/values.ts';
import type { EntityMeta, FieldMeta } from './metadata.ts';

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

/**
 * The most characters a text or rich-text field holds unless its metadata says; the server checks rich text
 * again once sanitised, which can lengthen it.
 */
export const TEXT_MAX_LENGTH = 20_000;

function stringSchema(f: FieldMeta, defaultLength: number) {
  let s = z
    .string()
    .trim()
    .max(f.length ?? defaultLength, `at most ${f.length ?? defaultLength} characters`);
  if (f.required) s = s.min(1, 'required');
  if (f.validator) s = s.regex(patterns[f.validator], `not a valid ${f.validator}`);
  if (f.pattern) s = s.regex(new RegExp(f.pattern), 'has the wrong format');
  const options = f.options?.map((o) => o.value);
  if (options) return s.refine((v) => v === '' || options.includes(v), `one of ${options.join(', ')}`);
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
      return stringSchema(f, TEXT_MAX_LENGTH);
    case 'dict':
      return stringSchema(f, 500);
    case 'file':
    case 'image':
      return fileKeysSchema(f);
    case 'integer': {
      let n = integerSchema(f.intSize);
      if (f.min !== undefined) n = n.min(f.min, `at least ${f.min}`);
      if (f.max !== undefined) n = n.max(f.max, `at most ${f.max}`);
      return n;
    }
    case 'reference':
      // A reference holds another row's key.
      return id;
    case 'decimal':
      return decimalSchema(f);
    case 'boolean':
      return z.boolean();
    case 'date':
      return calendarDate;
    case 'datetime':
      return dateTime;
    case 'time':
      return timeOfDay;
    case 'dictMulti':
      return z.array(z.string().max(100)).max(100);
    case 'json':
      return z.json();
  }
}

/** The key of a row of this entity: positive, within its column (bigint for the logs). */
export function keySchema(meta: EntityMeta) {
  const size = meta.fields.find((f) => f.name === meta.key)?.intSize ?? 'int4';
  return size === 'int4' ? id : integerSchema(size).min(1, 'at least 1');
}

/** Fields a caller may write: not read-only, not computed and not the key. */
export const writableFields = (meta: EntityMeta) =>
  meta.fields.filter((f) => !f.readOnly && !f.computed && f.name !== meta.key);

/** A computed field's value from a caller is taken and dropped: the server computes its own. */
const ignored = z
  .unknown()
  .optional()
  .transform(() => undefined);

/**
 * The body of mainData for add (required fields must be there) or update (the key and the version
 * the caller read must be there; other fields are optional). Unknown fields are refused.
 */
export function rowSchema(meta: EntityMeta, mode: 'add' | 'update') {
  const shape: Record<string, z.ZodType> = {};
  for (const f of writableFields(meta)) {
    const value = fieldValueSchema(f);
    // A required field may be left out of an update (it keeps its value) but never emptied.
    // A numbered field left empty on add is numbered by the server.
    const required = f.required && !(mode === 'add' && f.autoNumber);
    shape[f.name] = required ? (mode === 'add' ? value : value.optional()) : value.nullable().optional();
  }
  for (const f of meta.fields) if (f.computed) shape[f.name] = ignored;
  if (mode === 'update') {
    shape[meta.key] = keySchema(meta);
    shape.version = integerSchema().min(1, 'at least 1');
  }
  return z.strictObject(shape);
}
