import { employeeMeta } from '@trestle/shared';
import type { EntityDefinition, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';

/** A leave date never comes before the hire date, whichever of the two the write changes. */
function checkDates(next: Row, before: Row = {}) {
  const hire = (next.hireDate ?? before.hireDate) as string | null | undefined;
  const leave = (next.leaveDate === undefined ? before.leaveDate : next.leaveDate) as string | null | undefined;
  if (hire && leave && leave < hire) throw abort('The leave date cannot be before the hire date', 'leaveDate');
}

export const employeeEntity: EntityDefinition = {
  meta: employeeMeta,
  hooks: {
    beforeAdd: (_ctx, row) => checkDates(row),
    beforeUpdate: (_ctx, next, before) => checkDates(next, before),
  },
};
