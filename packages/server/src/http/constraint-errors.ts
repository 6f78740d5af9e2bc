import { ErrorCode, type ErrorCodeValue, type FieldErrors } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';

/**
 * Unique, foreign-key, check and not-null violations that reach the database become the client's
 * answer, naming the fields where the constraint tells them, so no route can leak one as a 500.
 */

type DatabaseError = {
  code: string;
  message?: string;
  detail?: string;
  constraint?: string;
  table?: string;
  column?: string;
};

/** The columns of each unique index, foreign key and check, by name (what an error's `constraint` says). */
export type ConstraintColumns = (constraint: string) => string[] | undefined;

const CONSTRAINT_CODES = new Set(['23505', '23503', '23514', '23502']);

/** The PostgreSQL error behind `err` (drizzle wraps it as `cause`), if there is one. */
function databaseError(err: unknown): DatabaseError | null {
  for (let e = err, i = 0; e && typeof e === 'object' && i < 4; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return e as DatabaseError;
  }
  return null;
}

/**
 * A constraint error raised by the write of one row of a nested body: the answer names that row's
 * fields (`mainData.code`, `detailData.Line.2.value`), and only those `keep` allows (a detail line's
 * unique key holds its master's key too).
 */
export class InRow extends Error {
  constructor(
    override readonly cause: unknown,
    readonly prefix: string,
    readonly keep: (field: string) => boolean,
  ) {
    super('constraint violated by a row of the body');
  }
}

/** `err` as raised by the row at `prefix`, when it is a constraint violation; any other error as it is. */
export function inRow(err: unknown, prefix: string, keep: (field: string) => boolean = () => true): unknown {
  const e = databaseError(err);
  return e && CONSTRAINT_CODES.has(e.code) ? new InRow(err, prefix, keep) : err;
}

const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The columns named in an error's detail ("Key (tenant_id, code)=(1, E1) …"). PostgreSQL leaves the
 * key out on tables under row-level security, so the catalog (ConstraintColumns) comes first.
 */
function detailColumns(detail: string | undefined): string[] {
  const list = /^Key \((.*)\)=\(/.exec(detail ?? '')?.[1];
  return list ? columnsOfKey(list) : [];
}

/** Column names of an index key list; an expression such as coalesce(item_name, '') gives its column. */
function columnsOfKey(list: string): string[] {
  return list
    .split(/,\s*(?![^()]*\))/)
    .map((part) => /^"?([a-z_][a-z0-9_]*)"?$/.exec(part.trim())?.[1] ?? /\(\s*"?([a-z_][a-z0-9_]*)/i.exec(part)?.[1])
    .filter((c): c is string => !!c);
}

export type ConstraintAnswer = { status: number; code: ErrorCodeValue; message: string; data: unknown };

/** The answer for a constraint violation behind `err`, or null when `err` is something else. */
export function constraintAnswer(err: unknown, columnsOf: ConstraintColumns): ConstraintAnswer | null {
  const row = err instanceof InRow ? err : null;
  const e = databaseError(row ? row.cause : err);
  if (!e || !CONSTRAINT_CODES.has(e.code)) return null;
  const prefix = row?.prefix ?? '';
  const catalogued = e.constraint ? columnsOf(e.constraint) : undefined;
  const columns = catalogued ? columnsOfKey(catalogued.join(', ')) : detailColumns(e.detail);
  const all = columns.filter((c) => c !== 'tenant_id').map(camel);
  const kept = all.filter(row?.keep ?? (() => true));
  const fields = kept.length ? kept : all;
  const answer = (status: number, code: ErrorCodeValue, message: string, whole: string, names = fields) => {
    const fieldErrors: FieldErrors = Object.fromEntries(names.map((f) => [prefix + f, message]));
    return {
      status,
      code,
      message: names.length ? `${names.map((f) => prefix + f).join(', ')}: ${message}` : whole,
      data: { fieldErrors },
    };
  };
  switch (e.code) {
    case '23505':
      return answer(409, ErrorCode.conflict, 'already exists', 'This record already exists');
    case '23503':
      // The other side of a foreign key: deleting a row that others still point at.
      if (/still referenced/.test(e.detail ?? '') || /^update or delete on/.test(e.message ?? ''))
        return answer(409, ErrorCode.conflict, '', 'This record is still used by other records', []);
      return answer(
        400,
        ErrorCode.badRequest,
        'refers to a record that does not exist',
        'A referenced record does not exist',
      );
    case '23514': {
      const rule = `the rule ${e.constraint ?? ''}`.trim();
      return fields.length === 1
        ? answer(400, ErrorCode.badRequest, 'is not an allowed value', `The values break ${rule}`)
        : answer(400, ErrorCode.badRequest, `breaks ${rule}`, `The values break ${rule}`);
    }
    default:
      // 23502, a required value missing: PostgreSQL names the column.
      return answer(
        400,
        ErrorCode.badRequest,
        'required',
        'A required value is missing',
        e.column ? [camel(e.column)] : fields,
      );
  }
}

/**
 * The catalog's columns of every unique index (expressions give their column), foreign key and check
 * in the public schema, read at start-up (migrations run first) and again when a table design is applied
 * or rolled back (`reload`): a designed table's indexes come and go while the server runs.
 */
export async function loadConstraintColumns(db: Db): Promise<ConstraintColumns & { reload(): Promise<void> }> {
  let byName = await readConstraintColumns(db);
  const columnsOf = (name: string) => byName.get(name);
  return Object.assign(columnsOf, {
    reload: async () => {
      byName = await readConstraintColumns(db);
    },
  });
}

async function readConstraintColumns(db: Db): Promise<Map<string, string[]>> {
  const rows = await queryRows<{ name: string; columns: string[] }>(
    db,
    sql`select c.relname as name, array_agg(pg_get_indexdef(i.indexrelid, k, true) order by k) as columns
        from pg_index i
        join pg_class c on c.oid = i.indexrelid
        cross join generate_series(1, i.indnkeyatts) k
        where i.indisunique and c.relnamespace = 'public'::regnamespace
        group by c.relname
        union all
        select con.conname, array_agg(a.attname::text order by k.n)
        from pg_constraint con
        cross join unnest(con.conkey) with ordinality k(attnum, n)
        join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum
        where con.contype in ('f', 'c') and con.connamespace = 'public'::regnamespace
        group by con.conname`,
  );
  return new Map(rows.map((r) => [r.name, r.columns]));
}
