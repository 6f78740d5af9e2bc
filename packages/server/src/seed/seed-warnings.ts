import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.ts';
import { evaluateWarnings } from '../features/warnings/evaluator.ts';
import { RULES } from '../features/warnings/rules.ts';
import { dictionariesFrom } from './seed-dictionaries.ts';
import type { AreaSeed, DemoContext } from './seed-project.ts';
import dictionaryFile from './seed-warnings.dictionaries.json' with { type: 'json' };

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
  dictionaries: dictionariesFrom(dictionaryFile, {
    warningRule: RULES.map((r) => [r.code, `${r.code} ${r.name.en}`, `${r.code} ${r.name.zh}`]),
  }),
  pmGrants: {
    ProjectWarning: ['Search', 'Export'],
    ProjectSummary: ['Search'],
    MineInformation: ['Search'],
  },
  demo,
};
