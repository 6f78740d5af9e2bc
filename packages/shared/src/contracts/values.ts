import { z } from 'zod';

/**
 * Scalars as PostgreSQL accepts them, checked before they reach it: a value the database would refuse
 * (an id past int4, 30 February, year 0) is a 400 naming the field, never a failed statement and a 500.
 * Server routes and the browser's forms use the same schemas.
 */

/** Integer column sizes; a field's `intSize` says which one (int4 when absent). */
export const intRanges = {
  int2: [-32_768, 32_767],
  int4: [-2_147_483_648, 2_147_483_647],
  // bigint holds more, but JSON numbers are exact only up to 2^53.
  int8: [-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
} as const;
export type IntSize = keyof typeof intRanges;

export const INT4_MAX = intRanges.int4[1];

/** A whole number that fits the column. */
export const integerSchema = (size: IntSize = 'int4') => {
  const [min, max] = intRanges[size];
  return z.number().int('a whole number').min(min, `at least ${min}`).max(max, `at most ${max}`);
};

/** The key of a row (a serial column): 1 to 2,147,483,647. */
export const id = z.number().int('a whole number').min(1, 'at least 1').max(INT4_MAX, `at most ${INT4_MAX}`);

/**
 * A name's Chinese translation beside its English one (roles, organisations): optional, at most `max`
 * characters; blank is stored as null, and a zh reader then sees the English name.
 */
export const nameZhSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `at most ${max} characters`)
    .nullish()
    .transform((v) => (v ? v : null));

/** A page of a list: from 1; past a million pages the offset would mean nothing. */
export const pageNumber = z.number().int('a whole number').min(1, 'at least 1').max(1_000_000, 'at most 1000000');

/** A key in a query string (`?id=12`): the same range, from text. */
export const idParam = z.coerce
  .number('a whole number')
  .int('a whole number')
  .min(1, 'at least 1')
  .max(INT4_MAX, `at most ${INT4_MAX}`);

/** Keys as text separated by commas (`?ids=3,12`); empty items are allowed and skipped. */
export const idsText = z
  .string()
  .max(2000)
  .refine(
    (text) =>
      text
        .split(',')
        .map((v) => v.trim())
        .every((v) => v === '' || (isIntegerText(v) && Number(v) >= 1)),
    `ids from 1 to ${INT4_MAX} separated by commas`,
  );

/** The keys of an idsText value. */
export const idsOf = (text: string): number[] =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map(Number);

/** Whether `text` is a whole number within the column's range (a filter value typed as text). */
export function isIntegerText(text: string, size: IntSize = 'int4'): boolean {
  if (!/^[+-]?\d{1,16}$/.test(text)) return false;
  const n = Number(text);
  const [min, max] = intRanges[size];
  return n >= min && n <= max;
}

/**
 * Years 1900 to 9999. PostgreSQL goes further both ways, but every date here must also survive the
 * Excel export and import (Excel's 1900 date system has no earlier day) and the four-digit ISO form
 * the wire and the date pickers use; no record of this business predates 1900, and a year like 0202
 * is a typo for 2020 that should be refused, not stored.
 */
export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Day 0 of the next month is the last of this one (years from 1900, where Date.UTC takes the year as given). */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** A real calendar date as YYYY-MM-DD, in the years above. */
export function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return year >= MIN_YEAR && year <= MAX_YEAR && month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

/**
 * The one form a date and time travels in: YYYY-MM-DDTHH:mm:ss, an optional fraction of up to six
 * digits (PostgreSQL keeps microseconds), and Z or an offset ±HH:mm. Nothing looser ("2024-01-01
 * 10:00", "tomorrow"), which Date.parse would read one way and PostgreSQL another or not at all.
 */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-](0\d|1[0-4]):[0-5]\d)$/;

/** The earliest and latest instants accepted, so the value reads back with a four-digit year in UTC. */
const FIRST_INSTANT = Date.UTC(MIN_YEAR, 0, 1);
const LAST_INSTANT = Date.UTC(MAX_YEAR, 11, 31, 23, 59, 59, 999);

export function isDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (!m || !isCalendarDate(m[1] ?? '')) return false;
  const at = Date.parse(text);
  return at >= FIRST_INSTANT && at <= LAST_INSTANT;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/;
export const isTimeOfDay = (text: string) => TIME.test(text);

const dateMessage = `a real date as YYYY-MM-DD (${MIN_YEAR}–${MAX_YEAR})`;
const dateTimeMessage = `a date and time as YYYY-MM-DDTHH:mm:ss with Z or an offset (${MIN_YEAR}–${MAX_YEAR})`;

// The pattern documents the form in the API reference; the refinement checks the calendar.
export const calendarDate = z.string().regex(DATE, dateMessage).refine(isCalendarDate, dateMessage);
export const dateTime = z.string().regex(DATE_TIME, dateTimeMessage).refine(isDateTime, dateTimeMessage);
export const timeOfDay = z.string().regex(TIME, 'a time as HH:mm:ss');
