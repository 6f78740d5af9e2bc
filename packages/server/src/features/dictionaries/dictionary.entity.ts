import { dictionaryListMeta, dictionaryMeta } from '@trestle/shared';
import type { EntityDefinition, HookContext, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import type { DictionaryService } from './dictionary.service.ts';
import { runSqlDictionary } from './dictionary.source.ts';

/**
 * Dictionary and its items. A SQL source is tried (read-only, one row) before it is saved, so a broken
 * or non-SELECT statement is refused with its reason; every write drops the tenant's cached dictionaries.
 */
export function dictionaryEntities(service: DictionaryService): EntityDefinition[] {
  const invalidate = (ctx: HookContext) => service.invalidate(ctx.auth.tenantId);
  const trySql = async (ctx: HookContext, row: Row) => {
    const text = typeof row.sqlText === 'string' ? row.sqlText.trim() : '';
    if (!text) return;
    try {
      await runSqlDictionary(ctx.tx, text, ctx.auth, undefined, 1);
    } catch (err) {
      throw abort(err instanceof Error ? err.message : 'The SQL failed');
    }
  };
  return [
    {
      meta: dictionaryMeta,
      hooks: {
        beforeAdd: trySql,
        beforeUpdate: (ctx, next) => trySql(ctx, next),
        afterAdd: invalidate,
        afterUpdate: invalidate,
        afterDel: invalidate,
      },
    },
    { meta: dictionaryListMeta, hooks: { afterAdd: invalidate, afterUpdate: invalidate, afterDel: invalidate } },
  ];
}
