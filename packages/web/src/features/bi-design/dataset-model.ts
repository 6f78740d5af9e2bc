import {
  type CalculatedField,
  type EntityDataset,
  type EntityMeta,
  type FieldMeta,
  referencedEntity,
  type SqlColumn,
  type SqlDataset,
  type SqlParameter,
  type SqlTry,
} from '@trestle/shared';

/** The dataset editor's draft helpers: fresh definitions, what may be joined, and Try's columns merged in. */

export const emptyEntityDataset = (entity = ''): EntityDataset => ({
  kind: 'entity',
  entity,
  joins: [],
  calculated: [],
  filters: [],
});

export const emptySqlDataset = (): SqlDataset => ({
  kind: 'sql',
  dataSourceId: null,
  sql: '',
  parameters: [],
  columns: [],
});

/** A reference field the dataset may follow: one whose target is an entity the caller may read. */
export type Joinable = { field: FieldMeta; target: EntityMeta };

export function joinableReferences(meta: EntityMeta | undefined, entities: readonly EntityMeta[]): Joinable[] {
  if (!meta) return [];
  return meta.fields.flatMap((field) => {
    const target = field.type === 'reference' ? referencedEntity(field, entities) : undefined;
    return target ? [{ field, target }] : [];
  });
}

/** Another entity: what followed its references and read its fields no longer applies; calculations stay. */
export const withEntity = (def: EntityDataset, entity: string): EntityDataset => ({
  ...def,
  entity,
  joins: [],
  filters: [],
});

/** A name for the next calculated field that none has yet (`calc1`, `calc2`, …). */
export function nextCalculated(existing: readonly CalculatedField[]): CalculatedField {
  let n = existing.length + 1;
  while (existing.some((c) => c.name === `calc${n}`)) n += 1;
  return { name: `calc${n}`, label: { en: `Calculation ${n}`, zh: `计算字段${n}` }, expression: '' };
}

export function nextParameter(existing: readonly SqlParameter[]): SqlParameter {
  let n = existing.length + 1;
  while (existing.some((p) => p.name === `param${n}`)) n += 1;
  return { name: `param${n}`, type: 'string', label: { en: `Parameter ${n}`, zh: `参数${n}` }, default: null };
}

/** A SQL column name as the definition accepts it: what Try found, or null for one a chart cannot name. */
const columnName = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * Try's columns as the dataset's: in the statement's order, each keeping the type and labels the designer
 * gave it before (by name); a new column takes the type Try found and its name as its labels.
 */
export function mergeColumns(tried: SqlTry['columns'], before: readonly SqlColumn[]): SqlColumn[] {
  return tried.flatMap((c) => {
    if (!columnName.test(c.name)) return [];
    const kept = before.find((b) => b.name === c.name);
    return [kept ?? { name: c.name, type: c.type, label: { en: c.name, zh: c.name } }];
  });
}

/** The values Try binds: each parameter's default. */
export const defaultValues = (parameters: readonly SqlParameter[]): Record<string, string | number | null> =>
  Object.fromEntries(parameters.map((p) => [p.name, p.default]));

/** The server's and the check's problems keyed `definition.…`; the editor's sections read them without it. */
export function withoutPrefix(problems: Record<string, string>, prefix = 'definition.'): Record<string, string> {
  return Object.fromEntries(
    Object.entries(problems).map(([key, message]) => [
      key.startsWith(prefix) ? key.slice(prefix.length) : key,
      message,
    ]),
  );
}
