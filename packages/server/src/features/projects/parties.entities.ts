import { customerMeta, supplierMeta } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';

/** A customer or supplier still named by a live document can't be deleted: disable it instead. */
async function refuseWhileUsed(tx: Db, what: string, uses: SQL) {
  const [used] = await queryRows(tx, uses);
  if (used) throw abort(`This ${what} is used by a project or a document: disable it instead of deleting it`);
}

export const customerEntity: EntityDefinition = {
  meta: customerMeta,
  hooks: {
    beforeDel: ({ tx }, row) =>
      refuseWhileUsed(
        tx,
        'customer',
        sql`select 1 from projects p where p.customer_id = ${row.id} and p.deleted_at is null limit 1`,
      ),
  },
};

export const supplierEntity: EntityDefinition = {
  meta: supplierMeta,
  hooks: {
    beforeDel: ({ tx }, row) =>
      refuseWhileUsed(
        tx,
        'supplier',
        sql`select 1 from purchase_contract c where c.supplier_id = ${row.id} and c.deleted_at is null limit 1`,
      ),
  },
};
