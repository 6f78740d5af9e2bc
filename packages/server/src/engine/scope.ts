import { columnOf } from '@trestle/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AuthContext } from '../http/auth.ts';
import type { EntityDefinition } from './definition.ts';

/**
 * The one condition every engine path applies (list, detail, export, import, update, delete, audit,
 * pickers): the caller's tenant, not soft-deleted, within the data scope, and the entity's own filter.
 */
export function scopeWhere(def: EntityDefinition, auth: AuthContext): SQL {
  const parts = [sql`t.tenant_id = ${auth.tenantId}`];
  if (def.meta.softDelete) parts.push(sql`t.deleted_at is null`);
  if (auth.dataScope === 'own') {
    const owner = def.meta.scope.owner ? def.meta.fields.find((f) => f.name === def.meta.scope.owner) : undefined;
    parts.push(sql`t.${sql.identifier(owner ? columnOf(owner) : 'created_by')} = ${auth.userId}`);
  }
  if (def.filter) parts.push(def.filter(auth));
  return sql.join(parts, sql` and `);
}
