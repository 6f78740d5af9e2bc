import { type EntityMeta, type FieldErrors, fileKeysOf, NOT_AN_UPLOAD } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { badRequest } from '../http/errors.ts';
import type { Row } from './definition.ts';

export const holdsFiles = (type: string) => type === 'file' || type === 'image';

/**
 * Image and file fields may only point at files uploaded to the caller's tenant (an image field at an
 * image): the browser fetches them with the token, so an address or another tenant's key must never get
 * in. A key of another tenant gets the same answer as a key nobody uploaded. With `before` (an update),
 * a value the row already holds is not checked again: a file deleted from the registry since then
 * doesn't make the rest of the record unsavable.
 */
export async function checkFileKeys(
  tx: Db,
  tenantId: number,
  meta: Pick<EntityMeta, 'fields'>,
  row: Row,
  prefix = '',
  before?: Row,
) {
  const wanted = meta.fields
    .filter((f) => holdsFiles(f.type) && typeof row[f.name] === 'string' && row[f.name] !== before?.[f.name])
    .map((f) => ({ f, keys: fileKeysOf(row[f.name]) }))
    .filter(({ keys }) => keys.length > 0);
  if (wanted.length === 0) return;
  const keys = [...new Set(wanted.flatMap((w) => w.keys))];
  const found = await queryRows<{ key: string; type: string }>(
    tx,
    sql`select f.key::text as key, f.type from files f where f.tenant_id = ${tenantId} and f.key in (${sql.join(
      keys.map((k) => sql`${k}::uuid`),
      sql`, `,
    )})`,
  );
  const typeOf = new Map(found.map((r) => [r.key, r.type]));
  const fieldErrors: FieldErrors = {};
  for (const { f, keys: own } of wanted) {
    const bad = own.some((k) => {
      const type = typeOf.get(k);
      return type === undefined || (f.type === 'image' && !type.startsWith('image/'));
    });
    if (bad) fieldErrors[prefix + f.name] = NOT_AN_UPLOAD;
  }
  const first = Object.keys(fieldErrors)[0];
  if (first) throw badRequest(`${first}: ${NOT_AN_UPLOAD}`, fieldErrors);
}
