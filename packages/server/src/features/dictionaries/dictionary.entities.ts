import { dictionaryListMeta, dictionaryMeta } from '@trestle/shared';
import type { EntityDefinition, HookContext, Row } from '../../engine/definition.ts';
import type { AuthContext } from '../../http/auth.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import type { DictionaryService } from './dictionary.service.ts';

/**
 * Dictionary and its items. A SQL source is tried (as the tenant's SQL role, one row) before it is
 * saved, by add, update and import alike, so a broken, non-SELECT or forbidden statement is refused
 * with its reason; every write drops the tenant's cached dictionaries.
 */
export function dictionaryEntities(service: DictionaryService): EntityDefinition[] {
  const invalidate = (ctx: HookContext) => service.invalidate(ctx.auth.tenantId);
  const trySql = async (ctx: { auth: AuthContext }, row: Row) => {
    const text = typeof row.sqlText === 'string' ? row.sqlText.trim() : '';
    if (!text) return;
    try {
      await service.trySql(ctx.auth, text);
    } catch (err) {
      // On the field, where the form shows it until the SQL is changed (a toast would be gone in 1.5 s).
      if (!(err instanceof AppError)) throw err;
      throw badRequest(err.message, { 'mainData.sqlText': err.message.replace(/^The dictionary's SQL failed: /, '') });
    }
  };
  return [
    {
      meta: dictionaryMeta,
      hooks: {
        precheck: trySql,
        afterAdd: invalidate,
        afterUpdate: invalidate,
        afterDel: invalidate,
      },
    },
    { meta: dictionaryListMeta, hooks: { afterAdd: invalidate, afterUpdate: invalidate, afterDel: invalidate } },
  ];
}
