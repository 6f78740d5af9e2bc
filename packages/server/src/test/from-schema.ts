import fc from 'fast-check';
import {
  anyValue,
  badDates,
  badDateTimes,
  hugeIntegers,
  integerTexts,
  mostly,
  nested,
  oddStrings,
} from './adversarial.ts';

/** The part of JSON Schema the API reference uses (what zod's schemas become in OpenAPI). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
};

const words = fc.constantFrom('a', 'Alpha', 'E1001', 'admin', 'pm', 'PRJ-2024-001', 'x y', '1', 'true');

function stringLike(s: JsonSchema): fc.Arbitrary<unknown> {
  if (s.format === 'date' || s.pattern?.includes('\\d{4}-\\d{2}-\\d{2}'))
    return mostly(fc.constantFrom('2024-05-01', '2030-12-31'), fc.constantFrom(...badDates), 1);
  if (s.format === 'date-time')
    return mostly(
      fc.constantFrom('2024-05-01T08:00:00Z', '2024-05-01T08:00:00.000+08:00'),
      fc.constantFrom(...badDateTimes),
      1,
    );
  if (s.pattern) {
    try {
      const matching = fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 200));
      return mostly(matching, fc.oneof(words, fc.constantFrom(...oddStrings)), 3);
    } catch {
      // A pattern fast-check cannot generate from: fall through to plain strings.
    }
  }
  return mostly(
    fc.oneof(words, fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 20, 20) })),
    fc.oneof(fc.constantFrom(...oddStrings), fc.constantFrom(...integerTexts), fc.constantFrom(...badDates)),
    3,
  );
}

function numberLike(s: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const min = Math.max(s.minimum ?? 0, -1000);
  const max = Math.min(s.maximum ?? 60, Math.max(min, 60));
  const usual = integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true });
  return mostly(usual, fc.oneof(fc.constantFrom(...hugeIntegers), fc.constantFrom(...integerTexts)), 3);
}

/**
 * Values for a schema: mostly what it describes (so a body gets past its other parts), with
 * adversarial values mixed in at every level: out-of-range numbers, impossible dates, wrong types,
 * unknown keys, deep nesting.
 */
export function fromSchema(s: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return anyValue;
  const choices = s.anyOf ?? s.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => fromSchema(c, depth + 1)));
  if (s.allOf?.length) return fromSchema(s.allOf[0], depth + 1);
  const own = ((): fc.Arbitrary<unknown> => {
    if (s.const !== undefined) return fc.constant(s.const);
    if (s.enum?.length) return fc.constantFrom(...s.enum);
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    const type = types.find((x) => x !== 'null');
    switch (type) {
      case 'object': {
        const props = s.properties ?? {};
        const names = Object.keys(props);
        if (names.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 3 });
        const shape = Object.fromEntries(names.map((n) => [n, fromSchema(props[n], depth + 1)]));
        const required = (s.required ?? []).filter((n) => names.includes(n));
        return fc
          .tuple(
            fc.record(shape, { requiredKeys: required }),
            mostly(fc.constant(undefined), fc.tuple(fc.constantFrom('bogus', '__proto__', 'tenantId'), anyValue), 15),
            required.length ? fc.option(fc.constantFrom(...required), { freq: 15 }) : fc.constant(null),
          )
          .map(([obj, extra, dropped]) => {
            const out: Record<string, unknown> = { ...obj };
            if (extra) out[extra[0]] = extra[1];
            if (dropped) delete out[dropped];
            return out;
          });
      }
      case 'array': {
        const max = Math.min(s.maxItems ?? 4, 4);
        const min = Math.min(s.minItems ?? 0, max);
        return fc.array(fromSchema(s.items, depth + 1), { minLength: min, maxLength: max });
      }
      case 'integer':
        return numberLike(s, true);
      case 'number':
        return numberLike(s, false);
      case 'boolean':
        return fc.boolean();
      case 'string':
        return stringLike(s);
      default:
        return fc.oneof(fc.jsonValue({ maxDepth: 2 }), anyValue);
    }
  })();
  const withNull =
    (Array.isArray(s.type) && s.type.includes('null')) || s.nullable ? fc.oneof(own, fc.constant(null)) : own;
  const deep = fc.integer({ min: 20, max: 200 }).map((d) => nested(d, d % 2 ? 'object' : 'array'));
  return depth === 0
    ? fc.oneof({ weight: 14, arbitrary: withNull }, { weight: 1, arbitrary: anyValue }, { weight: 1, arbitrary: deep })
    : fc.oneof({ weight: 14, arbitrary: withNull }, { weight: 1, arbitrary: anyValue });
}

/** A query-string value: the schema's value as text (arrays repeat the key). */
export function asQueryText(v: unknown): string | string[] {
  if (Array.isArray(v)) return v.map((x) => (typeof x === 'string' ? x : JSON.stringify(x)));
  if (typeof v === 'string') return v;
  return v === undefined ? '' : JSON.stringify(v);
}
