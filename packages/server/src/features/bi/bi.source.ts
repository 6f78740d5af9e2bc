import {
  biTypeOf,
  columnOf,
  type EntityDataset,
  type EntityMeta,
  type FieldMeta,
  intRanges,
  referencedEntity,
  resolveField,
} from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { EntityDefinition } from '../../engine/definition.ts';
import { masterVisible, referenceLabel } from '../../engine/references.ts';
import { scopeWhere } from '../../engine/scope.ts';
import { toSqlValue } from '../../engine/values.ts';
import type { DataScope } from '../../http/access.ts';
import type { AuthContext } from '../../http/auth.ts';
import type { Language } from '../../http/language.ts';
import { postgresDialect } from './bi.dialect.ts';
import { calculatedSql } from './bi.expression.ts';
import { badDefinition, conditionSql, type DatasetSource, type FieldSql, type Shown } from './bi.query.ts';

/**
 * An entity dataset's rows: the entity's table as `t` under the SAME condition its lists apply (scopeWhere:
 * tenant, soft delete, the viewer's data scope, the entity's own filter), each followed reference joined to its
 * target's rows within the viewer's scope of that entity (a row outside it gives empty fields), and a reference
 * shown by its row's label as lists show it. The data scope is that of the viewer's roles which open the
 * entity's screen (its Search grant), as on the screen itself: a role that doesn't show the screen doesn't
 * widen what a chart over it counts.
 */

/** The viewer's data scope on a screen (menu code), read once per batch. */
export type ScopeOf = (menu: string) => Promise<DataScope>;

export type EntitySourceInput = {
  definitions: EntityDefinition[];
  auth: AuthContext;
  dataset: EntityDataset;
  lang: Language;
  timeZone: string;
  scopeOf: ScopeOf;
};

/** Tables a scope condition may read besides the entity's own (memberships, the organisation tree). */
const SCOPE_TABLES = ['project_members', 'organizations'];

/** The screen whose grant opens an entity's rows: its own, or for a detail line its master's. */
function screenOf(definitions: EntityDefinition[], def: EntityDefinition): string {
  if (!def.detailOnly) return def.meta.name;
  const master = definitions.find((m) => m.meta.details.some((d) => d.entity === def.meta.name));
  return master?.meta.name ?? def.meta.name;
}

/**
 * The screens whose data scope an entity dataset's rows need: its entity's and each joined reference's target's,
 * so that a batch reads them all at once before its charts are compiled. A name that is not there is left out
 * (compiling the dataset answers it as a bad definition).
 */
export function screensOf(definitions: EntityDefinition[], dataset: EntityDataset): string[] {
  const metas = definitions.map((d) => d.meta);
  const meta = metas.find((m) => m.name === dataset.entity);
  if (!meta) return [];
  const targets = dataset.joins.flatMap((name) => {
    const via = meta.fields.find((f) => f.name === name && f.type === 'reference');
    const target = via && referencedEntity(via, metas);
    return target ? [target] : [];
  });
  return [meta, ...targets].map((m) => screenOf(definitions, definitionOf(definitions, m)));
}

/** The rows of `def` the viewer sees, on the alias `t`, as its lists select them. */
async function visibleWhere(input: EntitySourceInput, def: EntityDefinition): Promise<SQL> {
  const auth = { ...input.auth, dataScope: await input.scopeOf(screenOf(input.definitions, def)) };
  const master = masterVisible(input.definitions, def, auth);
  return master ? sql`${scopeWhere(def, auth)} and ${master}` : scopeWhere(def, auth);
}

const definitionOf = (definitions: EntityDefinition[], meta: EntityMeta): EntityDefinition => {
  const def = definitions.find((d) => d.meta === meta);
  if (!def) throw new Error(`no definition for ${meta.name}`);
  return def;
};

export async function entitySource(input: EntitySourceInput): Promise<DatasetSource> {
  const { definitions, auth, dataset, lang } = input;
  const metas = definitions.map((d) => d.meta);
  const meta = metas.find((m) => m.name === dataset.entity);
  if (!meta) throw badDefinition('definition.entity', `no entity named ${dataset.entity}`);
  const base = definitionOf(definitions, meta);
  const tables = new Set([meta.table, ...SCOPE_TABLES]);
  const joins: SQL[] = [];
  const joined = new Map<string, string>();
  for (const name of dataset.joins) {
    const via = meta.fields.find((f) => f.name === name && f.type === 'reference');
    const targetMeta = via && referencedEntity(via, metas);
    if (!via || !targetMeta) throw badDefinition('definition.joins', `${name} is not a reference to join`);
    const alias = `j_${name}`;
    const key = targetMeta.fields.find((f) => f.name === targetMeta.key);
    if (!key) throw new Error(`${targetMeta.name}: no key field`);
    const rows = await visibleWhere(input, definitionOf(definitions, targetMeta));
    joins.push(
      sql` left join (select t.* from ${sql.identifier(targetMeta.table)} t where ${rows}) ${sql.identifier(alias)} on ${sql.identifier(alias)}.${sql.identifier(columnOf(key))} = t.${sql.identifier(columnOf(via))}`,
    );
    joined.set(name, alias);
    tables.add(targetMeta.table);
  }
  const where = [await visibleWhere(input, base)];

  let labels = 0;
  /** A reference's label for its grouped ids (tenant-bound, as lists read labels). */
  const labelOf = (ref: NonNullable<FieldMeta['reference']>, grouped: SQL): Shown => {
    const alias = sql.identifier(`r_${labels++}`);
    tables.add(ref.table);
    return {
      value: sql`${alias}.label`,
      join: sql` left join (select r.id, ${referenceLabel(ref, 'r', lang)} as label from ${sql.identifier(ref.table)} r where r.tenant_id = ${auth.tenantId}) ${alias} on ${alias}.id = ${grouped}`,
    };
  };

  const column = (f: FieldMeta, name: string, alias: string, label: FieldSql['label']): FieldSql | undefined => {
    const type = biTypeOf(f);
    if (!type) return undefined;
    const stored = sql`${sql.identifier(alias)}.${sql.identifier(columnOf(f))}`;
    const ref = f.type === 'reference' ? f.reference : undefined;
    const [min, max] = intRanges[(f.type === 'integer' && f.intSize) || 'int4'];
    return {
      name,
      type,
      label,
      dictionary: f.dictionary ?? null,
      stored,
      shown: (grouped) => (ref ? labelOf(ref, grouped) : { value: grouped }),
      among(values) {
        if (ref) {
          const list = sql.join(
            values.map((v) => sql`${String(v)}`),
            sql`, `,
          );
          return sql`${stored} in (select r.id from ${sql.identifier(ref.table)} r where r.tenant_id = ${auth.tenantId} and ${referenceLabel(ref, 'r', lang)} in (${list}))`;
        }
        // A value the column cannot hold matches nothing (instead of failing the statement).
        const fitting =
          f.type === 'integer'
            ? values.filter((v) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max)
            : values;
        if (fitting.length === 0) return sql`false`;
        return sql`${stored} in (${sql.join(
          fitting.map((v) => toSqlValue(f, v)),
          sql`, `,
        )})`;
      },
      condition: { name, type: f.type, ...(f.intSize ? { intSize: f.intSize } : {}) },
      scale: f.type === 'decimal' ? (f.scale ?? 2) : f.type === 'integer' ? 0 : null,
    };
  };

  const calculated = (name: string, label: FieldSql['label']): FieldSql => {
    const stored = calculatedSql(name, {
      calculated: dataset.calculated,
      number: (n) => {
        const f = meta.fields.find((x) => x.name === n);
        return f && biTypeOf(f) === 'number' ? sql`t.${sql.identifier(columnOf(f))}` : undefined;
      },
    });
    return {
      name,
      type: 'number',
      label,
      dictionary: null,
      stored,
      shown: (grouped) => ({ value: grouped }),
      among: (values) =>
        sql`${stored} in (${sql.join(
          values.map((v) => sql`${String(v)}::numeric`),
          sql`, `,
        )})`,
      condition: { name, type: 'decimal' },
      scale: null,
    };
  };

  const fields = new Map<string, FieldSql | undefined>();
  const field = (name: string): FieldSql | undefined => {
    if (fields.has(name)) return fields.get(name);
    const found = resolveField(dataset, metas, name);
    let out: FieldSql | undefined;
    if (found?.origin === 'field') out = column(found.field, name, 't', found.field.label);
    else if (found?.origin === 'reference') {
      const alias = joined.get(found.via.name);
      const label = {
        en: `${found.via.label.en} · ${found.field.label.en}`,
        zh: `${found.via.label.zh}·${found.field.label.zh}`,
      };
      out = alias ? column(found.field, name, alias, label) : undefined;
    } else if (found?.origin === 'calculated') {
      const c = dataset.calculated.find((x) => x.name === name);
      out = c ? calculated(name, c.label) : undefined;
    }
    fields.set(name, out);
    return out;
  };

  const source: DatasetSource = {
    dialect: postgresDialect,
    field,
    from: () => sql`${sql.identifier(meta.table)} t${sql.join(joins, sql``)}`,
    where,
    // Asked for when the statement is made: every label table shown is in by then.
    tables: () => [...tables],
    subject: { userId: auth.userId, tenantId: auth.tenantId, organizationId: auth.dataScope.organizationId },
    timeZone: input.timeZone,
  };
  dataset.filters.forEach((c, i) => {
    where.push(conditionSql(source, c, `dataset.filters.${i}`));
  });
  return source;
}
