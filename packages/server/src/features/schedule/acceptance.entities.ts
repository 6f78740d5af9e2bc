import { acceptanceCheckItemMeta, acceptanceTestMeta } from '@trestle/shared';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import type { EntityDefinition, HookContext, Row } from '../../engine/definition.ts';
import { abort } from '../../engine/errors.ts';
import { checkTransition, lifecycleOf } from '../../engine/lifecycle.ts';
import { passTest } from './acceptance.pass.ts';
import { changedFields, keepProject, lockProject, priorStatuses, savedValue, today } from './schedule.common.ts';

/** The status moves a user may make by editing (the form offers the same, from the metadata). */
const LIFECYCLE = lifecycleOf(acceptanceTestMeta);

const STATUS_OF_RESULT: Record<string, string> = { PASS: 'PASSED', CONDITIONAL_PASS: 'CONDITIONAL', FAIL: 'FAILED' };
const CLOSED = ['PASSED', 'CONDITIONAL', 'FAILED', 'CANCELLED'];
const PASSING = ['PASSED', 'CONDITIONAL'];

const prior = priorStatuses();

/** T2: a final acceptance waits for the preliminary one, when the project has one. */
async function checkPreliminaryPassed({ tx }: HookContext, projectId: number, self: number | null) {
  const [pre] = await queryRows<{ any: boolean; passed: boolean }>(
    tx,
    sql`select count(*) > 0 as any, bool_or(status in ('PASSED', 'CONDITIONAL')) as passed from acceptance_test
        where project_id = ${projectId} and test_type = 'PRELIMINARY' and status <> 'CANCELLED' and deleted_at is null
        ${self === null ? sql`` : sql`and id <> ${self}`}`,
  );
  if (pre?.any && !pre.passed)
    throw abort('The final acceptance cannot pass before the preliminary acceptance has passed');
}

async function checkMilestoneOfProject({ tx }: HookContext, milestoneId: unknown, projectId: number) {
  if (typeof milestoneId !== 'number') return;
  const [found] = await queryRows(
    tx,
    sql`select 1 from project_milestone where id = ${milestoneId} and project_id = ${projectId} and deleted_at is null`,
  );
  if (!found) throw abort('The milestone must be one of the same project');
}

/** The result recorded on a closed test: the status it gives, and what a result needs (T1, T2, signer). */
async function checkResult(ctx: HookContext, next: Row, before: Row, self: number | null) {
  const status = savedValue<string>(next, before, 'status');
  const result = savedValue<string | null>(next, before, 'result');
  if (status === 'CANCELLED' && result) throw abort('A cancelled test has no result');
  if (!['PASSED', 'CONDITIONAL', 'FAILED'].includes(status)) return;
  if (!result || STATUS_OF_RESULT[result] !== status)
    throw abort(
      `The status ${status} needs the result ${Object.keys(STATUS_OF_RESULT).find((r) => STATUS_OF_RESULT[r] === status)}`,
    );
  const actualStart = savedValue<string | null>(next, before, 'actualStart');
  const actualEnd = savedValue<string | null>(next, before, 'actualEnd');
  if (!actualEnd) throw abort('Record the date the test ended (actual end) with its result');
  if (actualEnd > (await today(ctx.tx))) throw abort('The test cannot end in the future');
  if (actualStart && actualStart > actualEnd) throw abort('The test cannot end before it started');
  if (result === 'CONDITIONAL_PASS' && !String(savedValue(next, before, 'conditions') ?? '').trim())
    throw abort('A conditional pass needs the conditions to rectify');
  const type = savedValue<string>(next, before, 'testType');
  if (PASSING.includes(status) && (type === 'PRELIMINARY' || type === 'FINAL')) {
    if (!String(savedValue(next, before, 'customerSigner') ?? '').trim())
      throw abort('A passed preliminary or final acceptance needs the customer signer');
    if (type === 'FINAL') await checkPreliminaryPassed(ctx, Number(savedValue(next, before, 'projectId')), self);
  }
}

/** T1 (after the check items are saved): a pass needs every required item passed. Also the pass rate. */
async function afterSave(ctx: HookContext, row: Row, before: Row) {
  const key = Number(row.id ?? before.id);
  const [items] = await queryRows<{ failing: number }>(
    ctx.tx,
    sql`select count(*) filter (where is_required and result is distinct from 'PASS')::int as failing
        from acceptance_check_item where test_id = ${key}`,
  );
  const status = savedValue<string>(row, before, 'status');
  if (status === 'PASSED' && before.status !== 'PASSED' && (items?.failing ?? 0) > 0)
    throw abort(`A pass needs every required check item passed: ${items?.failing} not passed`);
  await ctx.tx.execute(
    sql`update acceptance_test set pass_rate = (select round(100.0 * count(*) filter (where result = 'PASS')
          / nullif(count(*) filter (where result is distinct from 'NA'), 0), 2) from acceptance_check_item where test_id = ${key})
        where id = ${key}`,
  );
  if (PASSING.includes(status) && !PASSING.includes(String(before.status))) await passTest(ctx, key);
}

export const acceptanceTestEntity: EntityDefinition = {
  meta: acceptanceTestMeta,
  hooks: {
    beforeAdd: async (ctx, row) => {
      row.status ??= 'PLANNED';
      if (row.status !== 'PLANNED' && row.status !== 'IN_PROGRESS')
        throw abort('A new test is planned or in progress; record its result once it has been carried out');
      if (row.result) throw abort('A new test has no result yet; record it once the test has been carried out');
      await lockProject(ctx.tx, row.projectId);
      await checkMilestoneOfProject(ctx, row.milestoneId, Number(row.projectId));
    },
    afterAdd: (ctx, row) => afterSave(ctx, row, {}),
    beforeUpdate: async (ctx, next, before) => {
      const key = Number(before.id);
      prior.remember(ctx.tx, key, before.status);
      if (CLOSED.includes(String(before.status))) {
        if (changedFields(acceptanceTestMeta, next, before).length)
          throw abort(`A ${String(before.status).toLowerCase()} test is kept as it is; plan a new test to re-run it`);
        return;
      }
      keepProject(next, before, 'test');
      const result = savedValue<string | null>(next, before, 'result');
      const status = savedValue<string>(next, before, 'status');
      // Recording the result closes the test: the status follows from it.
      if (result && (status === 'PLANNED' || status === 'IN_PROGRESS')) next.status = STATUS_OF_RESULT[result];
      checkTransition(LIFECYCLE, before.status, next.status);
      await lockProject(ctx.tx, before.projectId);
      if (next.milestoneId !== undefined && next.milestoneId !== before.milestoneId)
        await checkMilestoneOfProject(ctx, next.milestoneId, Number(before.projectId));
      await checkResult(ctx, next, before, key);
    },
    afterUpdate: (ctx, next, before) => afterSave(ctx, next, before),
    beforeDel: (_ctx, row) => {
      if (PASSING.includes(String(row.status)))
        throw abort('A passed test is the record of an acceptance and cannot be deleted');
    },
  },
};

/** The check items of a closed test are kept as they were when it closed. */
async function checkItemsOpen({ tx }: HookContext, testId: unknown) {
  const status = prior.of(tx, Number(testId));
  if (status !== undefined && CLOSED.includes(status))
    throw abort('The check items of a closed test are kept as they are; plan a new test to re-run it');
}

export const acceptanceCheckItemEntity: EntityDefinition = {
  meta: acceptanceCheckItemMeta,
  detailOnly: true,
  hooks: {
    beforeAdd: (ctx, row) => checkItemsOpen(ctx, row.testId),
    beforeUpdate: async (ctx, next, before) => {
      if (changedFields(acceptanceCheckItemMeta, next, before).length) await checkItemsOpen(ctx, before.testId);
    },
    beforeDel: (ctx, row) => checkItemsOpen(ctx, row.testId),
  },
};
