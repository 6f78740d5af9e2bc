import { type EntityMeta, type FieldMeta, langOf } from '@trestle/shared';

/** Field choices of an entity for the pickers, in the reader's language. */

export type FieldTest = (f: FieldMeta, meta: EntityMeta) => boolean;

export const anyField: FieldTest = () => true;
export const dictField: FieldTest = (f) => f.type === 'dict';
export const dateField: FieldTest = (f) => f.type === 'date' || f.type === 'datetime';
export const numberField: FieldTest = (f) => f.type === 'integer' || f.type === 'decimal';
export const selfReference: FieldTest = (f, meta) => f.reference?.table === meta.table;
/** A field a row's title can be (text or a number, not a picture or a document). */
export const titleField: FieldTest = (f) => ['string', 'text', 'integer', 'dict', 'date', 'reference'].includes(f.type);

export function fieldOptions(meta: EntityMeta | undefined, language: string, test: FieldTest = anyField) {
  const lang = langOf(language);
  return (meta?.fields ?? [])
    .filter((f) => test(f, meta as EntityMeta))
    .map((f) => ({ value: f.name, label: `${f.label[lang]} (${f.name})` }));
}

/** The first field that passes, for a new block's starting choice. */
export const firstField = (meta: EntityMeta | undefined, test: FieldTest) =>
  meta?.fields.find((f) => test(f, meta))?.name;
