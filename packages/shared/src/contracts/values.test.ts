import { describe, expect, it } from 'vitest';
import { employeeMeta } from '../entities/employee.ts';
import { requestLogMeta } from '../entities/request-log.ts';
import { fieldValueSchema, keySchema, rowSchema } from '../entity/row-schema.ts';
import { pageRequestSchema } from '../entity/wire.ts';
import {
  calendarDate,
  dateTime,
  id,
  idParam,
  idsOf,
  idsText,
  integerSchema,
  isCalendarDate,
  isDateTime,
  isIntegerText,
} from './values.ts';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) => schema.safeParse(v).success;

describe('ids and integers: what the column holds', () => {
  it('takes keys from 1 to 2,147,483,647 (int4), from JSON and from a query string', () => {
    expect([1, 2_147_483_647].map((v) => ok(id, v))).toEqual([true, true]);
    expect([0, -1, 2_147_483_648, 1e20, 1.5, '1', Number.NaN].map((v) => ok(id, v))).toEqual(Array(7).fill(false));
    expect(['12', '2147483647'].map((v) => ok(idParam, v))).toEqual([true, true]);
    expect(['2147483648', '9999999999', '0', '-3', 'abc', '1.5', ''].map((v) => ok(idParam, v))).toEqual(
      Array(7).fill(false),
    );
  });

  it('sizes integers as smallint, integer or bigint (up to 2^53, exact in JSON)', () => {
    expect(ok(integerSchema('int2'), 32_767)).toBe(true);
    expect(ok(integerSchema('int2'), 32_768)).toBe(false);
    expect(ok(integerSchema(), -2_147_483_649)).toBe(false);
    expect(ok(integerSchema('int8'), 2 ** 40)).toBe(true);
    expect(ok(integerSchema('int8'), 2 ** 60)).toBe(false);
    expect(isIntegerText('-2147483648')).toBe(true);
    expect(['2147483648', '1e5', '0x10', '1.0', ' 1', 'NaN', ''].map((v) => isIntegerText(v))).toEqual(
      Array(7).fill(false),
    );
    expect(isIntegerText('40000', 'int2')).toBe(false);
    expect(isIntegerText('9007199254740991', 'int8')).toBe(true);
  });

  it('reads a list of ids from text, refusing any that a key cannot be', () => {
    expect(ok(idsText, '3, 12,,7')).toBe(true);
    expect(idsOf('3, 12,,7')).toEqual([3, 12, 7]);
    expect(['3,9999999999', '3,-1', '1e3', 'a'].map((v) => ok(idsText, v))).toEqual([false, false, false, false]);
  });
});

describe('dates and date-times: real ones, in PostgreSQL and Excel range', () => {
  it('takes real calendar dates from 1900 to 9999 only', () => {
    expect(['2024-02-29', '1900-01-01', '9999-12-31', '2000-02-29'].map(isCalendarDate)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    const bad = ['2024-02-30', '2023-02-29', '1900-02-29', '2024-04-31', '0000-01-01', '0001-01-01', '1899-12-31'];
    expect(bad.map(isCalendarDate)).toEqual(Array(bad.length).fill(false));
    const loose = ['10000-01-01', '2024-1-1', '20240101', '2024-01-01T00:00:00Z', 'infinity', 'today', ' 2024-01-01'];
    expect(loose.map(isCalendarDate)).toEqual(Array(loose.length).fill(false));
    expect(calendarDate.safeParse('2024-02-30').error?.issues[0]?.message).toBe(
      'a real date as YYYY-MM-DD (1900–9999)',
    );
  });

  it('takes one strict ISO form of date-time, with Z or an offset', () => {
    const good = ['2024-05-01T08:00:00Z', '2024-05-01T08:00:00.123+08:00', '2024-05-01T23:59:59.123456-05:30'];
    expect(good.map(isDateTime)).toEqual([true, true, true]);
    const bad = [
      '2024-05-01 08:00',
      '2024-05-01T08:00',
      '2024-05-01T08:00:00',
      '2024-05-01T24:00:00Z',
      '2024-05-01T23:59:60Z',
      '2024-02-30T00:00:00Z',
      '2024-05-01T08:00:00+25:00',
      '2024-05-01T08:00:00.1234567Z',
      '0000-01-01T00:00:00Z',
      '1900-01-01T00:00:00+05:00',
      '9999-12-31T23:59:59-05:00',
      'now',
      'epoch',
    ];
    expect(bad.map(isDateTime)).toEqual(Array(bad.length).fill(false));
    expect(ok(dateTime, 'Tue, 01 Jan 2024 10:00:00 GMT')).toBe(false);
  });
});

describe('the entity schemas use them', () => {
  const field = (name: string) => {
    const f = employeeMeta.fields.find((x) => x.name === name);
    if (!f) throw new Error(name);
    return f;
  };

  it('checks a field value, a key and a version against the column', () => {
    expect(ok(fieldValueSchema(field('hireDate')), '2024-02-30')).toBe(false);
    expect(ok(fieldValueSchema(field('organizationId')), 2_147_483_648)).toBe(false);
    expect(ok(rowSchema(employeeMeta, 'update'), { id: 2_147_483_648, version: 1 })).toBe(false);
    expect(ok(rowSchema(employeeMeta, 'update'), { id: 1, version: 2_147_483_648 })).toBe(false);
    expect(ok(pageRequestSchema, { value: 2_147_483_648 })).toBe(false);
    // A log's key is a bigint.
    expect(ok(keySchema(requestLogMeta), 2 ** 40)).toBe(true);
    expect(ok(keySchema(employeeMeta), 2 ** 40)).toBe(false);
  });
});
