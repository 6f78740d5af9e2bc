/**
 * The words of each warning rule's title and message, per language. A warning stores only its rule
 * code and the values its texts need (`project_warning.args`); the server renders them in the reader's
 * language. `{name}` is a value; `{name:money}` money with two decimals, `{name:num}` a number without
 * trailing zeros, `{name:budgetCategory}` / `{name:testType}` a code as its label. A text that depends
 * on a value is `{ arg, cases }`: the case named by that value's text.
 */
export type WarningTemplate = string | { arg: string; cases: Readonly<Record<string, string>> };
export type WarningText = { title: WarningTemplate; message: WarningTemplate };

export const warningTextsEn: Readonly<Record<string, WarningText>> = {
  W01: {
    title: '{project}: milestone "{milestone}" is due in {days} days',
    message: 'Milestone "{milestone}" is planned for {date} and is not reached yet.',
  },
  W02: {
    title: '{project}: milestone "{milestone}" is {days} days overdue',
    message: {
      arg: 'key',
      cases: {
        true: 'Key milestone "{milestone}" was planned for {date} and is not reached.',
        false: 'Milestone "{milestone}" was planned for {date} and is not reached.',
      },
    },
  },
  W03: {
    title: '{project}: milestone "{milestone}" slipped {days} days',
    message: 'Milestone "{milestone}" is now planned for {date}; its baseline was {baseline}.',
  },
  W04: {
    title: '{project} is {days} days past its planned end',
    message: '{name} was planned to end on {date} and has no passed final acceptance.',
  },
  W05: {
    title: '{project} is {gap:num} points behind schedule',
    message: '{elapsed:num}% of the planned time has passed but progress is {progress:num}%.',
  },
  W06: {
    title: {
      arg: 'kind',
      cases: {
        line: '{project}: budget {category:budgetCategory} is {pct:num}% used',
        item: '{project}: budget {category:budgetCategory} / {item} is {pct:num}% used',
        budget: '{project}: the budget exceeds the contract amount excl. tax',
      },
    },
    message: {
      arg: 'kind',
      cases: {
        line: 'Committed {committed:money} and actual {actual:money} against {planned:money} planned.',
        item: 'Committed {committed:money} and actual {actual:money} against {planned:money} planned.',
        budget:
          'The budget ({budget:money}) is above the contract amount excl. tax ({revenue:money}): the planned margin is negative.',
      },
    },
  },
  W07: {
    title: '{project}: forecast margin {pct:num}% is below the target {target:num}%',
    message:
      'Contract excl. tax {revenue:money}; forecast cost {cost:money} (actual, commitments and the budget not yet committed).',
  },
  W08: {
    title: '{project} buys without an approved budget',
    message:
      '{requests} approved purchase request(s) and {contracts} purchase contract(s), but no current approved budget.',
  },
  W09: {
    title: {
      arg: 'escalate',
      cases: {
        false: '{project}: invoice {invoice} is {days} days overdue',
        true: '{project}: invoice {invoice} is {days} days overdue (escalate)',
      },
    },
    message: '{amount:money} of invoice {invoice} was due on {date} and is not received.',
  },
  W10: {
    title: '{project}: term "{term}" of {contract} is due but not invoiced',
    message: 'Term {seq} "{term}" ({amount:money}) was due on {date}; {invoiced:money} is invoiced.',
  },
  W11: {
    title: '{project}: term "{term}" of {contract} is due in {days} days',
    message: 'Term {seq} "{term}" ({amount:money}) is due on {date}; {received:money} is received.',
  },
  W12: {
    title: '{project}: {item} ({contract}) is {days} days late',
    message: '{accepted:num} of {qty:num} {unit} accepted; promised for {date}.',
  },
  W13: {
    title: '{project}: {item} ({request}) is not ordered in time',
    message: 'Required on site on {date}; {ordered:num} of {qty:num} {unit} ordered.',
  },
  W14: {
    title: {
      arg: 'kind',
      cases: {
        invoices: '{project}: {contract} paid ahead of its invoices',
        backToBack: '{project}: back-to-back {contract} paid ahead of the customer',
      },
    },
    message: {
      arg: 'kind',
      cases: {
        invoices: 'Paid {paid:money} (advances aside) against {invoiced:money} invoiced by the supplier.',
        backToBack:
          '{payPct:num}% of the contract is paid but only {receivePct:num}% of the customer contract is received.',
      },
    },
  },
  W15: {
    title: '{project}: {contract} has goods not invoiced for {days} days',
    message:
      'Accepted goods worth {accepted:money}, invoiced {invoiced:money}; the oldest goods not invoiced arrived on {date}.',
  },
  W16: {
    title: '{project}: no weekly report for the week of {week}',
    message: {
      arg: 'weeks',
      cases: {
        1: 'Last week’s report has not been submitted.',
        2: 'Neither of the last two weekly reports has been submitted.',
      },
    },
  },
  W17: {
    title: {
      arg: 'flag',
      cases: {
        AT_RISK: '{project}: the weekly report of {week} says at risk',
        OFF_TRACK: '{project}: the weekly report of {week} says off track',
      },
    },
    message: {
      arg: 'asked',
      cases: { true: '{help}', false: 'See the weekly report for the issues raised.' },
    },
  },
  W18: {
    title: {
      arg: 'expired',
      cases: {
        true: '{project}: the service ended {days} days ago with no renewal',
        false: '{project}: the service ends in {days} days',
      },
    },
    message: 'The O&M service of {name} ends on {date}. Prepare a renewal project (renewal of this one) or close it.',
  },
  W19: {
    title: '{project} has run {days} days without a signed contract',
    message: '{name} started on {date}; no customer contract is signed yet.',
  },
  W20: {
    title: '{project}: acceptance test {test} failed',
    message: 'Acceptance test {test} ({type:testType}) failed on {date} and has not been passed since.',
  },
  W21: {
    title: '{project}: warranty ends in {days} days; retention "{term}" to collect',
    message: 'The warranty ends on {date}. {amount:money} of the retention term is still to receive.',
  },
};

export const warningTextsZh: Readonly<Record<string, WarningText>> = {
  W01: {
    title: '{project} 里程碑「{milestone}」还有 {days} 天到期',
    message: '里程碑「{milestone}」计划于 {date} 完成，目前尚未达成。',
  },
  W02: {
    title: '{project} 里程碑「{milestone}」已逾期 {days} 天',
    message: {
      arg: 'key',
      cases: {
        true: '关键里程碑「{milestone}」计划于 {date} 完成，至今未达成。',
        false: '里程碑「{milestone}」计划于 {date} 完成，至今未达成。',
      },
    },
  },
  W03: {
    title: '{project} 里程碑「{milestone}」较基线推迟 {days} 天',
    message: '里程碑「{milestone}」现计划于 {date} 完成，基线日期为 {baseline}。',
  },
  W04: {
    title: '{project} 已超过计划结束日期 {days} 天',
    message: '{name} 计划于 {date} 结束，尚未通过终验。',
  },
  W05: {
    title: '{project} 进度落后计划 {gap:num} 个百分点',
    message: '计划工期已过去 {elapsed:num}%，实际进度仅 {progress:num}%。',
  },
  W06: {
    title: {
      arg: 'kind',
      cases: {
        line: '{project} 预算科目「{category:budgetCategory}」已使用 {pct:num}%',
        item: '{project} 预算科目「{category:budgetCategory} / {item}」已使用 {pct:num}%',
        budget: '{project} 预算超过合同不含税金额',
      },
    },
    message: {
      arg: 'kind',
      cases: {
        line: '已占用 {committed:money}，已发生 {actual:money}，预算 {planned:money}。',
        item: '已占用 {committed:money}，已发生 {actual:money}，预算 {planned:money}。',
        budget: '预算总额 {budget:money} 高于合同不含税金额 {revenue:money}，计划毛利为负。',
      },
    },
  },
  W07: {
    title: '{project} 预测毛利率 {pct:num}%，低于目标 {target:num}%',
    message: '合同不含税金额 {revenue:money}，预测成本 {cost:money}（含已发生、已占用及尚未占用的预算）。',
  },
  W08: {
    title: '{project} 无已批准预算即采购',
    message: '已有 {requests} 个已批准的采购申请、{contracts} 个采购合同，但没有当前生效的已批准预算。',
  },
  W09: {
    title: {
      arg: 'escalate',
      cases: {
        false: '{project} 发票 {invoice} 逾期 {days} 天未回款',
        true: '{project} 发票 {invoice} 逾期 {days} 天未回款（需升级处理）',
      },
    },
    message: '发票 {invoice} 应于 {date} 回款，尚有 {amount:money} 未收。',
  },
  W10: {
    title: '{project} 合同 {contract} 的收款节点「{term}」应开未开',
    message: '第 {seq} 期「{term}」（{amount:money}）应于 {date} 开票，已开票 {invoiced:money}。',
  },
  W11: {
    title: '{project} 合同 {contract} 的收款节点「{term}」还有 {days} 天到期',
    message: '第 {seq} 期「{term}」（{amount:money}）将于 {date} 到期，已回款 {received:money}。',
  },
  W12: {
    title: '{project} {item}（{contract}）到货延迟 {days} 天',
    message: '已验收 {accepted:num}/{qty:num} {unit}，承诺到货日期 {date}。',
  },
  W13: {
    title: '{project} {item}（{request}）未及时下单',
    message: '要求 {date} 到场，已下单 {ordered:num}/{qty:num} {unit}。',
  },
  W14: {
    title: {
      arg: 'kind',
      cases: {
        invoices: '{project} 采购合同 {contract} 付款超过收票',
        backToBack: '{project} 背靠背合同 {contract} 付款进度超前于客户回款',
      },
    },
    message: {
      arg: 'kind',
      cases: {
        invoices: '已付款 {paid:money}（不含预付款），供应商已开票 {invoiced:money}。',
        backToBack: '采购合同已付款 {payPct:num}%，客户合同仅回款 {receivePct:num}%。',
      },
    },
  },
  W15: {
    title: '{project} 采购合同 {contract} 到货 {days} 天未收到发票',
    message: '已验收货值 {accepted:money}，已收票 {invoiced:money}；最早未收票的到货日期为 {date}。',
  },
  W16: {
    title: '{project} 缺少 {week} 当周的周报',
    message: {
      arg: 'weeks',
      cases: { 1: '上周周报尚未提交。', 2: '最近两周的周报均未提交。' },
    },
  },
  W17: {
    title: {
      arg: 'flag',
      cases: {
        AT_RISK: '{project} {week} 周报状态：存在风险',
        OFF_TRACK: '{project} {week} 周报状态：严重偏离',
      },
    },
    message: { arg: 'asked', cases: { true: '{help}', false: '请查看周报中提出的问题。' } },
  },
  W18: {
    title: {
      arg: 'expired',
      cases: {
        true: '{project} 运维服务已到期 {days} 天，尚未续签',
        false: '{project} 运维服务还有 {days} 天到期',
      },
    },
    message: '{name} 的运维服务期至 {date}，请发起续签项目或关闭项目。',
  },
  W19: {
    title: '{project} 已实施 {days} 天，仍未签订合同',
    message: '{name} 于 {date} 开始实施，尚未签订客户合同。',
  },
  W20: {
    title: '{project} 验收 {test} 未通过',
    message: '验收 {test}（{type:testType}）于 {date} 未通过，此后尚未通过复验。',
  },
  W21: {
    title: '{project} 质保期还有 {days} 天结束，质保金「{term}」待收',
    message: '质保期于 {date} 结束，质保金尚有 {amount:money} 未收回。',
  },
};
