import { type EntityMeta, type FieldErrors, type FieldMeta, idsOf } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { containing } from '../db/like.ts';
import type { AuthContext } from '../http/auth.ts';
import { badRequest } from '../http/errors.ts';
import type { Language } from '../http/language.ts';
import type { EntityDefinition, Row } from './definition.ts';
import { col, fieldNamed } from './query.ts';
import { scopeWhere } from './scope.ts';

/**
 * The rows a reference field may name, on the referenced table's alias `t`: `where` is what the picker
 * offers and what a write accepts (one rule for both, so a reference is writable exactly when it is
 * pickable); `parent` is the column a `reference.parent` narrows by (the term's contract), or null;
 * `code` the column people name those rows by (the business key of an entity over the table), or null.
 */
export type Choices = { where: SQL; parent: SQL | null; code: SQL | null };

type Reference = NonNullable<FieldMeta['reference']>;

/**
 * The text a reference shows for a row on `alias`: "code — name" where the rows have a code, else the label
 * column. One rule for lists, exports, pickers and imports, so what a picker shows is what a list shows.
 * No parameters: the list's select is rendered once per entity.
 */
export function referenceLabel(ref: Reference, alias: 't' | 'r', lang: Language = 'en'): SQL {
  const at = (column: string) => sql`${sql.raw(alias)}.${sql.identifier(column)}::text`;
  // A zh reader sees the Chinese label where the row has one.
  const name =
    lang === 'zh' && ref.labelColumnZh
      ? sql`coalesce(nullif(${at(ref.labelColumnZh)}, ''), ${at(ref.labelColumn)})`
      : at(ref.labelColumn);
  return ref.codeColumn ? sql`concat_ws(' — ', ${at(ref.codeColumn)}, ${name})` : name;
}

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
  const code = targets
    .map((d) => (d.meta.businessKey ? fieldNamed(d.meta, d.meta.businessKey) : undefined))
    .find((x) => x !== undefined);
  return {
    where,
    parent: ref.parent ? sql`t.${sql.identifier(ref.parent.column)}` : null,
    code: code ? col(code) : null,
  };
}

/** The choices narrowed to one parent's rows when the form has chosen it (the picker's question). */
export const choicesWhere = (c: Choices, parent?: number): SQL =>
  c.parent && parent !== undefined ? sql`${c.where} and ${c.parent} = ${parent}` : c.where;

/**
 * A detail line shows only inside its master's dialog, so it is a choice only where the caller sees that
 * master (getDetailPage asks the same): a payment term has no project of its own, its contract has one.
 * Null for an entity that is not detail-only.
 */
export function masterVisible(
  definitions: EntityDefinition[],
  detail: EntityDefinition,
  auth: AuthContext,
): SQL | null {
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

/** One page of a picker: at most this many choices. */
export const CHOICES_PAGE = 50;

export type Choice = {
  value: number;
  label: string;
  /** With `reference.fills`: the value each filled field takes, and the label of those that are references. */
  fill?: Record<string, unknown>;
  fillLabels?: Record<string, string | null>;
};
export type ChoiceQuery = { q: string; ids: string; parent?: number | undefined; page: number };

/**
 * A reference field's choices for the caller, a page at a time: rows whose code or label holds `q`, or the
 * rows of `ids`; exactly the rows a write may name (choicesOf), narrowed to the parent the form has chosen.
 * Each choice carries what choosing it fills in the form; a filled reference is kept only when it is a
 * choice of its own field for the caller (else null), so a fill never hands over what the scope hides.
 */
export async function lookupChoices(
  db: Db,
  definitions: EntityDefinition[],
  auth: AuthContext,
  owner: EntityMeta,
  f: FieldMeta,
  query: ChoiceQuery,
  lang: Language = 'en',
): Promise<Choice[]> {
  const ref = f.reference;
  if (!ref) throw new Error(`${f.name} is not a reference`);
  const label = referenceLabel(ref, 't', lang);
  const conds: SQL[] = [choicesWhere(choicesOf(definitions, auth, f), query.parent)];
  if (query.ids) {
    const ids = idsOf(query.ids).slice(0, 200);
    conds.push(
      ids.length
        ? sql`t.id in (${sql.join(
            ids.map((i) => sql`${i}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  } else if (query.q) {
    const like = containing(query.q);
    const searched = [ref.codeColumn, ref.labelColumn, ref.labelColumnZh].flatMap((c) =>
      c ? [sql`t.${sql.identifier(c)}::text ilike ${like}`] : [],
    );
    conds.push(sql`(${sql.join(searched, sql` or `)})`);
  }
  const fills = (ref.fills ?? []).map((fill, i) => ({ fill, alias: `f${i}`, target: fieldNamed(owner, fill.field) }));
  const read = (fill: (typeof fills)[number]['fill']) =>
    fill.via
      ? sql`(select x.${sql.identifier(fill.via.column)} from ${sql.identifier(fill.via.table)} x where x.id = t.${sql.identifier(fill.column)} and x.tenant_id = t.tenant_id)`
      : sql`t.${sql.identifier(fill.column)}`;
  const page = sql`select t.id as value, ${label} as label${sql.join(
    fills.map((x) => sql`, ${read(x.fill)} as ${sql.identifier(x.alias)}`),
    sql``,
  )} from ${sql.identifier(ref.table)} t where ${sql.join(conds, sql` and `)}
    order by ${label} limit ${CHOICES_PAGE} offset ${(query.page - 1) * CHOICES_PAGE}`;
  if (fills.length === 0) return queryRows<Choice>(db, page);
  const values: SQL[] = [];
  const labels: SQL[] = [];
  for (const { fill, alias, target } of fills) {
    const got = sql`c.${sql.identifier(alias)}`;
    const targetRef = target?.type === 'reference' ? target.reference : undefined;
    if (!target || !targetRef) {
      values.push(sql`${fill.field}::text, ${got}`);
      continue;
    }
    // Alias t is the filled field's table here: its choices are written on t.
    const chosen = (what: SQL) =>
      sql`(select ${what} from ${sql.identifier(targetRef.table)} t where t.id = ${got} and ${choicesOf(definitions, auth, target).where})`;
    values.push(sql`${fill.field}::text, ${chosen(sql`t.id`)}`);
    labels.push(sql`${fill.field}::text, ${chosen(referenceLabel(targetRef, 't', lang))}`);
  }
  const object = (pairs: SQL[]) => (pairs.length ? sql`json_build_object(${sql.join(pairs, sql`, `)})` : sql`null`);
  return queryRows<Choice>(
    db,
    sql`select c.value, c.label, ${object(values)} as fill, ${object(labels)} as "fillLabels" from (${page}) c order by c.label`,
  );
}
