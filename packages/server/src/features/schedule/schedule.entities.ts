import type { EntityDefinition } from '../../engine/definition.ts';
import { acceptanceCheckItemEntity, acceptanceTestEntity } from './acceptance.entities.ts';
import { milestoneEntity } from './milestone.entities.ts';
import { weeklyReportEntity, weeklyReportIssueEntity } from './weekly-report.entities.ts';

/** The schedule part of the project area, as the engine registers it (masters and their detail entities). */
export const scheduleEntities: EntityDefinition[] = [
  milestoneEntity,
  acceptanceTestEntity,
  acceptanceCheckItemEntity,
  weeklyReportEntity,
  weeklyReportIssueEntity,
];
