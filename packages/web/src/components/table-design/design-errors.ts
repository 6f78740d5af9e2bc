import { type FieldRow, hasLength, hasPattern, isDictionary, isReference, type RowType } from './design-form.ts';

export type FieldPath = (string | number)[];

/** The inputs of a field row: what the server's `fields.<i>.<…>` keys are placed under. */
const rowInputs = new Set([
  'name',
  'label.en',
  'label.zh',
  'type',
  'length',
  'dictionary',
  'reference.table',
  'autoNumber.pattern',
  'min',
  'max',
  'pattern',
  'summary',
  'list.width',
  'help.en',
  'help.zh',
  'search.op',
]);
/** Keys with no input of their own, shown under the input that stands for them. */
const rowAliases: Record<string, string> = {
  id: 'name',
  reference: 'reference.table',
  'reference.labelColumn': 'reference.table',
  autoNumber: 'autoNumber.pattern',
};
const designInputs = new Set([
  'name',
  'table',
  'label.en',
  'label.zh',
  'singular.en',
  'singular.zh',
  'folder',
  'description',
  'master.entity',
  'master.field',
  'scope.owner',
  'scope.organization',
]);

/**
 * The server's field errors (`name`, `label.en`, `fields.2.name`) as form paths; what has no input on screen
 * (a length of a type that shows none, the list as a whole) comes back in `unplaced` with its key.
 */
export function placeFieldErrors(
  fieldErrors: Record<string, string>,
  rows: readonly FieldRow[],
): { placed: { name: FieldPath; errors: string[] }[]; unplaced: { key: string; message: string }[] } {
  const placed: { name: FieldPath; errors: string[] }[] = [];
  const unplaced: { key: string; message: string }[] = [];
  for (const [key, message] of Object.entries(fieldErrors)) {
    const m = /^fields\.(\d+)\.(.+)$/.exec(key);
    if (m) {
      const index = Number(m[1]);
      const inner = rowAliases[m[2] ?? ''] ?? m[2] ?? '';
      const row = rows[index];
      if (row && rowInputs.has(inner) && shownFor(row.type, inner)) {
        placed.push({ name: ['fields', index, ...inner.split('.')], errors: [message] });
        continue;
      }
    } else if (designInputs.has(key)) {
      placed.push({ name: key.split('.'), errors: [message] });
      continue;
    }
    unplaced.push({ key, message });
  }
  return { placed, unplaced };
}

function shownFor(type: RowType, input: string): boolean {
  if (input === 'length') return hasLength(type);
  if (input === 'autoNumber.pattern') return hasPattern(type);
  if (input === 'dictionary') return isDictionary(type);
  if (input === 'reference.table') return isReference(type);
  return true;
}
