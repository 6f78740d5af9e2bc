import { type BuiltInTable, type EntityMeta, entitySchema, type MenuItem } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { builtInEntities, type RegistryDeps } from '../built-ins.ts';
import { queryRows } from '../db/client.ts';
import { bearer, body, createTestApp, type TestApp } from '../test/helper.ts';
import { createOtherTenant } from '../test/tenants.ts';
import type { EntityDefinition } from './definition.ts';

/**
 * The one-definition recipe (docs/dev/entities.md), proved with a small built-in entity: a definition and one
 * registration line, and nothing else — no migration, no seed line, no web code — give a tenant table made
 * from the definition, a menu entry with the grid's buttons and a working screen's calls, isolated per
 * tenant. A later start brings the table in line with an added field, and refuses a change that needs a
 * migration.
 */

const label = (en: string, zh: string) => ({ en, zh });
const gadgetMeta = (extra: Partial<EntityMeta> = {}, fields: EntityMeta['fields'] = []): EntityMeta =>
  entitySchema.parse({
    name: 'Gadget',
    table: 'gadgets',
    key: 'id',
    businessKey: 'code',
    label: label('Gadgets', '小工具'),
    singular: label('Gadget', '小工具'),
    fields: [
      { name: 'id', type: 'integer', label: label('ID', '编号'), readOnly: true, list: { hidden: true } },
      {
        name: 'code',
        type: 'string',
        label: label('Code', '编码'),
        length: 20,
        required: true,
        unique: true,
        sortable: true,
        search: { row: 1, col: 1 },
      },
      { name: 'name', type: 'string', label: label('Name', '名称'), length: 100, required: true },
      { name: 'price', type: 'decimal', label: label('Price', '价格'), precision: 12, scale: 2, default: '0' },
      ...fields,
    ],
    defaultSort: { field: 'code', order: 'asc' },
    menu: { parent: 'System', icon: 'ToolOutlined' },
    ...extra,
  });

/** The registration line, as `builtInEntities` would carry it. */
const withGadget =
  (meta: EntityMeta) =>
  (deps: RegistryDeps): EntityDefinition[] => [...builtInEntities(deps), { meta }];

let t: TestApp;
let admin: string;
let pm: string;
let acmeAdmin: string;

const post = (url: string, payload: object, token = admin) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const columnsOf = async (table: string) =>
  (
    await queryRows<{ column_name: string }>(
      t.database.db,
      sql`SELECT column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name = ${table}`,
    )
  ).map((c) => c.column_name);

/** Another node starting on the same database with `meta` as the Gadget definition. */
const startWith = async (meta: EntityMeta) => {
  const app = await buildApp({ config: t.config, database: t.database, builtIns: withGadget(meta) });
  await app.close();
};

beforeAll(async () => {
  t = await createTestApp({}, { builtIns: withGadget(gadgetMeta()) });
  // The platform administrator put the screen in acme's package, as for any menu.
  await createOtherTenant(t.database.db, 'acme', ['System', 'Gadget']);
  admin = await t.login('admin', 'Admin@2026');
  pm = await t.login('pm', 'Pm@2026');
  acmeAdmin = await t.login('acme-admin', 'Other@2026');
});
afterAll(() => t.close());

describe('a built-in entity from one definition', () => {
  it('gets its table at start: every field a column, a tenant table with row-level security forced', async () => {
    expect(await columnsOf('gadgets')).toEqual(
      expect.arrayContaining(['id', 'code', 'name', 'price', 'tenant_id', 'created_at', 'version']),
    );
    const [rls] = await queryRows<{ forced: boolean; granted: boolean }>(
      t.database.db,
      sql`SELECT relforcerowsecurity AS forced, has_table_privilege('trestle_app', 'gadgets', 'INSERT') AS granted
          FROM pg_class WHERE oid = 'gadgets'::regclass`,
    );
    expect(rls).toEqual({ forced: true, granted: true });
    const [recorded] = await queryRows<{ table_name: string }>(
      t.database.db,
      sql`SELECT table_name FROM entity_tables WHERE name = 'Gadget'`,
    );
    expect(recorded?.table_name).toBe('gadgets');
    // The table designer lists it read-only, made by its definition (Employee's by its migrations).
    const listed = body(await t.app.inject({ method: 'GET', url: '/api/tableDesign/builtIns', headers: bearer(admin) }))
      .data as BuiltInTable[];
    expect(listed.find((b) => b.name === 'Gadget')?.source).toBe('definition');
    expect(listed.find((b) => b.name === 'Employee')?.source).toBe('migrations');
  });

  it("gets its menu entry under its folder with the grid's buttons: the admin sees it, pm is not granted it", async () => {
    const [menu] = await queryRows<{ folder: string; url: string; icon: string; name_zh: string; buttons: string }>(
      t.database.db,
      sql`SELECT p.code AS folder, m.url, m.icon, m.name_zh,
            (SELECT string_agg(b.code, ' ' ORDER BY b.code) FROM menu_buttons mb JOIN buttons b ON b.id = mb.button_id
             WHERE mb.menu_id = m.id) AS buttons
          FROM menus m JOIN menus p ON p.id = m.parent_id WHERE m.code = 'Gadget'`,
    );
    expect(menu).toEqual({
      folder: 'System',
      url: '/Gadget',
      icon: 'ToolOutlined',
      name_zh: '小工具',
      buttons: 'Add Delete Export Import Search Update Upload',
    });
    const tree = async (token: string) =>
      body(await t.app.inject({ method: 'GET', url: '/api/menu/getTreeMenu', headers: bearer(token) }))
        .data as MenuItem[];
    expect((await tree(admin)).find((m) => m.url === '/Gadget')?.permission).toHaveLength(7);
    expect((await tree(pm)).some((m) => m.url === '/Gadget')).toBe(false);
    expect((await post('/api/Gadget/getPageData', {}, pm)).statusCode).toBe(403);
  });

  it("serves the screen's calls: metadata, add, a unique code refused, the page; another tenant sees none of it", async () => {
    const meta = await t.app.inject({ method: 'GET', url: '/api/Gadget/getMeta', headers: bearer(admin) });
    expect(meta.statusCode, meta.body).toBe(200);
    expect((body(meta).data as EntityMeta).singular).toEqual({ en: 'Gadget', zh: '小工具' });

    const added = await post('/api/Gadget/add', { mainData: { code: 'G-1', name: 'Spanner', price: '12.50' } });
    expect(added.statusCode, added.body).toBe(200);
    const again = await post('/api/Gadget/add', { mainData: { code: 'G-1', name: 'Another' } });
    expect(again.statusCode, again.body).toBe(400);
    expect(body(again).data).toEqual({ fieldErrors: { code: 'already exists' } });
    const page = await post('/api/Gadget/getPageData', {});
    expect(page.statusCode, page.body).toBe(200);
    expect(body(page).data).toMatchObject({ total: 1, rows: [{ code: 'G-1', name: 'Spanner', price: '12.50' }] });

    // acme's admin holds the screen through the package, and sees only acme's rows; the same code is free there.
    expect(body(await post('/api/Gadget/getPageData', {}, acmeAdmin)).data).toMatchObject({ total: 0 });
    const acmes = await post('/api/Gadget/add', { mainData: { code: 'G-1', name: 'Acme spanner' } }, acmeAdmin);
    expect(acmes.statusCode, acmes.body).toBe(200);
    expect(body(await post('/api/Gadget/getPageData', {})).data).toMatchObject({ total: 1 });
  });

  it('is made once: another node starting on the same database changes nothing and makes no second menu', async () => {
    await startWith(gadgetMeta());
    const [n] = await queryRows<{ n: number }>(
      t.database.db,
      sql`SELECT count(*)::int AS n FROM menus WHERE code = 'Gadget'`,
    );
    expect(n?.n).toBe(1);
  });

  it('adds a field the definition gained at the next start, keeping the rows', async () => {
    const weight = { name: 'weight', type: 'integer' as const, label: label('Weight', '重量'), default: 1 };
    await startWith(gadgetMeta({}, [weight]));
    expect(await columnsOf('gadgets')).toContain('weight');
    const [row] = await queryRows<{ code: string; weight: number }>(
      t.database.db,
      sql`SELECT code, weight FROM gadgets WHERE name = 'Spanner'`,
    );
    expect(row).toEqual({ code: 'G-1', weight: 1 });
    const [recorded] = await queryRows<{ fields: number }>(
      t.database.db,
      sql`SELECT jsonb_array_length(definition->'fields')::int AS fields FROM entity_tables WHERE name = 'Gadget'`,
    );
    expect(recorded?.fields).toBe(5);
  });

  it('refuses to start when the definition changes a type or drops a field: that needs a migration', async () => {
    const weight = { name: 'weight', type: 'string' as const, label: label('Weight', '重量') };
    await expect(startWith(gadgetMeta({}, [weight]))).rejects.toThrow(
      /Gadget: .*needs a migration \(changeType weight\)/,
    );
    await expect(startWith(gadgetMeta())).rejects.toThrow(/needs a migration \(dropColumn weight\)/);
    // Nothing was changed by the refused starts.
    expect(await columnsOf('gadgets')).toContain('weight');
  });

  it('refuses a menu folder that does not exist, and makes no table', async () => {
    const widget = gadgetMeta({ name: 'Widget', table: 'widgets', menu: { parent: 'NoSuchFolder' } });
    await expect(startWith(widget)).rejects.toThrow(/Widget: menu.parent NoSuchFolder names no menu/);
    expect(await columnsOf('widgets')).toEqual([]);
  });
});
