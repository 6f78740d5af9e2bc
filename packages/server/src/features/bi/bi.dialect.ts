import type { DateBucket, FieldMeta, FilterCondition } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { MySqlDialect } from 'drizzle-orm/mysql-core';
import { PgDialect } from 'drizzle-orm/pg-core';
import { conditionOn, type ScopeSubject } from '../../engine/scope.ts';

/**
 * What differs between the databases a chart's query may run on: the main database and an external
 * PostgreSQL source speak PostgreSQL, an external MySQL source its own quoting, placeholders and date
 * functions. Everything else of the query (select, where, group by ordinals, order, limit) is common.
 */
export type BiDialect = {
  kind: 'postgres' | 'mysql';
  /** The statement as its driver takes it: text with the dialect's placeholders, and the values. */
  render(query: SQL): { text: string; params: unknown[] };
  /**
   * A date (or a date-time, at the reader's clock) as the value its bucket groups by: the grain's first moment,
   * or a number for a part. Cheap per row: the text is made by `bucketText`, on the grouped rows only.
   */
  bucket(value: SQL, bucket: DateBucket, type: 'date' | 'datetime', timeZone: string): SQL;
  /** A bucket's grouped value as the chart shows it: `YYYY-MM-DD` text, a part's number as it is. */
  bucketText(grouped: SQL, bucket: DateBucket): SQL;
  /** A date as `YYYY-MM-DD` text; a date-time as an ISO instant in UTC. */
  dateText(value: SQL, type: 'date' | 'datetime'): SQL;
  /** Rounded to `digits` after the point (money keeps its cents, not a binary fraction's tail). */
  round(value: SQL, digits: number): SQL;
  /** A dataset's or a chart's filter condition on `column`, typed as `f`. */
  condition(column: SQL, f: Pick<FieldMeta, 'type'>, c: FilterCondition, s: ScopeSubject): SQL;
  /** `column` on or after the day `from`, on or before the day `to` (a date-time: by the reader's clock). */
  onOrAfter(column: SQL, from: string, type: 'date' | 'datetime', timeZone: string): SQL;
  onOrBefore(column: SQL, to: string, type: 'date' | 'datetime', timeZone: string): SQL;
};

const pgRender = new PgDialect();
const truncated = { day: 'day', week: 'week', month: 'month', quarter: 'quarter', year: 'year' } as const;

/** The main database and external PostgreSQL sources. */
export const postgresDialect: BiDialect = {
  kind: 'postgres',
  render(query) {
    const { sql: text, params } = pgRender.sqlToQuery(query);
    return { text, params };
  },
  bucket(value, bucket, type, timeZone) {
    // A date-time is read at the reader's wall clock; a date is a day already (as timestamp: no zone applies).
    const local = type === 'datetime' ? sql`(${value} at time zone ${timeZone})` : sql`(${value})::timestamp`;
    if (bucket === 'monthOfYear') return sql`extract(month from ${local})::int`;
    if (bucket === 'dayOfWeek') return sql`extract(isodow from ${local})::int`;
    return sql`date_trunc(${sql.raw(`'${truncated[bucket]}'`)}, ${local})`;
  },
  bucketText: (grouped, bucket) =>
    bucket === 'monthOfYear' || bucket === 'dayOfWeek' ? grouped : sql`to_char(${grouped}, 'YYYY-MM-DD')`,
  dateText(value, type) {
    return type === 'date'
      ? sql`to_char((${value})::date, 'YYYY-MM-DD')`
      : sql`to_char((${value})::timestamptz at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  },
  round: (value, digits) => sql`round((${value})::numeric, ${sql.raw(String(Math.trunc(digits)))})`,
  condition: conditionOn,
  onOrAfter: (column, from, type, timeZone) =>
    type === 'date'
      ? sql`${column} >= ${from}::date`
      : sql`${column} >= (${from}::date)::timestamp at time zone ${timeZone}`,
  onOrBefore: (column, to, type, timeZone) =>
    type === 'date'
      ? sql`${column} <= ${to}::date`
      : sql`${column} < (${to}::date + 1)::timestamp at time zone ${timeZone}`,
};

const mysqlRender = new MySqlDialect();
const mysqlComparators = { eq: sql`=`, ne: sql`<>`, gt: sql`>`, ge: sql`>=`, lt: sql`<`, le: sql`<=` } as const;

/** An operand of a condition: MySQL takes the parameter as it is and compares it with the column's own type. */
function mysqlOperand(c: FilterCondition, s: ScopeSubject): SQL {
  if (c.variable === 'currentUser') return sql`${s.userId}`;
  if (c.variable === 'currentOrganization') return sql`${s.organizationId}`;
  if (c.variable === 'today') return sql`CURRENT_DATE`;
  return sql`${c.value ?? null}`;
}

/**
 * External MySQL sources. Instants are read as the source stores them: MySQL's DATETIME has no zone, so the
 * reader's zone is not applied there. A bucket is grouped by its text already (the source's own work).
 */
export const mysqlDialect: BiDialect = {
  kind: 'mysql',
  render(query) {
    const { sql: text, params } = mysqlRender.sqlToQuery(query);
    return { text, params };
  },
  bucket(value, bucket) {
    const v = sql`(${value})`;
    switch (bucket) {
      case 'monthOfYear':
        return sql`MONTH(${v})`;
      case 'dayOfWeek':
        return sql`(WEEKDAY(${v}) + 1)`;
      case 'day':
        return sql`DATE_FORMAT(${v}, '%Y-%m-%d')`;
      case 'week':
        return sql`DATE_FORMAT(DATE_SUB(${v}, INTERVAL WEEKDAY(${v}) DAY), '%Y-%m-%d')`;
      case 'month':
        return sql`DATE_FORMAT(${v}, '%Y-%m-01')`;
      case 'quarter':
        return sql`CONCAT(YEAR(${v}), '-', LPAD((QUARTER(${v}) - 1) * 3 + 1, 2, '0'), '-01')`;
      case 'year':
        return sql`DATE_FORMAT(${v}, '%Y-01-01')`;
    }
  },
  bucketText: (grouped) => grouped,
  dateText: (value, type) =>
    type === 'date' ? sql`DATE_FORMAT((${value}), '%Y-%m-%d')` : sql`DATE_FORMAT((${value}), '%Y-%m-%dT%H:%i:%s')`,
  round: (value, digits) => sql`ROUND((${value}), ${sql.raw(String(Math.trunc(digits)))})`,
  condition(column, _f, c, s) {
    switch (c.op) {
      case 'isNull':
        return sql`${column} IS NULL`;
      case 'notNull':
        return sql`${column} IS NOT NULL`;
      case 'like':
        return sql`${column} LIKE ${`%${String(c.value).replace(/[\\%_]/g, (m) => `\\${m}`)}%`}`;
      case 'in':
        return sql`${column} IN (${sql.join(
          (Array.isArray(c.value) ? c.value : []).map((v) => sql`${v}`),
          sql`, `,
        )})`;
      default:
        return sql`${column} ${mysqlComparators[c.op]} ${mysqlOperand(c, s)}`;
    }
  },
  onOrAfter: (column, from) => sql`${column} >= ${from}`,
  onOrBefore: (column, to) => sql`${column} < DATE_ADD(${to}, INTERVAL 1 DAY)`,
};
