import type { EntityMeta, PageResult } from '@trestle/shared';
import * as shared from '@trestle/shared';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client.ts';
import {
  anyValue,
  hugeIntegers,
  integerTexts,
  keyValue,
  mostly,
  mutated,
  oddStrings,
  pageBodyFor,
} from '../test/adversarial.ts';
import { bearer, body, createTestApp, type TestApp } from '../test/helper.ts';

/**
 * The grid engine under random bodies: every action of entities across the product (the project
 * area's documents with their detail lines among them, a log with bigint keys and a smallint field),
 * as the platform administrator. Bodies start from real rows and change one or two values to
 * something typed by the metadata but past what PostgreSQL accepts, so they get through the other
 * checks to where that value is used. Every answer must be deliberate (200, or a 4xx with the
 * envelope): a 500, or a download that starts and then breaks, is a failure. All failures are
 * collected and listed at the end, with the number of bodies run.
 *
 * Bodies are drawn with a seed (printed; FUZZ_SEED replays a run). Reads run four at a time, which
 * keeps a PostgreSQL server busy while Node builds the next request; writes run one at a time, so
 * the only conflicts they meet are the ones a body asks for.
 */
const ENTITIES = [
  'Employee',
  'Dictionary',
  'ProjectInformation',
  'ProjectContract',
  'ProjectBuget',
  'PurchaseContract',
  'ProjectPurchase',
  'ProjectTest',
  'ProjectWeeklyReport',
  'ProjectMilestone',
  'ProjectWarning',
  'RequestLog',
];
/**
 * FUZZ_SCALE=5 for a longer run by hand or at night. By default the full 20,500 bodies go to the
 * PostgreSQL server (CI's second pass, the database production runs on) and a quarter of them to PGlite,
 * where the same bodies take twice as long; CI runs both, each with a seed of its own.
 */
const SCALE = Number(process.env.FUZZ_SCALE ?? (process.env.DATABASE_URL ? 1 : 0.25));
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const RUNS = Object.fromEntries(
  Object.entries({
    getPageData: 4600,
    export: 500,
    getDetailPage: 2500,
    add: 4000,
    update: 4000,
    del: 1400,
    lookup: 3500,
  }).map(([k, v]) => [k, Math.ceil(v * SCALE)]),
) as Record<'getPageData' | 'export' | 'getDetailPage' | 'add' | 'update' | 'del' | 'lookup', number>;
const BODIES = Object.values(RUNS).reduce((a, b) => a + b, 0);

type Row = Record<string, unknown>;
type Template = { main: Row; details: Record<string, Row[]> };
type Call = { method: 'GET' | 'POST'; url: string; payload?: unknown };

let t: TestApp;
let admin: string;
const templates = new Map<string, Template[]>();
/** The version each row has now, kept from the answers, so most updates get past the version check. */
const versions = new Map<string, number>();
let run = 0;
const failures: string[] = [];
/** The error behind each 500, by the request's fuzz number, so a failure names its cause. */
const errors = new Map<string, string>();

const allMetas = Object.values(shared).filter(
  (v): v is EntityMeta => typeof v === 'object' && v !== null && 'fields' in v && 'table' in v && 'key' in v,
);
const metaNamed = (name: string) => {
  const m = allMetas.find((x) => x.name === name);
  if (!m) throw new Error(`no metadata ${name}`);
  return m;
};

const post = async (url: string, payload: unknown) =>
  body(await t.app.inject({ method: 'POST', url, payload: payload as object, headers: bearer(admin) }));

/** The fields a save body carries: writable ones, the key and the version. */
const wire = (meta: EntityMeta, row: Row) =>
  Object.fromEntries(
    Object.entries(row).filter(
      ([k]) => k === meta.key || k === 'version' || meta.fields.some((f) => f.name === k && !f.readOnly),
    ),
  );

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      beforeReady: (app) =>
        app.addHook('onError', async (req, _reply, err) => {
          const cause = (err as { cause?: { message?: string } }).cause?.message;
          errors.set(String(req.headers['x-fuzz']), cause ?? err.message.slice(0, 200));
        }),
    },
  );
  admin = await t.login('admin', 'Admin@2026');
  for (const name of ENTITIES) {
    const meta = metaNamed(name);
    const page = (await post(`/api/${name}/getPageData`, { rows: 8 })).data as PageResult;
    const list: Template[] = [];
    for (const row of page.rows) {
      const details: Record<string, Row[]> = {};
      for (const rel of meta.details) {
        const lines = (await post(`/api/${name}/getDetailPage`, { value: row[meta.key], detail: rel.entity, rows: 5 }))
          .data as PageResult;
        details[rel.entity] = lines.rows.map((l) => wire(metaNamed(rel.entity), l));
      }
      list.push({ main: wire(meta, row), details });
      versions.set(`${name}:${row[meta.key]}`, Number(row.version));
    }
    if (list.length === 0) throw new Error(`${name}: no rows to start from`);
    templates.set(name, list);
  }
});
afterAll(() => t.close());

/** Sends one body; a 500, an error without the envelope or a broken download is recorded. */
async function send(call: Call): Promise<number> {
  const n = String(++run);
  const { method, url, payload } = call;
  const shown = () => `${method} ${url} ${payload === undefined ? '' : JSON.stringify(payload).slice(0, 600)}`;
  try {
    const res = await t.app.inject({
      method,
      url,
      headers: { ...bearer(admin), 'content-type': 'application/json', 'x-fuzz': n },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });
    if (res.statusCode >= 500) failures.push(`${shown()} → ${res.statusCode}: ${errors.get(n) ?? ''}`);
    else if (res.statusCode >= 400 && res.json().status !== false)
      failures.push(`${shown()} → ${res.statusCode} without the envelope`);
    return res.statusCode;
  } catch (err) {
    failures.push(`${shown()} → broke: ${String(err)}`);
    return 0;
  }
}

/** Draws `runs` calls and sends them, `parallel` at a time. */
async function fuzz<T>(arb: fc.Arbitrary<T>, runs: number, toCall: (v: T) => Call, parallel = 1) {
  const calls = fc.sample(arb, { numRuns: runs, seed: SEED + run }).map(toCall);
  let next = 0;
  const worker = async () => {
    while (next < calls.length) {
      const call = calls[next++];
      if (call) await send(call);
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

const entity = fc.constantFrom(...ENTITIES);
const template = (name: string) => fc.constantFrom(...(templates.get(name) ?? []));
const existingKey = (name: string) =>
  fc.constantFrom(...(templates.get(name) ?? []).map((x) => x.main[metaNamed(name).key]));

/**
 * A save body from a template: mainData and detail lines with one or two values changed, lines sent
 * twice or copied without their key (a duplicate line), delKeys of real and impossible lines.
 */
function saveBody(name: string, mode: 'add' | 'update') {
  const meta = metaNamed(name);
  return template(name).chain((tpl) => {
    const main = { ...tpl.main };
    if (mode === 'add') delete main[meta.key];
    if (mode === 'add') delete main.version;
    const lines = meta.details.map((rel) => {
      const child = metaNamed(rel.entity);
      const existing = (tpl.details[rel.entity] ?? []).map((l) => {
        const line = { ...l };
        delete line[rel.foreignKey];
        if (mode === 'add') {
          delete line[child.key];
          delete line.version;
        }
        return line;
      });
      const copied = existing.map((l) => {
        const { [child.key]: _key, version: _version, ...rest } = l;
        return rest;
      });
      const one = existing.length
        ? fc.constantFrom(...existing, ...copied).chain((l) => mutated(child, l, 1))
        : fc.constant({});
      return fc.tuple(
        fc.constant(rel.entity),
        fc.oneof(
          fc.constant(existing),
          fc.array(one, { maxLength: 3 }),
          fc.array(one, { minLength: 1, maxLength: 2 }).map((ls) => [...ls, ...ls]),
        ),
      );
    });
    const delKeys = meta.details.map((rel) =>
      fc.tuple(
        fc.constant(rel.entity),
        fc.array(
          fc.oneof(
            fc.constantFrom(...(tpl.details[rel.entity] ?? []).map((l) => l[metaNamed(rel.entity).key]), 1),
            keyValue,
          ),
          { maxLength: 2 },
        ),
      ),
    );
    return fc.record({
      mainData: mostly(mutated(meta, main), anyValue, 20),
      detailData: mostly(
        fc.tuple(...lines).map((ls) => Object.fromEntries(ls)),
        anyValue,
        20,
      ),
      delKeys: fc.oneof(
        { weight: 6, arbitrary: fc.constant({}) },
        { weight: 3, arbitrary: fc.tuple(...delKeys).map((ks) => Object.fromEntries(ks)) },
        { weight: 1, arbitrary: anyValue },
      ),
    });
  });
}

describe(`the grid engine under ${BODIES.toLocaleString('en')} random bodies (seed ${SEED})`, () => {
  it(`getPageData: ${RUNS.getPageData} bodies`, async () => {
    const arb = entity.chain((name) => fc.tuple(fc.constant(name), mostly(pageBodyFor(metaNamed(name)), anyValue, 30)));
    await fuzz(
      arb,
      RUNS.getPageData,
      ([name, payload]) => ({ method: 'POST', url: `/api/${name}/getPageData`, payload }),
      4,
    );
  }, 900_000);

  it(`export: ${RUNS.export} bodies; a bad filter is refused before the download starts`, async () => {
    const arb = entity.chain((name) => fc.tuple(fc.constant(name), pageBodyFor(metaNamed(name))));
    await fuzz(arb, RUNS.export, ([name, payload]) => ({ method: 'POST', url: `/api/${name}/export`, payload }), 4);
  }, 900_000);

  it(`getDetailPage: ${RUNS.getDetailPage} bodies`, async () => {
    const arb = entity.chain((name) => {
      const meta = metaNamed(name);
      return fc.tuple(
        fc.constant(name),
        pageBodyFor(meta),
        mostly(existingKey(name), keyValue, 2),
        mostly(fc.constantFrom(...meta.details.map((d) => d.entity), undefined), anyValue),
      );
    });
    await fuzz(
      arb,
      RUNS.getDetailPage,
      ([name, page, value, detail]) => ({
        method: 'POST',
        url: `/api/${name}/getDetailPage`,
        payload: { ...page, value, ...(detail === undefined ? {} : { detail }) },
      }),
      4,
    );
  }, 900_000);

  it(`add: ${RUNS.add} bodies with detail lines`, async () => {
    const arb = entity.chain((name) => fc.tuple(fc.constant(name), saveBody(name, 'add')));
    await fuzz(arb, RUNS.add, ([name, payload]) => ({ method: 'POST', url: `/api/${name}/add`, payload }));
  }, 900_000);

  it(`update: ${RUNS.update} bodies on existing rows and impossible keys`, async () => {
    const arb = entity.chain((name) => fc.tuple(fc.constant(name), saveBody(name, 'update')));
    const bodies = fc.sample(arb, { numRuns: RUNS.update, seed: SEED + 1 });
    for (const [name, payload] of bodies) {
      const key = metaNamed(name).key;
      const main = payload.mainData as Row;
      const known = main && typeof main === 'object' ? versions.get(`${name}:${main[key]}`) : undefined;
      // A body that kept the version it was drawn with carries the row's current one.
      if (known !== undefined && Number.isInteger(main.version) && (main.version as number) < 10) main.version = known;
      const status = await send({ method: 'POST', url: `/api/${name}/update`, payload });
      if (known !== undefined && status === 200) versions.set(`${name}:${main[key]}`, (main.version as number) + 1);
      if (known !== undefined && status === 409) {
        const [row] = await queryRows<{ version: number }>(
          t.database.db,
          sql`select version from ${sql.identifier(metaNamed(name).table)} where id = ${main[key] as number}`,
        );
        if (row) versions.set(`${name}:${main[key]}`, row.version);
      }
    }
  }, 900_000);

  it(`del: ${RUNS.del} bodies (keys that do not exist or cannot)`, async () => {
    const arb = fc.tuple(
      entity,
      mostly(
        fc.array(fc.oneof(fc.constantFrom(...hugeIntegers), fc.integer({ min: 100_000, max: 200_000 })), {
          minLength: 1,
          maxLength: 4,
        }),
        anyValue,
        4,
      ),
    );
    await fuzz(arb, RUNS.del, ([name, payload]) => ({ method: 'POST', url: `/api/${name}/del`, payload }), 4);
  }, 900_000);

  it(`lookup: ${RUNS.lookup} query strings`, async () => {
    const odd = fc.oneof(
      fc.constantFrom(...hugeIntegers.map(String), ...integerTexts, ...oddStrings.map((s) => s.slice(0, 120))),
      fc.string({ maxLength: 12 }),
    );
    const small = fc.integer({ min: 1, max: 60 }).map(String);
    const arb = entity.chain((name) => {
      const meta = metaNamed(name);
      const refs = [meta, ...meta.details.map((d) => metaNamed(d.entity))].flatMap((m) =>
        m.fields.filter((f) => f.type === 'reference').map((f) => [m === meta ? '' : m.name, f.name] as const),
      );
      return fc.tuple(
        fc.constant(name),
        refs.length
          ? mostly(fc.constantFrom(...refs), fc.tuple(fc.constant(''), odd), 6)
          : fc.tuple(fc.constant(''), odd),
        fc.record(
          {
            q: mostly(fc.string({ maxLength: 6 }), odd, 3),
            ids: mostly(
              fc.array(mostly(small, odd, 3), { maxLength: 4 }).map((a) => a.join(',')),
              odd,
              3,
            ),
            parent: mostly(small, odd, 3),
          },
          { requiredKeys: [] },
        ),
      );
    });
    await fuzz(
      arb,
      RUNS.lookup,
      ([name, [detail, field], rest]) => ({
        method: 'GET',
        url: `/api/${name}/lookup?${new URLSearchParams({ field, ...(detail ? { detail } : {}), ...rest })}`,
      }),
      4,
    );
  }, 900_000);

  it(`ran ${BODIES.toLocaleString('en')} bodies and none answered 500`, () => {
    console.log(`grid fuzz (seed ${SEED}): ${run} bodies run, ${failures.length} answered 500 or broke`);
    expect(run).toBe(BODIES);
    expect(failures).toEqual([]);
  });
});
