import type { EntityMeta, FieldErrors, FieldMeta } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import type { AuthContext } from '../http/auth.ts';
import { badRequest } from '../http/errors.ts';
import type { EntityDefinition, Row } from './definition.ts';
import { col, fieldNamed } from './query.ts';
import { scopeWhere } from './scope.ts';

/**
 * The rows a reference field may name, on the referenced table's alias `t`: `where` is what the picker
 * offers and what a write accepts (one rule for both, so a reference is writable exactly when it is
 * pickable); `parent` is the column a `reference.parent` narrows by (the term's contract), or null.
 */
export type Choices = { where: SQL; parent: SQL | null };

/**
 * A row is a choice when any screen over its table would show the caller it (delivery or O&M projects
 * alike): the tenant, soft delete and data scope of each engine entity on that table, a detail line only
 * under a master the caller sees. A table no entity shows is narrowed to the caller's tenant.
 */
export function choicesOf(definitions: EntityDefinition[], auth: AuthContext, f: FieldMeta): Choices {
  const ref = f.reference;
  if (!ref) throw new Error(`${f.name} is not a reference`);
  const targets = definitions.filter((d) => d.meta.table === ref.table);
  const where = targets.length
    ? sql`(${sql.join(
        targets.map((d) => {
          const master = masterVisible(definitions, d, auth);
          return master ? sql`(${scopeWhere(d, auth)} and ${master})` : sql`(${scopeWhere(d, auth)})`;
        }),
        sql` or `,
      )})`
    : sql`t.tenant_id = ${auth.tenantId}`;
  return { where, parent: ref.parent ? sql`t.${sql.identifier(ref.parent.column)}` : null };
}

/** The choices narrowed to one parent's rows when the form has chosen it (the picker's question). */
export const choicesWhere = (c: Choices, parent?: number): SQL =>
  c.parent && parent !== undefined ? sql`${c.where} and ${c.parent} = ${parent}` : c.where;

/**
 * A detail line shows only inside its master's dialog, so it is a choice only where the caller sees that
 * master (getDetailPage asks the same): a payment term has no project of its own, its contract has one.
 * Null for an entity that is not detail-only.
 */
function masterVisible(definitions: EntityDefinition[], detail: EntityDefinition, auth: AuthContext): SQL | null {
  if (!detail.detailOnly) return null;
  const links = definitions.flatMap((master) =>
    master.meta.details
      .filter((rel) => rel.entity === detail.meta.name)
      .map((rel) => {
        const fk = fieldNamed(detail.meta, rel.foreignKey);
        if (!fk) throw new Error(`${detail.meta.name}: no field ${rel.foreignKey}`);
        // The foreign key is read outside the subquery, whose own alias t then stands for the master.
        return sql`${col(fk)} in (select ${col({ name: master.meta.key })} from ${sql.identifier(master.meta.table)} t where ${scopeWhere(master, auth)})`;
      }),
  );
  return links.length ? sql`(${sql.join(links, sql` or `)})` : null;
}

/**
 * One reference a write names: `at` is where its error goes (`mainData.organizationId`,
 * `detailData.PurchaseRequestLine.2.budgetLineId`, or an import row's field), `parent` the value and label
 * of the field that narrows it, when that field has a value.
 */
export type ReferenceCheck = {
  at: string;
  field: FieldMeta;
  value: number;
  parent?: Parent | undefined;
};
type Parent = { value: number; label: string };

/**
 * The references that are not a choice for the caller, as field errors. A missing row and another tenant's
 * (or one outside the data scope) get the same words, so an answer never tells whether an id exists; a row
 * the caller does see, under another parent, is named as such. One query per referenced field.
 */
export async function referenceProblems(
  db: Db,
  choicesFor: (f: FieldMeta) => Choices,
  checks: ReferenceCheck[],
): Promise<FieldErrors> {
  // Grouped by what is asked: a master's and its lines' fields may share a name, not a table.
  const byTarget = new Map<string, ReferenceCheck[]>();
  for (const c of checks) {
    const target = `${c.field.reference?.table}.${c.field.reference?.parent?.column ?? ''}`;
    byTarget.set(target, [...(byTarget.get(target) ?? []), c]);
  }
  const errors: FieldErrors = {};
  for (const group of byTarget.values()) {
    const f = group[0]?.field;
    if (!f?.reference) continue;
    const choices = choicesFor(f);
    const ids = [...new Set(group.map((c) => c.value))];
    const found = new Map<number, number | null>();
    for (let i = 0; i < ids.length; i += 1000) {
      const part = ids.slice(i, i + 1000);
      const rows = await queryRows<{ id: number; parent: number | null }>(
        db,
        sql`select t.id, ${choices.parent ?? sql`null`}::int as parent from ${sql.identifier(f.reference.table)} t
            where ${choices.where} and t.id in (${sql.join(
              part.map((id) => sql`${id}`),
              sql`, `,
            )})`,
      );
      for (const r of rows) found.set(r.id, r.parent);
    }
    for (const c of group) {
      if (!found.has(c.value)) errors[c.at] = 'not found';
      else if (choices.parent && c.parent && found.get(c.value) !== c.parent.value)
        errors[c.at] = `not one of the chosen ${c.parent.label.toLowerCase()}'s`;
    }
  }
  return errors;
}

/** Refuses the write with 400 and every reference's field error, before anything is written. */
export async function checkReferences(db: Db, choicesFor: (f: FieldMeta) => Choices, checks: ReferenceCheck[]) {
  if (checks.length === 0) return;
  const errors = await referenceProblems(db, choicesFor, checks);
  const first = Object.entries(errors)[0];
  if (first) throw badRequest(`${first[0]}: ${first[1]}`, errors);
}

/**
 * The references a row writes: each reference field it sets to an id, except, on update, one left as it
 * was with its parent unchanged (a row stays editable after what it names has left the caller's choices).
 * A field's parent is read from `parents` (the row itself, or a detail line's master) and labelled from
 * `parentMeta`; `skip` is a detail line's link to its master, which the engine sets itself.
 */
export function referencesOf(
  meta: EntityMeta,
  row: Row,
  o: {
    at: (f: FieldMeta) => string;
    before?: Row | undefined;
    parents: Row;
    parentsBefore?: Row | undefined;
    parentMeta: EntityMeta;
    skip?: string;
  },
): ReferenceCheck[] {
  const parentOf = (f: FieldMeta): Parent | undefined => {
    const p = f.reference?.parent;
    const value = p ? o.parents[p.field] : undefined;
    if (!p || typeof value !== 'number') return undefined;
    return { value, label: fieldNamed(o.parentMeta, p.field)?.label.en ?? p.field };
  };
  const parentMoved = (f: FieldMeta) => {
    const p = f.reference?.parent;
    return p !== undefined && o.parentsBefore !== undefined && o.parents[p.field] !== o.parentsBefore[p.field];
  };
  return meta.fields.flatMap((f) => {
    const value = row[f.name];
    if (f.type !== 'reference' || f.readOnly || f.name === o.skip || typeof value !== 'number') return [];
    if (o.before && o.before[f.name] === value && !parentMoved(f)) return [];
    return [{ at: o.at(f), field: f, value, parent: parentOf(f) }];
  });
}
