import { dataChangeLogMeta, requestLogMeta, signInLogMeta } from '@trestle/shared';
import type { EntityDefinition } from '../../engine/definition.ts';

/**
 * The three logs as read-only engine entities: their menus offer only Search and Export, so the engine's
 * write routes answer 403 to everyone (super admins hold only the buttons a menu offers).
 */
export const logEntities: EntityDefinition[] = [
  { meta: requestLogMeta },
  { meta: signInLogMeta },
  { meta: dataChangeLogMeta },
];
