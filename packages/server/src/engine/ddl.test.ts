import { type EntityMeta, entitySchema, type FieldMeta, fieldTypes } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, type Db, queryRows } from '../db/client.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { createOtherTenant, type OtherTenant } from '../test/tenants.ts';
import { createTableStatements, literal } from './ddl.ts';

/**
 * A table made from nothing but its definition: every field type gets its column, the table is a tenant
 * table like the migrated ones (forced row-level security, the app's grants, the SQL role's policies),
 * and a default can't carry SQL.
 */
let t: TestApp;
let acme: OtherTenant;

const label = (en: string) => ({ en, zh: en });
const fieldOfEveryType: FieldMeta[] = [
  { name: 'id', type: 'integer', label: label('Id'), readOnly: true },
  { name: 'code', type: 'string', label: label('Code'), length: 20, required: true, unique: true, sortable: true },
  { name: 'notes', type: 'text', label: label('Notes') },
  { name: 'seats', type: 'integer', label: label('Seats'), intSize: 'int2', default: 4 },
  { name: 'mileage', type: 'integer', label: label('Mileage'), intSize: 'int8' },
  { name: 'price', type: 'decimal', label: label('Price'), precision: 12, scale: 2, default: 0, summary: 'sum' },
  { name: 'electric', type: 'boolean', label: label('Electric'), default: false, required: true },
  { name: 'boughtOn', type: 'date', label: label('Bought on'), default: '2026-01-01' },
  { name: 'serviced', type: 'datetime', label: label('Serviced') },
  { name: 'pickUp', type: 'time', label: label('Pick-up') },
  { name: 'kind', type: 'dict', label: label('Kind'), dictionary: 'vehicleKind', default: "it's a car", length: 30 },
  { name: 'extras', type: 'dictMulti', label: label('Extras'), dictionary: 'vehicleExtra' },
  {
    name: 'driverId',
    type: 'reference',
    label: label('Driver'),
    reference: { table: 'employees', labelColumn: 'name' },
    search: { row: 1, col: 1 },
  },
  { name: 'manual', type: 'file', label: label('Manual') },
  { name: 'photo', type: 'image', label: label('Photo') },
  { name: 'description', type: 'richText', label: label('Description') },
  { name: 'spec', type: 'json', label: label('Spec') },
];
const vehicle: EntityMeta = entitySchema.parse({
  name: 'Vehicle',
  table: 'vehicles',
  key: 'id',
  label: label('Vehicles'),
  fields: fieldOfEveryType,
  defaultSort: { field: 'code', order: 'asc' },
  softDelete: true,
  audit: true,
});

type Column = {
  column_name: string;
  data_type: string;
  udt_name: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
};

const apply = (db: Db, meta: EntityMeta) =>
  db.transaction(async (tx) => {
    for (const statement of createTableStatements(meta)) await tx.execute(statement);
  });

/** Runs `fn` as the app's role bound to `tenant`, rolled back afterwards. */
const asAppRole = <T>(tenant: number, fn: (tx: Db) => Promise<T>) =>
  t.database.db
    .transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
      await tx.execute(sql`select set_config('app.tenant_id', ${String(tenant)}, true)`);
      throw { result: await fn(tx) };
    })
    .catch((thrown: { result?: T }) => {
      if (thrown && 'result' in thrown) return thrown.result as T;
      throw thrown;
    });

beforeAll(async () => {
  t = await createTestApp();
  acme = await createOtherTenant(t.database.db, 'acme', ['Employee']);
  await apply(t.database.db, vehicle);
});
afterAll(() => t.close());

describe('a table generated from its definition', () => {
  it('has a column of the right type, size, default and nullability for every field type', async () => {
    expect(new Set(fieldOfEveryType.map((f) => f.type))).toEqual(new Set(fieldTypes));
    const columns = await queryRows<Column>(
      t.database.db,
      sql`select column_name, data_type, udt_name, character_maximum_length, numeric_precision, numeric_scale,
            is_nullable, column_default
          from information_schema.columns where table_schema = 'public' and table_name = 'vehicles'`,
    );
    const of = (name: string) => {
      const c = columns.find((x) => x.column_name === name);
      if (!c) throw new Error(`no column ${name}`);
      return c;
    };
    expect(of('id')).toMatchObject({ data_type: 'integer', is_nullable: 'NO' });
    expect(of('id').column_default).toMatch(/^nextval\(/);
    expect(of('code')).toMatchObject({
      data_type: 'character varying',
      character_maximum_length: 20,
      is_nullable: 'NO',
    });
    expect(of('notes')).toMatchObject({ data_type: 'text', is_nullable: 'YES' });
    expect(of('seats')).toMatchObject({ data_type: 'smallint', column_default: '4' });
    expect(of('mileage')).toMatchObject({ data_type: 'bigint' });
    expect(of('price')).toMatchObject({ data_type: 'numeric', numeric_precision: 12, numeric_scale: 2 });
    expect(of('electric')).toMatchObject({ data_type: 'boolean', column_default: 'false', is_nullable: 'NO' });
    expect(of('bought_on')).toMatchObject({ data_type: 'date' });
    expect(of('bought_on').column_default).toContain("'2026-01-01'");
    expect(of('serviced')).toMatchObject({ data_type: 'timestamp with time zone' });
    expect(of('pick_up')).toMatchObject({ data_type: 'time without time zone' });
    expect(of('kind')).toMatchObject({ data_type: 'character varying', character_maximum_length: 30 });
    expect(of('kind').column_default).toContain("'it''s a car'");
    expect(of('extras')).toMatchObject({ data_type: 'ARRAY', udt_name: '_text' });
    expect(of('driver_id')).toMatchObject({ data_type: 'integer' });
    expect(of('manual')).toMatchObject({ data_type: 'character varying', character_maximum_length: 500 });
    expect(of('photo')).toMatchObject({ data_type: 'character varying', character_maximum_length: 500 });
    expect(of('description')).toMatchObject({ data_type: 'text' });
    expect(of('spec')).toMatchObject({ data_type: 'jsonb' });
    // The engine's own columns: approval, tenancy, who and when, optimistic locking, soft delete.
    for (const name of ['audit_status', 'audit_reason', 'tenant_id', 'created_by', 'created_at', 'updated_by'])
      expect(columns.map((c) => c.column_name)).toContain(name);
    expect(of('tenant_id').is_nullable).toBe('NO');
    expect(of('version')).toMatchObject({ column_default: '1', is_nullable: 'NO' });
    expect(of('deleted_at')).toMatchObject({ data_type: 'timestamp with time zone' });
  });

  it('keys references to the referenced table and indexes what is sorted, searched or unique, tenant first', async () => {
    const keys = await queryRows<{ column: string; target: string }>(
      t.database.db,
      sql`select a.attname as column, c.confrelid::regclass::text as target
          from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          where c.conrelid = 'vehicles'::regclass and c.contype = 'f'`,
    );
    expect(keys).toEqual(
      expect.arrayContaining([
        { column: 'driver_id', target: 'employees' },
        { column: 'tenant_id', target: 'tenants' },
        { column: 'created_by', target: 'users' },
      ]),
    );
    const indexes = await queryRows<{ name: string; def: string }>(
      t.database.db,
      sql`select indexname as name, indexdef as def from pg_indexes where tablename = 'vehicles'`,
    );
    const def = (name: string) => indexes.find((i) => i.name === name)?.def ?? '';
    expect(def('vehicles_code_key')).toMatch(/UNIQUE INDEX .*\(tenant_id, code\) WHERE \(deleted_at IS NULL\)/);
    expect(def('vehicles_driver_id')).toMatch(/\(tenant_id, driver_id\)/);
    expect(indexes.map((i) => i.name)).not.toContain('vehicles_notes');
  });

  it('is a tenant table: row-level security forced, the app role writes only its own tenant and reads no other', async () => {
    const [rls] = await queryRows<{ enabled: boolean; forced: boolean }>(
      t.database.db,
      sql`select relrowsecurity as enabled, relforcerowsecurity as forced from pg_class where oid = 'vehicles'::regclass`,
    );
    expect(rls).toEqual({ enabled: true, forced: true });
    const counts = await asAppRole(1, async (tx) => {
      await tx.execute(sql`insert into vehicles (code, tenant_id) values ('V-1', 1)`);
      const own = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from vehicles`);
      await tx.execute(sql`select set_config('app.tenant_id', ${String(acme.tenantId)}, true)`);
      const other = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from vehicles`);
      return [own[0]?.n, other[0]?.n];
    });
    expect(counts).toEqual([1, 0]);
    const refused = await asAppRole(acme.tenantId, (tx) =>
      tx.execute(sql`insert into vehicles (code, tenant_id) values ('V-2', 1)`),
    ).catch((err: Error) => String((err.cause as Error | undefined)?.message ?? err.message));
    expect(refused).toMatch(/row-level security/);
  });

  it('gives the admin-written SQL role read access as its tenant, as every business table', async () => {
    const policies = await queryRows<{ policyname: string; permissive: string; roles: string }>(
      t.database.db,
      sql`select policyname, permissive, roles::text from pg_policies where tablename = 'vehicles' order by policyname`,
    );
    expect(policies.map((p) => [p.policyname, p.permissive])).toEqual([
      ['sql_tenant', 'PERMISSIVE'],
      ['sql_tenant_only', 'RESTRICTIVE'],
      ['tenant_isolation', 'PERMISSIVE'],
    ]);
  });
});

describe('a default in the DDL', () => {
  const field = (type: FieldMeta['type']): FieldMeta => ({ name: 'x', type, label: label('X') });

  it("is a literal of the column's type, quotes doubled, or refused", () => {
    const render = (f: FieldMeta, value: unknown) => new PgDialect().sqlToQuery(literal(f, value));
    expect(render(field('string'), "a'; drop table users; --").sql).toBe("'a''; drop table users; --'");
    expect(render(field('integer'), 7).sql).toBe('7');
    expect(() => literal(field('integer'), '7; drop table users')).toThrow(/not a integer/);
    expect(() => literal(field('integer'), 1.5)).toThrow();
    expect(render(field('decimal'), '13.50').sql).toBe('13.50');
    expect(() => literal(field('decimal'), '1e3')).toThrow();
    expect(() => literal(field('decimal'), '0; drop table users')).toThrow();
    expect(() => literal(field('decimal'), Number.NaN)).toThrow();
    expect(() => literal(field('boolean'), 'true')).toThrow();
    expect(() => literal(field('date'), '2026-02-30')).toThrow();
    expect(() => literal(field('json'), {})).toThrow();
    expect(() => literal(field('string'), 'a\0b')).toThrow();
  });
});
