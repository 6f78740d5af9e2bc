import { type EntityMeta, referencedEntity } from '@trestle/shared';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { addUserWithGrants, contractsDataset, monthlyChart, saveBi, sqlDataset } from '../../test/bi.ts';
import { body } from '../../test/helper.ts';
import { createOtherTenant } from '../../test/tenants.ts';
import { useTestApp } from '../../test/use-test-app.ts';

/** The BI designer's datasets and charts over HTTP: what a definition may say, versions, tenants and grants. */
// localhost is let through by name for the data sources' pick list (DATASOURCE_ALLOWED_HOSTS).
const t = useTestApp({ pm: true, otherTenant: true, env: { DATASOURCE_ALLOWED_HOSTS: 'localhost' } });

const fieldErrorsOf = (res: LightMyRequestResponse) => res.json().data.fieldErrors as Record<string, string>;

/** A second company holding the BI designer and the project area: only tenancy keeps its designs apart. */
const users = { globex: '', analyst: '' };
beforeAll(async () => {
  await createOtherTenant(t.database.db, 'globex', ['System', 'BIDesign', 'dashboards', 'Project', 'ProjectContract']);
  users.globex = await t.login('globex-admin', 'Other@2026');
  // A designer of the default tenant without the Sql grant, who may open the project contracts.
  await addUserWithGrants(t.database.db, 'analyst', {
    BIDesign: ['Search', 'Add', 'Update', 'Delete'],
    ProjectContract: ['Search'],
  });
  users.analyst = await t.login('analyst', 'Pm@2026');
});

describe('a definition is checked before it is saved', () => {
  it('saves a dataset over the project contracts and offers its fields, joined and calculated ones included', async () => {
    const saved = await saveBi(t, 'dataset', { name: 'Contracts', definition: contractsDataset() });
    expect(saved.version).toBe(1);
    const fields = (await t.get(`/api/bi/datasetFields?id=${saved.id}`)).json().data as {
      name: string;
      type: string;
    }[];
    expect(fields).toContainEqual(expect.objectContaining({ name: 'amountInclTax', type: 'number' }));
    expect(fields).toContainEqual(expect.objectContaining({ name: 'customerId.name', type: 'string' }));
    expect(fields).toContainEqual(expect.objectContaining({ name: 'net', type: 'number' }));
    const read = (await t.get(`/api/bi/dataset?id=${saved.id}`)).json().data;
    expect(read).toMatchObject({ name: 'Contracts', ownerName: 'Administrator', version: 1 });
  });

  it('refuses a filter on a field the dataset does not have, naming it', async () => {
    const res = await t.post('/api/bi/dataset/save', {
      name: 'Ghostly',
      definition: contractsDataset({ filters: [{ field: 'ghost', op: 'eq', value: 1 }] }),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('The dataset has errors');
    expect(fieldErrorsOf(res)).toEqual({ 'definition.filters.0.field': 'no field named ghost' });
  });

  it('refuses calculated fields that read each other in a circle', async () => {
    const res = await t.post('/api/bi/dataset/save', {
      name: 'Circular',
      definition: contractsDataset({
        calculated: [
          { name: 'a', label: { en: 'A', zh: 'A' }, expression: 'b + amountInclTax' },
          { name: 'b', label: { en: 'B', zh: 'B' }, expression: 'a * 2' },
        ],
      }),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)['definition.calculated.0.expression']).toBe('reads itself in a circle: a → b → a');
  });

  it('refuses a sum of a text field in a chart, and a chart on a dataset that is not there', async () => {
    const dataset = await saveBi(t, 'dataset', { name: 'For charts', definition: contractsDataset() });
    const res = await t.post('/api/bi/chart/save', {
      name: 'Summed names',
      definition: monthlyChart(dataset.id, { measures: [{ field: 'name', agg: 'sum' }] }),
    });
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toBe('The chart has errors');
    expect(fieldErrorsOf(res)).toEqual({
      'definition.measures.0.agg': 'sum needs a number, and name is not one: count it instead',
    });
    const missing = await t.post('/api/bi/chart/save', { name: 'Orphan', definition: monthlyChart(999_999) });
    expect(fieldErrorsOf(missing)).toEqual({ 'definition.datasetId': 'no dataset 999999' });
  });

  it('refuses a change to a dataset that would break a chart reading it, saying which', async () => {
    const dataset = await saveBi(t, 'dataset', { name: 'Read by a chart', definition: contractsDataset() });
    await saveBi(t, 'chart', {
      name: 'By customer',
      definition: monthlyChart(dataset.id, { type: 'bar', dimensions: [{ field: 'customerId.name' }] }),
    });
    const res = await t.post('/api/bi/dataset/save', {
      id: dataset.id,
      version: dataset.version,
      name: 'Read by a chart',
      definition: contractsDataset({ joins: [] }),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res).definition).toMatch(
      /^chart “By customer” \(\d+\) would break: no field named customerId\.name/,
    );
  });
});

describe('versions and deletes', () => {
  it('refuses a save over a version someone else saved since (409), keeping the other save', async () => {
    const made = await saveBi(t, 'dataset', { name: 'Raced', definition: contractsDataset() });
    const one = await t.post('/api/bi/dataset/save', { ...made, name: 'First', definition: contractsDataset() });
    const two = await t.post('/api/bi/dataset/save', { ...made, name: 'Second', definition: contractsDataset() });
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(409);
    expect(body(two).message).toBe('The dataset was changed by someone else: reload it');
    const read = (await t.get(`/api/bi/dataset?id=${made.id}`)).json().data;
    expect(read).toMatchObject({ name: 'First', version: 2 });
  });

  it('asks for the version read when saving over a dataset', async () => {
    const made = await saveBi(t, 'dataset', { name: 'Unversioned', definition: contractsDataset() });
    const res = await t.post('/api/bi/dataset/save', { id: made.id, name: 'X', definition: contractsDataset() });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res).version).toBeDefined();
  });

  it('keeps a dataset that a chart reads (409) and deletes it once the chart is gone', async () => {
    const dataset = await saveBi(t, 'dataset', { name: 'In use', definition: contractsDataset() });
    const chart = await saveBi(t, 'chart', { name: 'Monthly', definition: monthlyChart(dataset.id) });
    const refused = await t.post('/api/bi/dataset/del', { id: dataset.id });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toBe('The dataset is read by 1 chart: delete or move them first');
    const listed = (await t.get('/api/bi/datasets')).json().data as { id: number; usedBy: number; source: string }[];
    expect(listed.find((d) => d.id === dataset.id)).toMatchObject({ usedBy: 1, source: 'ProjectContract' });
    expect((await t.post('/api/bi/chart/del', { id: chart.id })).statusCode).toBe(200);
    expect((await t.post('/api/bi/dataset/del', { id: dataset.id })).statusCode).toBe(200);
    expect((await t.get(`/api/bi/dataset?id=${dataset.id}`)).statusCode).toBe(404);
  });
});

describe('tenants and grants', () => {
  it('answers another company’s dataset and chart ids as missing on every path', async () => {
    const dataset = await saveBi(t, 'dataset', { name: 'Ours', definition: contractsDataset() });
    const chart = await saveBi(t, 'chart', { name: 'Ours monthly', definition: monthlyChart(dataset.id) });
    const theirs = users.globex;
    expect((await t.get(`/api/bi/dataset?id=${dataset.id}`, theirs)).statusCode).toBe(404);
    expect((await t.get(`/api/bi/datasetFields?id=${dataset.id}`, theirs)).statusCode).toBe(404);
    expect((await t.get(`/api/bi/chart?id=${chart.id}`, theirs)).statusCode).toBe(404);
    const over = { ...dataset, name: 'Taken over', definition: contractsDataset() };
    expect((await t.post('/api/bi/dataset/save', over, theirs)).statusCode).toBe(404);
    expect((await t.post('/api/bi/dataset/del', { id: dataset.id }, theirs)).statusCode).toBe(404);
    expect((await t.post('/api/bi/chart/del', { id: chart.id }, theirs)).statusCode).toBe(404);
    // Their chart cannot read our dataset either: to them it is not there.
    const borrowed = await t.post(
      '/api/bi/chart/save',
      { name: 'Borrowed', definition: monthlyChart(dataset.id) },
      theirs,
    );
    expect(fieldErrorsOf(borrowed)).toEqual({ 'definition.datasetId': `no dataset ${dataset.id}` });
    const lists = (await t.get('/api/bi/datasets', theirs)).json().data as unknown[];
    expect(lists).toEqual([]);
  });

  it('refuses a SQL dataset to a designer without the Sql grant (403), and lets the platform administrator', async () => {
    const refused = await t.post('/api/bi/dataset/save', { name: 'Raw', definition: sqlDataset() }, users.analyst);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe('SQL datasets need the BI designer’s Sql grant');
    const made = await saveBi(t, 'dataset', { name: 'Raw', definition: sqlDataset() });
    // Nor may they change one into an entity dataset, or delete it.
    const changed = await t.post(
      '/api/bi/dataset/save',
      { ...made, name: 'Raw', definition: contractsDataset() },
      users.analyst,
    );
    expect(changed.statusCode).toBe(403);
    expect((await t.post('/api/bi/dataset/del', { id: made.id }, users.analyst)).statusCode).toBe(403);
    // An entity dataset is theirs to make, joined only to what they may open.
    const joined = await t.post(
      '/api/bi/dataset/save',
      { name: 'Analysed', definition: contractsDataset() },
      users.analyst,
    );
    expect(fieldErrorsOf(joined)).toEqual({
      'definition.joins.0': 'customerId points at customers, which is no entity you may read',
    });
    await saveBi(t, 'dataset', { name: 'Analysed', definition: contractsDataset({ joins: [] }) }, users.analyst);
  });

  it('lets a company’s own administrator write SQL datasets on a server, never on the embedded database', async () => {
    const res = await t.post('/api/bi/dataset/save', { name: 'Theirs raw', definition: sqlDataset() }, users.globex);
    if (t.database.userSql.embedded) {
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toMatch(/^SQL datasets: on the embedded database only the platform administrator/);
    } else expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses a data source the company does not have', async () => {
    const res = await t.post('/api/bi/dataset/save', {
      name: 'Elsewhere',
      definition: sqlDataset({ dataSourceId: 999_999 }),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)).toEqual({ 'definition.dataSourceId': 'no data source 999999 in this company' });
  });

  it('offers the company’s own data sources by name to the Sql grant, never their addresses', async () => {
    const added = await t.post('/api/DataSourceMan/add', {
      name: 'Warehouse',
      kind: 'postgres',
      host: 'localhost',
      port: 5432,
      database: 'postgres',
      userName: 'reader',
      password: 'secret',
      ssl: false,
      timeoutSeconds: 5,
    });
    expect(added.statusCode, added.body).toBe(200);
    const listed = (await t.get('/api/bi/dataSources')).json().data as Record<string, unknown>[];
    expect(listed).toContainEqual({ id: expect.any(Number), name: 'Warehouse', kind: 'postgres' });
    expect(Object.keys(listed[0] ?? {}).sort()).toEqual(['id', 'kind', 'name']);
    expect((await t.get('/api/bi/dataSources', users.globex)).json().data).toEqual([]);
    expect((await t.get('/api/bi/dataSources', users.analyst)).statusCode).toBe(403);
  });

  it('refuses a SQL placeholder that is not a declared parameter', async () => {
    const res = await t.post('/api/bi/dataset/save', {
      name: 'Undeclared',
      definition: sqlDataset({ sql: 'select 1 as amount, current_date as month where :who = 1' }),
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)['definition.sql']).toBe(':who is not a declared parameter');
  });

  it('lists the entities the caller may open, whose references a dataset may join', async () => {
    const entities = (await t.get('/api/bi/entities')).json().data as EntityMeta[];
    const contract = entities.find((e) => e.name === 'ProjectContract');
    const customerId = contract?.fields.find((f) => f.name === 'customerId');
    expect(customerId && referencedEntity(customerId, entities)?.name).toBe('Customer');
    // A detail entity comes with its master.
    expect(entities.map((e) => e.name)).toContain('ContractPaymentTerm');
    // The analyst opens the contracts only; acme's package has no project area at all.
    const theirs = (await t.get('/api/bi/entities', users.analyst)).json().data as { name: string }[];
    expect(theirs.map((e) => e.name)).toContain('ProjectContract');
    expect(theirs.map((e) => e.name)).not.toContain('Customer');
    const refused = await t.post(
      '/api/bi/dataset/save',
      { name: 'Customers', definition: contractsDataset({ entity: 'Customer', joins: [], calculated: [] }) },
      users.analyst,
    );
    expect(refused.statusCode).toBe(403);
  });

  it('refuses the designer’s calls to a caller without its grant', async () => {
    for (const [method, url] of [
      ['GET', '/api/bi/datasets'],
      ['GET', '/api/bi/entities'],
      ['POST', '/api/bi/dataset/save'],
      ['POST', '/api/bi/chart/del'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${t.pm}` },
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, url).toBe(403);
    }
    // acme's package holds no BI designer: its admin is refused before anything is looked up.
    expect((await t.get('/api/bi/datasets', t.acmeAdmin)).statusCode).toBe(403);
  });
});
