import { type EntityMeta, type FieldMeta, writableFields } from '@trestle/shared';

/**
 * The fields of the edit form: those the metadata places, plus any required writable field it left
 * unplaced (so an add can still succeed), appended on rows of their own. `exclude` drops fields the
 * server fills (a detail's foreign key).
 */
export function editFields(meta: EntityMeta, exclude: readonly string[] = []): FieldMeta[] {
  const placed = meta.fields.filter((f) => f.edit && !exclude.includes(f.name));
  let row = Math.max(0, ...placed.map((f) => f.edit?.row ?? 0));
  const missing = writableFields(meta).filter((f) => f.required && !f.edit && !exclude.includes(f.name));
  return [...placed, ...missing.map((f) => ({ ...f, edit: { row: ++row, col: 1 } }))];
}

/** A new row's starting values: each field's metadata default. */
export function defaultsOf(meta: EntityMeta): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of meta.fields) if (f.default !== undefined) out[f.name] = f.default;
  return out;
}
