import { ErrorCode, type TableDesign } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { AppError } from '../http/errors.ts';

export type DesignRow = { id: number; draft: TableDesign; applied: TableDesign | null; version: number };

export const conflict = (message: string, data: unknown = null) => new AppError(409, ErrorCode.conflict, message, data);

export async function readDesign(db: Db, designId: number, lock = false): Promise<DesignRow> {
  const rows = await queryRows<DesignRow>(
    db,
    sql`SELECT id, draft, applied, version FROM table_designs WHERE id = ${designId}${lock ? sql` FOR UPDATE` : sql``}`,
  );
  const row = rows[0];
  if (!row) throw new AppError(404, ErrorCode.notFound, 'No such table design');
  return row;
}

/** Every design's draft but this one's (null: a new design): what its master and references are checked against. */
export async function otherDesigns(db: Db, designId: number | null): Promise<TableDesign[]> {
  const rows = await queryRows<{ draft: TableDesign }>(
    db,
    sql`SELECT draft FROM table_designs WHERE id IS DISTINCT FROM ${designId}`,
  );
  return rows.map((r) => r.draft);
}
