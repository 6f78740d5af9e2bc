import { entitySchema } from '@trestle/shared';

/**
 * An entity as the table designer could draw one, for a test to check or mount beside the app: metadata
 * only, keyed by a read-only integer `id` and sorted by it, with `fields` after the key.
 */
export const sketchedEntity = (
  name: string,
  table: string,
  label: { en: string; zh: string },
  fields: object[],
  extra: object = {},
) =>
  entitySchema.parse({
    name,
    table,
    key: 'id',
    label,
    defaultSort: { field: 'id', order: 'asc' },
    fields: [{ name: 'id', type: 'integer', label: { en: 'ID', zh: 'ID' }, readOnly: true }, ...fields],
    ...extra,
  });
