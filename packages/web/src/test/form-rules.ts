import type { FormRule } from '@trestle/shared';

/** A rule that shows `target` and requires it while the switch `when` is on (hazards present: their details). */
export const showAndRequireWhenOn = (when: string, target: string): FormRule => ({
  id: 'r1',
  match: 'all',
  when: [{ subject: 'field', field: when, op: 'eq', value: true }],
  actions: [
    { action: 'show', target },
    { action: 'require', target },
  ],
});
