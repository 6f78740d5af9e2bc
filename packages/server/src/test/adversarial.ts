import type { EntityMeta, FieldMeta } from '@trestle/shared';
import fc from 'fast-check';

/**
 * Values a caller may send that a schema may let through and the database may refuse: numbers past
 * int2/int4/int8, fractions and NaN-like text; impossible and out-of-range dates; loose date-times;
 * PostgreSQL's special words; long, odd and wrong-typed values; deep JSON. The fuzz tests draw from
 * these, typed by field where the metadata says the type, so most bodies get past the first check.
 */

export const hugeIntegers = [
  32_768, -32_769, 2_147_483_647, 2_147_483_648, -2_147_483_649, 4_294_967_296, 9_007_199_254_740_991,
  9_007_199_254_740_992, 9.3e18, 1e20, -1e20, 1e308, -1, 0, 1.5, -0.5,
];
export const integerTexts = [
  '2147483648',
  '9999999999',
  '99999999999999999999',
  '-9223372036854775809',
  '1e5',
  '1e400',
  '0x10',
  ' 12 ',
  '1_000',
  '+5',
  'NaN',
  'Infinity',
  '-Infinity',
  '1.5',
  '',
];
export const badDates = [
  '2024-02-30',
  '2023-02-29',
  '2024-04-31',
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '9999-12-31',
  '10000-01-01',
  '+010000-01-01',
  '-0001-01-01',
  '2024-13-01',
  '2024-00-10',
  '2024-1-1',
  '20240101',
  '2024-01-01T00:00:00Z',
  'infinity',
  '-infinity',
  'epoch',
  'today',
  'now',
];
export const badDateTimes = [
  '2024-01-01 10:00',
  '2024-01-01T10:00',
  '2024-01-01T10:00:00',
  '2024-01-01T24:00:00Z',
  '2024-01-01T23:59:60Z',
  '2024-01-01T10:00:00+25:00',
  '2024-01-01T10:00:00+14:59',
  '2024-02-30T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '0001-01-01T00:00:00+05:00',
  '9999-12-31T23:59:59-05:00',
  '275760-09-13T00:00:00Z',
  '2024-01-01T10:00:00.1234567Z',
  '2024-01-01',
  'yesterday',
  'now',
  'epoch',
  'infinity',
  'allballs',
  'Tue, 01 Jan 2024 10:00:00 GMT',
];
export const badTimes = ['24:00:00', '23:59:60', '12:30', '25:00', 'allballs', '12:00:00.5', '12:00:00+08', 'noon'];
export const badDecimals = [
  '1e10',
  '99999999999999999999999999999999999999999',
  '0.123456789',
  'NaN',
  'Infinity',
  '-0',
  '.5',
  '1.',
  '1,5',
  1e300,
  0.1,
  -1e-300,
];
const longText = (n: number) => 'x'.repeat(n);
export const oddStrings = [
  longText(10_001),
  longText(300),
  '名字🙂',
  '\u202eevil',
  "' or 1=1 --",
  '%_\\',
  '"; drop table users; --',
  '__proto__',
  'constructor',
  ' ',
];

/** An array or object nested `depth` levels deep. */
export function nested(depth: number, kind: 'array' | 'object' = 'array'): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
  return v;
}

/** Anything at all: every class above, wrong types and deep JSON. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hugeIntegers, ...integerTexts, ...badDates, ...badDateTimes, ...badTimes, ...badDecimals),
  fc.constantFrom(...oddStrings),
  fc.constantFrom(null, true, false, [], {}, [1, 'a'], { value: 1 }),
  fc.integer({ min: 1, max: 50 }).map((d) => nested(d * 3, d % 2 ? 'array' : 'object')),
  fc.string({ maxLength: 30 }),
  fc.double(),
);

const goodDate = fc.date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true });

/** A value for one field: usually of its type (valid or a near miss), sometimes anything. */
export function valueFor(f: FieldMeta): fc.Arbitrary<unknown> {
  const typed = ((): fc.Arbitrary<unknown> => {
    switch (f.type) {
      case 'integer':
      case 'reference':
        return fc.oneof(
          fc.integer({ min: 1, max: 60 }),
          fc.constantFrom(...hugeIntegers),
          fc.constantFrom(...integerTexts),
        );
      case 'decimal':
        return fc.oneof(
          fc.integer({ min: 0, max: 1_000_000 }).map((n) => `${n}.${n % 100}`),
          fc.constantFrom(...badDecimals),
          fc.constantFrom(...hugeIntegers),
        );
      case 'date':
        return fc.oneof(
          goodDate.map((d) => d.toISOString().slice(0, 10)),
          fc.constantFrom(...badDates),
        );
      case 'datetime':
        return fc.oneof(
          goodDate.map((d) => d.toISOString()),
          fc.constantFrom(...badDateTimes),
        );
      case 'time':
        return fc.oneof(fc.constantFrom('08:30:00', '23:59:59'), fc.constantFrom(...badTimes));
      case 'boolean':
        return fc.constantFrom(true, false, 'true', 1, 'yes');
      case 'dictMulti':
        return fc.oneof(fc.array(fc.string({ maxLength: 12 }), { maxLength: 4 }), fc.constantFrom(...oddStrings));
      case 'json':
        return fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.integer({ min: 1, max: 40 }).map((d) => nested(d * 5)),
        );
      default:
        return fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom(...oddStrings), fc.constantFrom('A', 'B', '1'));
    }
  })();
  return fc.oneof({ weight: 4, arbitrary: typed }, { weight: 1, arbitrary: anyValue });
}

/** Mostly `usual`, now and then `odd`: a body with one bad part gets past the others to where that part is used. */
export const mostly = <T, U>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<U>, weight = 9) =>
  fc.oneof({ weight, arbitrary: usual }, { weight: 1, arbitrary: odd });

const displayTypes = ['like', 'eq', 'in', 'gt', 'ge', 'lt', 'le', 'thanorequal', 'lessorequal', 'selectList'];
const oddDisplayTypes = ['between', "'", '', 'x'.repeat(30)];
const unfilterable = new Set(['json', 'richText', 'file', 'image']);

/** One filter: mostly on a filterable field, with a value of its type (valid or a near miss). */
export function whereFor(meta: EntityMeta): fc.Arbitrary<unknown> {
  const fields = meta.fields.filter((f) => !unfilterable.has(f.type));
  const onField = fc.constantFrom(...fields).chain((f) =>
    fc.record({
      name: fc.constant(f.name),
      value: mostly(valueFor(f), fc.array(valueFor(f), { maxLength: 4 }), 4),
      displayType: mostly(fc.constantFrom(...displayTypes), fc.constantFrom(...oddDisplayTypes), 12),
    }),
  );
  const odd = fc.record({
    name: fc.constantFrom('password_hash', 'tenant_id', '"; drop table employees; --', '', 'x'.repeat(65)),
    value: anyValue,
    displayType: fc.constantFrom(...displayTypes),
  });
  return fc.oneof(
    { weight: 12, arbitrary: onField },
    { weight: 1, arbitrary: odd },
    { weight: 1, arbitrary: anyValue },
  );
}

/** A getPageData / export body (getDetailPage's `value` and `detail` are added by the caller). */
export function pageBodyFor(meta: EntityMeta): fc.Arbitrary<Record<string, unknown>> {
  const sortable = meta.fields.filter((f) => f.sortable || f.name === meta.key).map((f) => f.name);
  return fc
    .record(
      {
        page: mostly(fc.integer({ min: 1, max: 3 }), fc.constantFrom(...hugeIntegers, '2'), 30),
        rows: mostly(fc.integer({ min: 1, max: 30 }), fc.constantFrom(...hugeIntegers), 30),
        sort: mostly(
          fc.constantFrom(...sortable),
          fc.constantFrom(...meta.fields.map((f) => f.name), 'id desc', 'x'.repeat(80)),
        ),
        order: mostly(fc.constantFrom('asc', 'desc'), fc.constantFrom('ASC', 'sideways', 1)),
        wheres: mostly(fc.array(whereFor(meta), { minLength: 1, maxLength: 3 }), anyValue, 30),
        exactTotal: mostly(fc.boolean(), anyValue, 30),
        count: fc.boolean(),
        // An unknown key is refused before anything else: rare, so the rest gets exercised.
        extra: mostly(fc.constant(undefined), anyValue, 50),
      },
      { requiredKeys: ['wheres'] },
    )
    .map(({ extra, ...rest }) => (extra === undefined ? rest : { ...rest, extra }));
}

const REMOVE = Symbol('remove');

/**
 * `base` with up to `changes` of its fields (or the key, the version, an unknown field) given a value
 * of the field's type or anything at all, or removed.
 */
export function mutated(meta: EntityMeta, base: Record<string, unknown>, changes = 2) {
  const writable = meta.fields.filter((f) => !f.readOnly);
  const others = fc.oneof(
    fc.tuple(fc.constant('version'), anyValue),
    fc.tuple(fc.constantFrom('tenantId', 'createdBy', 'bogus'), anyValue),
  );
  const change = writable.length
    ? fc.oneof(
        {
          weight: 10,
          arbitrary: fc
            .constantFrom(...writable)
            .chain((f) => fc.tuple(fc.constant(f.name), mostly(valueFor(f), fc.constant(REMOVE), 8))),
        },
        { weight: 2, arbitrary: others },
      )
    : others;
  return fc.array(change, { maxLength: changes }).map((list) => {
    const row: Record<string, unknown> = { ...base };
    for (const [name, value] of list) {
      if (value === REMOVE) delete row[name];
      else row[name] = value;
    }
    return row;
  });
}

/** Keys: small ones that may exist, and every kind that cannot. */
export const keyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 60 }) },
  { weight: 2, arbitrary: fc.constantFrom(...hugeIntegers) },
  { weight: 1, arbitrary: fc.constantFrom(...integerTexts) },
  { weight: 1, arbitrary: anyValue },
);
