import { canMove, type EntityMeta, type FieldMeta } from '@trestle/shared';
import type { Row } from './definition.ts';
import { abort } from './errors.ts';

/** A state field's lifecycle, as its metadata declares it (the same data the form filters its choices by). */
export type Lifecycle = NonNullable<FieldMeta['lifecycle']>;

/** The lifecycle of an entity's state field; an entity without one is a programming error. */
export function lifecycleOf(meta: EntityMeta, field = 'status'): Lifecycle {
  const life = meta.fields.find((f) => f.name === field)?.lifecycle;
  if (!life) throw new Error(`${meta.name}.${field} has no lifecycle`);
  return life;
}

/**
 * Refuses a status change its lifecycle does not list (staying put is always allowed). The message
 * names both statuses, so the user sees which move was refused; the refusal sits on the field.
 */
export function checkTransition(
  lifecycle: Lifecycle,
  from: unknown,
  to: unknown,
  what = 'The status',
  field = 'status',
) {
  if (to === undefined || canMove(lifecycle, from, to)) return;
  throw abort(`${what} cannot go from ${String(from)} to ${String(to)}`, field);
}

/**
 * The engine's check of every state field with a lifecycle, for any entity (built-in or designed): a new
 * row starts in one of the initial states (the field's default when it sends none), an edit moves only
 * along the lifecycle.
 */
export function checkLifecycles(meta: EntityMeta, row: Row, before?: Row) {
  for (const f of meta.fields) {
    const life = f.lifecycle;
    if (!life) continue;
    if (before) {
      checkTransition(life, before[f.name], row[f.name], `The ${f.name}`, f.name);
      continue;
    }
    const start = row[f.name] ?? f.default;
    if (start !== undefined && !life.initial.includes(String(start)))
      throw abort(
        `A new record's ${f.name} cannot be ${String(start)}: it starts as ${life.initial.join(' or ')}`,
        f.name,
      );
  }
}
