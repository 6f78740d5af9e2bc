import type { EntityMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import type { EntityDefinition } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { checkBudgetLine } from './budget.service.ts';
import { keepStored, one } from './common.ts';

/**
 * A line of a purchase request or contract: it belongs to its document's project (never what the caller
 * sends), and the budget line it draws on must be one of that project's.
 */
export function budgetedLineEntity(
  meta: EntityMeta,
  document: { table: string; foreignKey: string; what: string },
): EntityDefinition {
  const table = sql.identifier(document.table);
  return {
    meta,
    detailOnly: true,
    hooks: {
      beforeAdd: async ({ tx }, row) => {
        const parent = await one<{ projectId: number }>(
          tx,
          sql`select project_id as "projectId" from ${table} where id = ${Number(row[document.foreignKey])}`,
        );
        if (!parent) throw abort(`The ${document.what} does not exist`);
        row.projectId = parent.projectId;
        await checkBudgetLine(tx, row.budgetLineId, row.projectId);
      },
      beforeUpdate: async ({ tx }, next, before) => {
        keepStored(next, 'projectId');
        if (next.budgetLineId !== undefined && next.budgetLineId !== before.budgetLineId)
          await checkBudgetLine(tx, next.budgetLineId, before.projectId);
      },
    },
  };
}
