import { decodeJwt } from 'jose';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actAsTenant } from '../../db/client.ts';
import { dataSources } from '../../db/schema.ts';
import { withTenant } from '../../db/tenant.ts';
import { body } from '../../test/helper.ts';
import { createOtherTenant } from '../../test/tenants.ts';
import { useTestApp } from '../../test/use-test-app.ts';
import { type HostPolicy, resolveHost } from './hosts.ts';
import {
  createSelectRunner,
  DataSourceSqlError,
  type SelectFailure,
  type SelectRequest,
  type SelectRunner,
} from './run-select.ts';

// The machine's own PostgreSQL and MariaDB are the external databases. 127.0.0.1 is let through by name
// (DATASOURCE_ALLOWED_HOSTS), as data-sources.test.ts does with localhost; other private addresses stay refused.
const HOST = '127.0.0.1';
const PG_URL = `postgres://postgres@${HOST}:5432/postgres`;
const MY_ROOT = { host: HOST, port: 3306, user: 'root', password: '' };
const tag = Math.random().toString(36).slice(2, 8);
const table = `rs_items_${tag}`;
const reader = `rs_reader_${tag}`;
const writer = `rs_writer_${tag}`;
const myDb = `rs_${tag}`;
const ROWS = 25;

const t = useTestApp({ env: { DATASOURCE_ALLOWED_HOSTS: HOST } });
const allowed: HostPolicy = { allowPrivate: false, allowedHosts: [HOST] };
let runner: SelectRunner;
let tenantId: number;
const ids = { pg: 0, my: 0, pgOwner: 0, myWriter: 0, pgWriter: 0, closed: 0 };

const silent = { error() {} };
const pgRun = async (statement: string) => {
  const c = new pg.Client({ connectionString: PG_URL });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
};
const myRun = async (...statements: string[]) => {
  const c = await mysql.createConnection(MY_ROOT);
  try {
    for (const s of statements) await c.query(s);
  } finally {
    await c.end();
  }
};

const addSource = async (fields: object) => {
  const res = await t.post('/api/DataSourceMan/add', {
    name: `rs-${Math.random().toString(36).slice(2, 8)}`,
    host: HOST,
    ssl: false,
    timeoutSeconds: 10,
    remark: '',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (body(res).data as { id: number }).id;
};

beforeAll(async () => {
  // A table and an account that may only read it, on each server.
  await pgRun(`create table ${table} (id int primary key, name text, amount numeric(12,2), day date,
      at timestamptz, ok boolean);
    insert into ${table} select g, 'item ' || g, g * 1.5, date '2026-01-01' + g, timestamptz '2026-01-01 10:00:00+00' + g * interval '1 hour', g % 2 = 0
      from generate_series(1, ${ROWS}) g;
    create sequence ${table}_seq;
    create role ${reader} login;
    grant select on ${table} to ${reader};`);
  await myRun(
    `create database ${myDb}`,
    `create table ${myDb}.items (id int primary key, name varchar(40), amount decimal(12,2), day date, at datetime, ok tinyint(1))`,
    `insert into ${myDb}.items select seq, concat('item ', seq), seq * 1.5, date '2026-01-01' + interval seq day,
       timestamp '2026-01-01 10:00:00' + interval seq hour, seq % 2 = 0 from ${myDb}.seq_1_to_${ROWS}`,
    `create sequence ${myDb}.counter`,
    `create user '${reader}'@'%' identified by 'Reader-1'`,
    `grant select on ${myDb}.* to '${reader}'@'%'`,
    `create user '${writer}'@'%' identified by 'Writer-1'`,
    `grant all on ${myDb}.* to '${writer}'@'%'`,
  );
  tenantId = Number(decodeJwt(t.admin).tid);
  const postgres = { kind: 'postgres', port: 5432, database: 'postgres' };
  const mariadb = { kind: 'mysql', port: 3306, database: myDb };
  ids.pg = await addSource({ ...postgres, userName: reader, password: 'unused (trust)' });
  ids.my = await addSource({ ...mariadb, userName: reader, password: 'Reader-1' });
  // Accounts that could write: the read-only transaction alone must stop them.
  ids.pgOwner = await addSource({ ...postgres, userName: 'postgres', password: 'unused (trust)' });
  ids.myWriter = await addSource({ ...mariadb, userName: writer, password: 'Writer-1' });
  ids.pgWriter = await addSource({ ...postgres, userName: 'postgres', password: 'unused (trust)' });
  ids.closed = await addSource({ ...postgres, port: 1, userName: reader, password: 'x', timeoutSeconds: 2 });
  runner = createSelectRunner({ db: t.database.app, secret: await t.database.secret(), hosts: allowed, log: silent });
});

afterAll(async () => {
  await runner?.close();
  await pgRun(`drop table if exists ${table}; drop sequence if exists ${table}_seq; drop role if exists ${reader}`);
  await myRun(
    `drop database if exists ${myDb}`,
    `drop user if exists '${reader}'@'%'`,
    `drop user if exists '${writer}'@'%'`,
  );
});

const request = (dataSourceId: number, text: string, extra: Partial<SelectRequest> = {}): SelectRequest => ({
  dataSourceId,
  statement: () => ({ text, params: [] }),
  maxRows: 100,
  ...extra,
});
const run = (req: SelectRequest, tenant = tenantId, on = runner) =>
  withTenant(tenant, () => on.run({ tenantId: tenant }, req));
/** The failure a run ends in: always a DataSourceSqlError, never anything else. */
const failure = async (req: SelectRequest, tenant = tenantId, on = runner) => {
  const err = await run(req, tenant, on).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DataSourceSqlError);
  return err as DataSourceSqlError;
};
const expectFailure = async (req: SelectRequest, reason: SelectFailure, message?: RegExp) => {
  const err = await failure(req);
  expect(err.reason, err.message).toBe(reason);
  if (message) expect(err.message).toMatch(message);
};

describe('a SELECT with parameters', () => {
  it('runs on PostgreSQL with $n placeholders, typed columns and values as BI carries them', async () => {
    const result = await run({
      dataSourceId: ids.pg,
      maxRows: 100,
      statement: (kind) => {
        expect(kind).toBe('postgres');
        return {
          text: `select id, name, amount, day, at, ok, count(*) over () as n from ${table}
                 where amount > $1 and name like $2 order by id desc`,
          params: [30, 'item %'],
        };
      },
    });
    expect(result.columns).toEqual([
      { name: 'id', type: 'number' },
      { name: 'name', type: 'string' },
      { name: 'amount', type: 'number' },
      { name: 'day', type: 'date' },
      { name: 'at', type: 'datetime' },
      { name: 'ok', type: 'boolean' },
      { name: 'n', type: 'number' },
    ]);
    expect(result.truncated).toBe(false);
    expect(result.rows).toHaveLength(5);
    expect(result.rows[0]).toEqual([25, 'item 25', 37.5, '2026-01-26', '2026-01-02T11:00:00Z', false, 5]);
    expect(result.rows.map((r) => r[0])).toEqual([25, 24, 23, 22, 21]);
  });

  it('runs on MariaDB with ? placeholders, typed columns and values as BI carries them', async () => {
    const result = await run({
      dataSourceId: ids.my,
      maxRows: 100,
      statement: (kind) => {
        expect(kind).toBe('mysql');
        return {
          text: 'select id, name, amount, day, at, ok from items where amount > ? and name like ? order by id desc',
          params: [30, 'item %'],
        };
      },
    });
    expect(result.columns).toEqual([
      { name: 'id', type: 'number' },
      { name: 'name', type: 'string' },
      { name: 'amount', type: 'number' },
      { name: 'day', type: 'date' },
      { name: 'at', type: 'datetime' },
      { name: 'ok', type: 'boolean' },
    ]);
    expect(result.rows.map((r) => r[0])).toEqual([25, 24, 23, 22, 21]);
    expect(result.rows[0]).toEqual([25, 'item 25', 37.5, '2026-01-26', '2026-01-02T11:00:00', false]);
  });
});

describe('what is refused', () => {
  it.each([
    `insert into ${table} (id) values (999)`,
    `update ${table} set name = 'x'`,
    `delete from ${table}`,
    `create table ${table}_x (a int)`,
    `  /* a comment first */ delete from ${table}`,
  ])('%s: not a SELECT, on both kinds', async (text) => {
    for (const id of [ids.pgOwner, ids.myWriter]) await expectFailure(request(id, text), 'refused', /must be a SELECT/);
  });

  it('leaves the tables as they were when a SELECT tries to write: the read-only transaction stops it', async () => {
    await expectFailure(
      request(ids.pgOwner, `with gone as (delete from ${table} returning id) select * from gone`),
      'denied',
    );
    await expectFailure(request(ids.pgOwner, `select nextval('${table}_seq')`), 'denied', /read-only/);
    await expectFailure(request(ids.myWriter, 'select nextval(counter)'), 'denied', /READ ONLY/);
    expect((await run(request(ids.pg, `select count(*) from ${table}`))).rows).toEqual([[ROWS]]);
    expect((await run(request(ids.my, 'select count(*) from items'))).rows).toEqual([[ROWS]]);
  });

  it('refuses more than one statement, but not a semicolon in a string, a comment or at the end', async () => {
    for (const id of [ids.pg, ids.my]) {
      await expectFailure(request(id, 'select 1; select 2'), 'refused', /one statement/);
      await expectFailure(request(id, 'select 1;\n delete from items'), 'refused', /one statement/);
    }
    expect((await run(request(ids.pg, "select ';' as s, $q$;$q$ as d -- ; drop\n;"))).rows).toEqual([[';', ';']]);
    expect((await run(request(ids.my, "select ';' as s, `a;b`.id from items `a;b` where id = 1 # ;\n;"))).rows).toEqual(
      [[';', 1]],
    );
    await expectFailure(request(ids.my, 'select 1 /*! ; delete from items */'), 'refused', /executable comments/);
  });

  it('stops a statement past its timeout, quickly, and the pool keeps working', async () => {
    for (const [id, text] of [
      [ids.pg, 'select pg_sleep(10)'],
      [ids.my, 'select sleep(10)'],
    ] as const) {
      const started = Date.now();
      await expectFailure(request(id, text, { timeoutMs: 500 }), 'timeout', /longer than 0.5 s/);
      // The server stops it, well before the client-side backstop (timeout + 3 s) would.
      expect(Date.now() - started).toBeLessThan(3_000);
      expect((await run(request(id, 'select 1 as one'))).rows).toEqual([[1]]);
    }
  });

  it('refuses a source whose last connection test found an account that can change data', async () => {
    const tested = await t.post('/api/DataSourceMan/test', {
      id: ids.pgWriter,
      name: 'w',
      kind: 'postgres',
      host: HOST,
      port: 5432,
      database: 'postgres',
      userName: 'postgres',
      password: '',
      ssl: false,
      timeoutSeconds: 5,
      remark: '',
    });
    expect(body(tested).data).toMatchObject({ ok: true, readOnly: false });
    await expectFailure(request(ids.pgWriter, 'select 1'), 'denied', /read-only account/);
  });
});

describe('the row cap', () => {
  it.each([
    ['PostgreSQL', () => ids.pg, `select id from ${table} order by id`],
    ['MariaDB', () => ids.my, 'select id from items order by id'],
    ['MariaDB, over a LIMIT larger than the cap', () => ids.my, 'select id from items order by id limit 20'],
  ])('%s: keeps maxRows rows and says it left some out', async (_name, id, text) => {
    const capped = await run(request(id(), text, { maxRows: 10 }));
    expect(capped.rows.map((r) => r[0])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(capped.truncated).toBe(true);
    const all = await run(request(id(), text, { maxRows: ROWS }));
    expect(all.truncated).toBe(false);
    // The connection cut off mid-answer is not handed out again: the next call works.
    expect((await run(request(id(), 'select 2 as two'))).rows).toEqual([[2]]);
  });

  it('answers the columns of an empty result', async () => {
    const empty = await run(request(ids.pg, `select id, day from ${table} where false`));
    expect(empty).toEqual({
      columns: [
        { name: 'id', type: 'number' },
        { name: 'day', type: 'date' },
      ],
      rows: [],
      truncated: false,
    });
  });
});

describe('nothing carries over from one call to the next', () => {
  it('on PostgreSQL: a setting and an advisory lock are gone', async () => {
    await run(request(ids.pg, "select set_config('trestle.probe', 'left', false), pg_advisory_lock(4242)"));
    const next = await run(request(ids.pg, "select current_setting('trestle.probe', true) as s"));
    // The same pooled connection answers (its name stays known, as PostgreSQL keeps it), without the value.
    expect(next.rows[0]?.[0] ?? '').toBe('');
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    const { rows } = await c.query('select count(*)::int as n from pg_locks where locktype = $1 and objid = 4242', [
      'advisory',
    ]);
    await c.end();
    expect(rows[0]?.n).toBe(0);
  });

  it('on MariaDB: a user variable is gone', async () => {
    await run(request(ids.my, 'select @left := 5 as v'));
    expect((await run(request(ids.my, 'select @left as v'))).rows).toEqual([[null]]);
  });
});

describe('whose sources, and where', () => {
  it("answers notFound for another tenant's source and for one that doesn't exist", async () => {
    const acme = await createOtherTenant(t.database.db, 'rsacme');
    const theirs = await t.database.db.transaction(async (tx) => {
      await actAsTenant(tx, acme.tenantId);
      const [row] = await tx
        .insert(dataSources)
        .values({
          name: 'theirs',
          kind: 'postgres',
          host: HOST,
          port: 5432,
          database: 'postgres',
          userName: reader,
          passwordEnc: 'v1.x.y.z',
          tenantId: acme.tenantId,
        })
        .returning({ id: dataSources.id });
      return row?.id ?? 0;
    });
    await expectFailure(request(theirs, 'select 1'), 'notFound');
    await expectFailure(request(2_000_000_000, 'select 1'), 'notFound');
    // And the other way round: the other tenant can't reach ours.
    expect((await failure(request(ids.pg, 'select 1'), acme.tenantId)).reason).toBe('notFound');
  });

  it('checks the host against the allow-list on every call', async () => {
    const strict = createSelectRunner({
      db: t.database.app,
      secret: await t.database.secret(),
      hosts: { allowPrivate: false, allowedHosts: [] },
      log: silent,
    });
    try {
      const err = await failure(request(ids.pg, 'select 1'), tenantId, strict);
      expect(err.reason).toBe('host');
      expect(err.message).toMatch(/loopback, private or link-local/);
      expect(await resolveHost(HOST, allowed)).toEqual({ address: HOST });
    } finally {
      await strict.close();
    }
  });

  it('says why it could not connect', async () => {
    await expectFailure(request(ids.closed, 'select 1'), 'connect', /could not be reached/);
  });
});
