import type { EntityMeta, FieldMeta } from '../entity/metadata.ts';
import type { BiValueType, DatasetDefinition } from './definitions.ts';
import type { DatasetField } from './wire.ts';

/**
 * The fields a dataset offers to charts, said once for the builder's lists, the definitions' checks and the
 * server's query compiler. An entity field keeps its type (a reference is its row's label, a dictionary
 * field its code); documents and blobs (rich text, files, json) and multi-value fields are left out.
 */

/** How an entity field charts: null for those a chart cannot group or measure. */
export function biTypeOf(f: FieldMeta): BiValueType | null {
  switch (f.type) {
    case 'integer':
    case 'decimal':
      return 'number';
    case 'string':
    case 'text':
    case 'time':
    case 'dict':
    case 'reference':
      return 'string';
    case 'boolean':
      return 'boolean';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    default:
      return null;
  }
}

/** The entity a reference field points at: the one whose table it names. */
export const referencedEntity = (f: FieldMeta, entities: readonly EntityMeta[]): EntityMeta | undefined =>
  f.reference ? entities.find((m) => m.table === f.reference?.table) : undefined;

/** Where a dataset field comes from, as the query compiler needs it. */
export type DatasetFieldSource =
  | { origin: 'field'; field: FieldMeta; type: BiValueType }
  | { origin: 'reference'; via: FieldMeta; target: EntityMeta; field: FieldMeta; type: BiValueType }
  | { origin: 'calculated'; name: string; expression: string; type: 'number' }
  | { origin: 'column'; name: string; type: BiValueType };

const entityField = (f: FieldMeta): DatasetField | null => {
  const type = biTypeOf(f);
  return type
    ? { name: f.name, label: f.label, type, dictionary: f.dictionary ?? null, origin: 'field' as const }
    : null;
};

/** Every field of a dataset, in the builder's order: the entity's, each followed reference's, the calculated. */
export function datasetFields(definition: DatasetDefinition, entities: readonly EntityMeta[]): DatasetField[] {
  if (definition.kind === 'sql')
    return definition.columns.map((c) => ({
      name: c.name,
      label: c.label,
      type: c.type,
      dictionary: null,
      origin: 'column' as const,
    }));
  const meta = entities.find((m) => m.name === definition.entity);
  if (!meta) return [];
  const out: DatasetField[] = [];
  for (const f of meta.fields) {
    const field = entityField(f);
    if (field) out.push(field);
  }
  for (const join of definition.joins) {
    const via = meta.fields.find((f) => f.name === join);
    const target = via && referencedEntity(via, entities);
    if (!via || !target) continue;
    for (const f of target.fields) {
      const field = entityField(f);
      if (!field) continue;
      out.push({
        ...field,
        name: `${via.name}.${f.name}`,
        label: { en: `${via.label.en} · ${f.label.en}`, zh: `${via.label.zh}·${f.label.zh}` },
        origin: 'reference',
      });
    }
  }
  for (const c of definition.calculated)
    out.push({ name: c.name, label: c.label, type: 'number', dictionary: null, origin: 'calculated' });
  return out;
}

/** One dataset field by name, with what the compiler needs to read it; undefined when there is none. */
export function resolveField(
  definition: DatasetDefinition,
  entities: readonly EntityMeta[],
  name: string,
): DatasetFieldSource | undefined {
  if (definition.kind === 'sql') {
    const c = definition.columns.find((x) => x.name === name);
    return c ? { origin: 'column', name: c.name, type: c.type } : undefined;
  }
  const meta = entities.find((m) => m.name === definition.entity);
  if (!meta) return undefined;
  const calculated = definition.calculated.find((c) => c.name === name);
  if (calculated) return { origin: 'calculated', name, expression: calculated.expression, type: 'number' };
  const [head, tail] = name.split('.');
  const f = meta.fields.find((x) => x.name === head);
  if (!f) return undefined;
  if (tail === undefined) {
    const type = biTypeOf(f);
    return type ? { origin: 'field', field: f, type } : undefined;
  }
  if (!definition.joins.includes(f.name)) return undefined;
  const target = referencedEntity(f, entities);
  const g = target?.fields.find((x) => x.name === tail);
  const type = g && biTypeOf(g);
  return target && g && type ? { origin: 'reference', via: f, target, field: g, type } : undefined;
}
