import {
  type BiValueType,
  type DataSourceKind,
  type FieldMeta,
  isCalendarDate,
  SQL_BOUND_NAMES,
  type SqlColumn,
  type SqlDataset,
  type SqlParameter,
  type SqlTry,
} from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { type UserSql, UserSqlError, userSelect } from '../../db/user-sql.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { ANY_TABLE } from './bi.cache.ts';
import { type BiDialect, mysqlDialect, postgresDialect } from './bi.dialect.ts';
import type { DatasetSource, FieldSql, RunValue } from './bi.query.ts';

/**
 * SQL datasets: an admin's SELECT as the subquery `t`, its declared columns the fields, its parameters bound
 * by name with their declared types (never spliced). On the main database it runs as the tenant's SQL role
 * under row-level security (db/user-sql.ts: read only, one statement, a timeout); on an external source
 * through the data-source runner (its read-only account, the source's dialect). The chart's aggregate
 * around it is the same compiler's as for an entity dataset.
 */

/** The data-source runner's call (features/data-sources/run-select.ts), handed over by app.ts. */
export type ExternalSelect = (
  auth: { tenantId: number },
  request: {
    dataSourceId: number;
    statement: (kind: DataSourceKind) => { text: string; params: RunValue[] };
    maxRows: number;
    timeoutMs?: number;
  },
) => Promise<{ columns: { name: string; type: BiValueType }[]; rows: RunValue[][]; truncated: boolean }>;

export type SqlDeps = { db: Db; userSql: UserSql; external?: ExternalSelect | undefined };

/** How long an external source may take for one chart (its own timeout still applies when lower). */
const EXTERNAL_TIMEOUT_MS = 10_000;

export const sqlFailed = (reason: string) => new AppError(422, 'unprocessable', `The dataset's SQL failed: ${reason}`);

/** A statement's failure in words (422); anything else is left to the caller. */
async function worded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof UserSqlError) throw sqlFailed(err.message);
    throw err;
  }
}

/** What is wrong with a parameter's value for its declared type; null when it fits (null: no value). */
function valueProblem(p: SqlParameter, value: RunValue): string | null {
  if (value === null) return null;
  if (p.type === 'number') return typeof value === 'number' && Number.isFinite(value) ? null : 'needs a number';
  if (p.type === 'date') return typeof value === 'string' && isCalendarDate(value) ? null : 'needs a date (YYYY-MM-DD)';
  return typeof value === 'string' ? null : 'needs text';
}

/** The run's parameter values against the dataset's declared ones, keyed by name (empty: all fit). */
export function parameterProblems(
  parameters: readonly SqlParameter[],
  given: Record<string, RunValue>,
): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    const p = parameters.find((x) => x.name === name);
    const problem = p ? valueProblem(p, value) : 'is not a parameter of the dataset';
    if (problem) problems[name] = problem;
  }
  return problems;
}

/** One parameter's value, bound with its declared type. */
function typedValue(p: SqlParameter, given: RunValue | undefined, dialect: BiDialect): SQL {
  const value = given === undefined ? p.default : given;
  const type = p.type === 'number' ? 'numeric' : p.type === 'date' ? 'date' : 'text';
  if (dialect.kind !== 'postgres') return sql`${value}`;
  return value === null
    ? sql.raw(`null::${type}`)
    : sql`${typeof value === 'number' ? String(value) : value}::${sql.raw(type)}`;
}

/**
 * Every placeholder's value: the declared parameters (as given, else their defaults), and the viewer's ids; a
 * value that does not fit its type is a 400 naming the parameter.
 */
export function boundValues(
  parameters: readonly SqlParameter[],
  given: Record<string, RunValue>,
  auth: Pick<AuthContext, 'userId' | 'tenantId'>,
  dialect: BiDialect,
): Record<string, SQL> {
  const problems = Object.entries(parameterProblems(parameters, given));
  if (problems.length)
    throw badRequest(
      `parameters: ${problems.map(([name, problem]) => `${name} ${problem}`).join('; ')}`,
      Object.fromEntries(problems.map(([name, problem]) => [`parameters.${name}`, problem])),
    );
  const out: Record<string, SQL> = {};
  for (const p of parameters) out[p.name] = typedValue(p, given[p.name], dialect);
  // Bound last: a parameter can't stand in for the viewer's own ids (the checks refuse such names on save).
  const ids = { userId: auth.userId, tenantId: auth.tenantId };
  for (const name of SQL_BOUND_NAMES)
    out[name] = dialect.kind === 'postgres' ? sql`${ids[name]}::integer` : sql`${ids[name]}`;
  return out;
}

/** The statement as the subquery; on MySQL a `?` of its own would take our parameters' places. */
function subquery(text: string, values: Record<string, SQL>, dialect: BiDialect): SQL {
  if (dialect.kind === 'mysql' && /\?/.test(text.replace(/'(?:[^'\\]|\\.|'')*'|"(?:[^"\\]|\\.|"")*"|`[^`]*`/g, '')))
    throw sqlFailed('use :name parameters instead of ?');
  try {
    return userSelect(text, values);
  } catch (err) {
    if (err instanceof UserSqlError) throw sqlFailed(err.message);
    throw err;
  }
}

/** How a column's filters type their values. */
const conditionType: Record<BiValueType, FieldMeta['type']> = {
  number: 'decimal',
  string: 'string',
  date: 'date',
  datetime: 'datetime',
  boolean: 'boolean',
};

function columnField(c: SqlColumn): FieldSql {
  const stored = sql`t.${sql.identifier(c.name)}`;
  return {
    name: c.name,
    type: c.type,
    label: c.label,
    dictionary: null,
    stored,
    shown: (grouped) => ({ value: grouped }),
    among: (values) =>
      sql`${stored} in (${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    condition: { name: c.name, type: conditionType[c.type] },
    scale: null,
  };
}

export type SqlSourceInput = {
  dataset: SqlDataset;
  parameters: Record<string, RunValue>;
  auth: AuthContext;
  timeZone: string;
  dialect: BiDialect;
};

/** A SQL dataset as the chart compiler reads it. */
export function sqlSource(input: SqlSourceInput): DatasetSource {
  const { dataset, auth, dialect } = input;
  const inner = subquery(dataset.sql, boundValues(dataset.parameters, input.parameters, auth, dialect), dialect);
  const fields = new Map(dataset.columns.map((c) => [c.name, columnField(c)]));
  return {
    dialect,
    field: (name) => fields.get(name),
    from: () => sql`${inner} t`,
    where: [],
    // The main database: any table of the tenant may be read. An external source's writes are not seen.
    tables: () => (dataset.dataSourceId === null ? [ANY_TABLE] : []),
    subject: { userId: auth.userId, tenantId: auth.tenantId, organizationId: auth.dataScope.organizationId },
    timeZone: input.timeZone,
  };
}

/** The dialect of a dataset's database: the main one's, or its external source's kind. */
export async function dialectOf(db: Db, dataSourceId: number | null): Promise<BiDialect> {
  if (dataSourceId === null) return postgresDialect;
  const [row] = await queryRows<{ kind: string }>(db, sql`select kind from data_sources where id = ${dataSourceId}`);
  if (!row) throw sqlFailed('its data source is gone');
  return row.kind === 'mysql' ? mysqlDialect : postgresDialect;
}

/** A statement on an external source, through the data-source runner; its columns typed by the source. */
async function runExternal(
  deps: SqlDeps,
  auth: AuthContext,
  dataSourceId: number,
  dialect: BiDialect,
  query: SQL,
  maxRows: number,
) {
  if (!deps.external) throw sqlFailed('external data sources are not available on this server');
  const { text, params } = dialect.render(query);
  const result = await deps.external(auth, {
    dataSourceId,
    statement: () => ({ text, params: params as RunValue[] }),
    maxRows,
    timeoutMs: EXTERNAL_TIMEOUT_MS,
  });
  const rows = result.rows.map((r) => Object.fromEntries(result.columns.map((c, k) => [c.name, r[k]])));
  return { columns: result.columns, rows };
}

/** Rows of a statement over a SQL dataset, as records by column name. */
export function runSqlStatement(
  deps: SqlDeps,
  auth: AuthContext,
  dataSourceId: number | null,
  dialect: BiDialect,
  query: SQL,
  maxRows: number,
): Promise<Record<string, unknown>[]> {
  return worded(async () =>
    dataSourceId === null
      ? deps.userSql.run<Record<string, unknown>>(auth.tenantId, query)
      : (await runExternal(deps, auth, dataSourceId, dialect, query, maxRows)).rows,
  );
}

const TRY_ROWS = 20;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** A column's type as its values suggest (the designer corrects it): the first value that says anything. */
function guessType(values: unknown[]): BiValueType {
  const v = values.find((x) => x !== null && x !== undefined);
  if (typeof v === 'number' || typeof v === 'bigint') return 'number';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'string' && DATE.test(v)) return 'date';
  if (typeof v === 'string' && INSTANT.test(v)) return 'datetime';
  return 'string';
}

export type SqlTryInput = {
  dataSourceId: number | null;
  sql: string;
  parameters: SqlParameter[];
  values: Record<string, RunValue>;
};

/**
 * A statement tried before it is saved: its first rows and its columns with their types as the values suggest
 * (on the main database each row comes as JSON, so numbers, dates and instants read alike on both drivers).
 * With no row, the columns are still named, as text.
 */
export async function trySql(deps: SqlDeps, auth: AuthContext, input: SqlTryInput): Promise<SqlTry> {
  const dialect = await dialectOf(deps.db, input.dataSourceId);
  const inner = subquery(input.sql, boundValues(input.parameters, input.values, auth, dialect), dialect);
  const { dataSourceId } = input;
  if (dataSourceId !== null)
    return worded(() => runExternal(deps, auth, dataSourceId, dialect, sql`select * from ${inner} t`, TRY_ROWS));
  const found = await runSqlStatement(
    deps,
    auth,
    null,
    dialect,
    sql`select to_jsonb(t) as row from ${inner} t limit ${TRY_ROWS}`,
    TRY_ROWS,
  );
  const rows = found.map((r) => (typeof r.row === 'string' ? JSON.parse(r.row) : r.row) as Record<string, unknown>);
  if (rows.length > 0) {
    const names = Object.keys(rows[0] ?? {});
    return { columns: names.map((name) => ({ name, type: guessType(rows.map((r) => r[name])) })), rows };
  }
  // No row: an outer join to one row of nothing still names every column.
  const [empty] = await runSqlStatement(
    deps,
    auth,
    null,
    dialect,
    sql`select t.* from (select 1) o left join ${inner} t on true`,
    1,
  );
  return { columns: Object.keys(empty ?? {}).map((name) => ({ name, type: 'string' as const })), rows: [] };
}
