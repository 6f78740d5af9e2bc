import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { evaluateWarnings } from '../features/warnings/evaluator.ts';
import { RULES } from '../features/warnings/rules.ts';
import type { AreaSeed, DemoContext } from './seed-project.ts';

/**
 * The rules for the tenant (all enabled, default thresholds), then one evaluation over everything the
 * earlier areas built, so the demo opens with warnings and derived health. Runs once: the rules exist after.
 */
async function demo(tx: Db, ctx: DemoContext) {
  const [existing] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from warning_rule`);
  if ((existing?.n ?? 0) > 0) return;
  await evaluateWarnings(tx, { tenantId: ctx.tenantId, now: ctx.today });
}

export const warningsArea: AreaSeed = {
  menus: [
    {
      code: 'ProjectWarning',
      name: 'Project warnings',
      nameZh: '项目预警',
      url: '/ProjectWarning',
      icon: 'AlertOutlined',
      parent: 'Project',
      buttons: ['Search', 'Update', 'Export'],
    },
    {
      code: 'ProjectSummary',
      name: 'Project summary',
      nameZh: '项目汇总',
      url: '/ProjectSummary',
      icon: 'FundOutlined',
      parent: 'Project',
      buttons: ['Search'],
    },
    {
      code: 'MineInformation',
      name: 'My work',
      nameZh: '我的工作',
      url: '/MineInformation',
      icon: 'IdcardOutlined',
      parent: 'Project',
      buttons: ['Search'],
    },
  ],
  dictionaries: [
    {
      code: 'warningSeverity',
      name: 'Warning severities',
      items: [
        ['INFO', 'Info', '提示'],
        ['WARNING', 'Warning', '警告'],
        ['CRITICAL', 'Critical', '严重'],
      ],
    },
    {
      code: 'warningStatus',
      name: 'Warning statuses',
      items: [
        ['OPEN', 'Open', '待处理'],
        ['ACKNOWLEDGED', 'Acknowledged', '已确认'],
        ['RESOLVED', 'Resolved', '已解除'],
        ['IGNORED', 'Ignored', '已忽略'],
      ],
    },
    {
      code: 'warningCategory',
      name: 'Warning categories',
      items: [
        ['SCHEDULE', 'Schedule', '进度'],
        ['COST', 'Cost', '成本'],
        ['RECEIVABLE', 'Receivables', '回款'],
        ['PROCUREMENT', 'Procurement', '采购'],
        ['REPORTING', 'Reporting', '周报'],
        ['CONTRACT', 'Contract', '合同'],
        ['OM', 'O&M', '运维'],
        ['QUALITY', 'Quality', '质量'],
      ],
    },
    {
      code: 'warningTarget',
      name: 'Warning targets',
      items: [
        ['PROJECT', 'Project', '项目'],
        ['MILESTONE', 'Milestone', '里程碑'],
        ['ACCEPTANCE_TEST', 'Acceptance test', '验收'],
        ['BUDGET', 'Budget', '预算'],
        ['BUDGET_LINE', 'Budget line', '预算科目'],
        ['INVOICE', 'Invoice', '发票'],
        ['PAYMENT_TERM', 'Payment term', '回款节点'],
        ['PURCHASE_LINE', 'Purchase line', '采购明细'],
        ['REQUEST_LINE', 'Request line', '申请明细'],
        ['PURCHASE_CONTRACT', 'Purchase contract', '采购合同'],
      ],
    },
    {
      code: 'warningRule',
      name: 'Warning rules',
      items: RULES.map((r) => [r.code, `${r.code} ${r.name.en}`, `${r.code} ${r.name.zh}`]),
    },
  ],
  pmGrants: {
    ProjectWarning: ['Search', 'Export'],
    ProjectSummary: ['Search'],
    MineInformation: ['Search'],
  },
  demo,
};
