import { type EntityMeta, omProjectMeta, projectMeta, projectTeamMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { EntityDefinition, HookContext, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { checkTransition, lifecycleOf } from '../../engine/lifecycle.ts';

/** What an approved project may still change; its plan and money change through amendments. */
const EDITABLE_WHEN_APPROVED = [
  'status',
  'stage',
  'progressPct',
  'actualStart',
  'actualEnd',
  'managerId',
  'salesOwnerId',
  'priority',
  'siteAddress',
  'description',
  'targetMarginPct',
];

const value = <T>(next: Row, before: Row, name: string) => (next[name] === undefined ? before[name] : next[name]) as T;

/** P1: the manager (and every team member) must be an active employee of the tenant. */
async function checkActiveEmployees(tx: Db, ids: unknown[], what: string, field: string) {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return;
  const active = await queryRows<{ id: number }>(
    tx,
    sql`select id from employees where id in (${sql.join(
      wanted.map((id) => sql`${id}`),
      sql`, `,
    )}) and status = 'active' and deleted_at is null`,
  );
  if (active.length !== wanted.length) throw abort(`The ${what} must be an active employee`, field);
}

function checkDates(next: Row, before: Row, kind: 'DELIVERY' | 'OM') {
  const start = value<string | null>(next, before, 'plannedStart');
  const end = value<string | null>(next, before, 'plannedEnd');
  if (start && end && end < start) throw abort('The planned end cannot be before the planned start', 'plannedEnd');
  const actualStart = value<string | null>(next, before, 'actualStart');
  const actualEnd = value<string | null>(next, before, 'actualEnd');
  if (actualStart && actualEnd && actualEnd < actualStart)
    throw abort('The actual end cannot be before the actual start', 'actualEnd');
  if (kind === 'OM') {
    const from = value<string | null>(next, before, 'serviceStart');
    const to = value<string | null>(next, before, 'serviceEnd');
    if (from && to && to <= from) throw abort('The service end must be after the service start', 'serviceEnd');
  }
}

/**
 * The "projects I am a member of" scope reads project_members (user ids): kept here from the manager,
 * the team and the creator, so whoever adds a project keeps seeing it.
 */
async function syncMembers({ tx, auth }: HookContext, projectId: number) {
  await tx.execute(sql`delete from project_members where project_id = ${projectId}`);
  await tx.execute(
    sql`insert into project_members (tenant_id, project_id, user_id)
        select ${auth.tenantId}::integer, ${projectId}::integer, e.user_id from employees e
        where e.user_id is not null and e.deleted_at is null and (
          e.id = (select manager_id from projects where id = ${projectId})
          or e.id in (select employee_id from project_team where project_id = ${projectId} and leave_date is null))
        union select ${auth.tenantId}::integer, ${projectId}::integer, created_by from projects where id = ${projectId} and created_by is not null
        on conflict do nothing`,
  );
}

function projectDefinition(meta: EntityMeta, kind: 'DELIVERY' | 'OM'): EntityDefinition {
  // The moves a user may make by editing (docs/domain.md §2.1, §2.2); the form offers the same.
  const lifecycle = lifecycleOf(meta);
  const approvedStatus = kind === 'DELIVERY' ? 'IN_PROGRESS' : 'ACTIVE';
  return {
    meta,
    // Each screen reads and writes its own kind only.
    filter: () => sql`t.type = ${kind}`,
    editableWhenApproved: EDITABLE_WHEN_APPROVED,
    hooks: {
      beforeAdd: async ({ tx }, row) => {
        row.type = kind;
        if (row.status !== undefined && row.status !== 'DRAFT')
          throw abort('A new project starts as a draft; it moves on when it is approved', 'status');
        row.status = 'DRAFT';
        checkDates(row, {}, kind);
        await checkActiveEmployees(tx, [row.managerId], 'project manager', 'managerId');
      },
      afterAdd: (ctx, row) => syncMembers(ctx, Number(row.id)),
      beforeUpdate: async ({ tx }, next, before) => {
        next.type = kind;
        checkTransition(lifecycle, before.status, next.status);
        checkDates(next, before, kind);
        if (next.managerId !== undefined && next.managerId !== before.managerId)
          await checkActiveEmployees(tx, [next.managerId], 'project manager', 'managerId');
      },
      afterUpdate: (ctx, _next, before) => syncMembers(ctx, Number(before.id)),
      beforeDel: (_ctx, row) => {
        if (row.status !== 'DRAFT') throw abort('Only a draft project can be deleted; cancel or close it instead');
      },
      // Approval starts the work: the project leaves DRAFT.
      afterAudit: async ({ tx }, row, status) => {
        if (status !== 1 || row.status !== 'DRAFT') return;
        await tx.execute(sql`update projects set status = ${approvedStatus} where id = ${row.id}`);
      },
    },
  };
}

export const projectEntity = projectDefinition(projectMeta, 'DELIVERY');
export const omProjectEntity = projectDefinition(omProjectMeta, 'OM');

export const projectTeamEntity: EntityDefinition = {
  meta: projectTeamMeta,
  detailOnly: true,
  hooks: {
    beforeAdd: ({ tx }, row) => checkActiveEmployees(tx, [row.employeeId], 'team member', 'employeeId'),
    beforeUpdate: async ({ tx }, next, before) => {
      if (next.employeeId !== undefined && next.employeeId !== before.employeeId)
        await checkActiveEmployees(tx, [next.employeeId], 'team member', 'employeeId');
    },
  },
};
