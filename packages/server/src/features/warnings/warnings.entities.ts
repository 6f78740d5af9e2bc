import { localizeWarning, projectWarningMeta } from '@trestle/shared';
import type { EntityDefinition } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';

const byActions = () => {
  throw abort('Warnings are raised and resolved by their rules; acknowledge, snooze or ignore them instead');
};

/**
 * /ProjectWarning over the engine: list, filter and export, within the caller's data scope. Rows are
 * written by the evaluator and the warning actions only, so the generic writes refuse.
 */
export const projectWarningEntity: EntityDefinition = {
  meta: projectWarningMeta,
  hooks: { beforeAdd: byActions, beforeUpdate: byActions, beforeDel: byActions, beforeImport: byActions },
  present: localizeWarning,
};
