import { type EntityMeta, entitySchema, type FieldMeta } from '../entity/metadata.ts';
import type { DesignField, TableDesign } from './design.ts';
import type { DesignKind } from './design-kinds.ts';

/** What a kind sets on its field; what the field says itself (a length, a precision) comes first. */
const kindSettings: Record<DesignKind, Partial<FieldMeta>> = {
  money: { precision: 14, scale: 2 },
  email: { validator: 'mail', length: 100 },
  phone: { validator: 'phone', length: 30 },
  url: { validator: 'url', length: 500 },
  multiLine: { length: 2000 },
  autoNumber: { length: 40 },
  attachment: {},
  user: { reference: { table: 'users', labelColumn: 'user_true_name', codeColumn: 'user_name' } },
  organization: {
    reference: { table: 'organizations', labelColumn: 'name', labelColumnZh: 'name_zh', codeColumn: 'code' },
  },
};

/**
 * The entity definition a design stands for: the key `id` first, then the fields as drawn. Its `details`
 * are the designs that name it as their master (`detailsOf`), known only once every design is read.
 */
export function designToMeta(design: TableDesign, details: EntityMeta['details'] = []): EntityMeta {
  const key = {
    name: 'id',
    type: 'integer' as const,
    label: { en: 'ID', zh: '编号' },
    readOnly: true,
    list: { hidden: true },
  };
  const businessKey = design.fields.find((f) => f.unique && (f.type === 'string' || f.type === 'integer'))?.name;
  return entitySchema.parse({
    name: design.name,
    table: design.table,
    key: 'id',
    businessKey,
    label: design.label,
    singular: design.singular,
    fields: [key, ...design.fields.map(fieldOfDesign)],
    // Newest first in a list; a detail's lines in the order they were entered.
    defaultSort: { field: 'id', order: design.master ? 'asc' : 'desc' },
    softDelete: design.softDelete,
    audit: design.audit,
    details,
    scope: design.scope ?? {},
  });
}

/** A designed field as the engine has it: the kind's settings under the field's own. */
function fieldOfDesign({ id: _id, kind, ...f }: DesignField): FieldMeta {
  if (!kind) return f;
  const settings = kindSettings[kind];
  const field: FieldMeta = { ...settings, ...f };
  // A user or organisation field always points where its kind says, whatever else was sent.
  if (settings.reference) field.reference = settings.reference;
  if (settings.validator) field.validator = settings.validator;
  return field;
}

/** The detail relations of a master design among the designs given: each detail by its link field. */
export function detailsOf(master: string, designs: readonly TableDesign[]): EntityMeta['details'] {
  return designs
    .filter((d) => d.master?.entity === master)
    .map((d) => ({ entity: d.name, foreignKey: d.master?.field ?? '' }))
    .sort((a, b) => a.entity.localeCompare(b.entity));
}
