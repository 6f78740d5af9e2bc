import * as field from '../../../entity/define.ts';
import { at, find, width } from '../../../entity/define.ts';
import type { FieldMeta } from '../../../entity/metadata.ts';

/** The schedule part of the project area (docs/domain.md §2.3, §2.10, §2.17): milestones, acceptance, weekly reports. */

export const project = (searchCol: number): FieldMeta =>
  field.project({
    required: true,
    search: find(1, searchCol, 'eq'),
    edit: at(1, 1),
    list: width(220),
  });
