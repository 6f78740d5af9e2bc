import type { TableDesign } from '@trestle/shared';

type Field = TableDesign['fields'][number];

/** A text in both languages, the Chinese one marked so a test can tell which language it got. */
export const label = (en: string) => ({ en, zh: `${en}（中）` });

/**
 * A design as the designer starts one, named `Vehicle` on table `vehicles` labelled `Vehicles`: no
 * folder, soft delete, approval, scope, index or master unless `extra` says.
 */
export const tableDesign = (name: string, fields: Field[], extra: Partial<TableDesign> = {}): TableDesign => ({
  name,
  table: `${name.toLowerCase()}s`,
  label: label(`${name}s`),
  folder: null,
  description: '',
  softDelete: false,
  audit: false,
  scope: {},
  indexes: [],
  master: null,
  fields,
  ...extra,
});

/** A required text field no two rows may share (a code, a plate). */
export const keyField = (id: string, name: string, title: string, extra: Partial<Field> = {}): Field =>
  ({ id, name, type: 'string', label: label(title), length: 20, required: true, unique: true, ...extra }) as Field;

/** A field holding the key of a row of `table`, shown by its `labelColumn`. */
export const referenceField = (
  id: string,
  name: string,
  title: string,
  reference: { table: string; labelColumn: string },
  extra: Partial<Field> = {},
): Field => ({ id, name, type: 'reference', label: label(title), reference, ...extra }) as Field;
