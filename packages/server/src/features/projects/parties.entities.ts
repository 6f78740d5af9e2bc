import { customerMeta, type EntityMeta, supplierMeta } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';

/** A customer or supplier still named by a live document can't be deleted: disable it instead. */
function partyEntity(meta: EntityMeta, what: string, usesOf: (id: unknown) => SQL): EntityDefinition {
  return {
    meta,
    hooks: {
      beforeDel: async ({ tx }, row) => {
        const [used] = await queryRows(tx, usesOf(row.id));
        if (used) throw abort(`This ${what} is used by a project or a document: disable it instead of deleting it`);
      },
    },
  };
}

export const customerEntity = partyEntity(
  customerMeta,
  'customer',
  (id) => sql`select 1 from projects p where p.customer_id = ${id} and p.deleted_at is null limit 1`,
);

export const supplierEntity = partyEntity(
  supplierMeta,
  'supplier',
  (id) => sql`select 1 from purchase_contract c where c.supplier_id = ${id} and c.deleted_at is null limit 1`,
);
