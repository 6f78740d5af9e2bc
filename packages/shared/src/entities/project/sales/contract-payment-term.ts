import * as field from '../../../entity/define.ts';
import { at, defineDetail, width } from '../../../entity/define.ts';
import { ref } from '../refs.ts';
import { money } from './sales-fields.ts';

/** ContractPaymentTerm: a contract's collection schedule (回款计划), edited with the contract. */
const contract = field.master('contractId', ref('sales_contracts'), 'Contract', '合同');

export const contractPaymentTermMeta = defineDetail('ContractPaymentTerm', 'contract_payment_terms', contract, {
  label: { en: 'Payment terms', zh: '收款节点' },
  singular: { en: 'payment term', zh: '收款节点' },
  defaultSort: { field: 'seq', order: 'asc' },
  fields: [
    field.seq('期次', { edit: at(1, 1), list: width(70) }),
    field.name('Term', '节点名称', 100, { edit: at(1, 2), list: width(140) }),
    field.dict('termType', 'salesTermType', 'Type', '节点类型', {
      length: 20,
      required: true,
      edit: at(1, 3),
      list: width(140),
    }),
    field.percent('percent', 'Percent', '比例%', { required: true, summary: 'sum', edit: at(1, 4), list: width(90) }),
    // The contract amount by the term's percent; the last term takes the rounding remainder (C1).
    money('amount', 'Amount', '金额', {
      computed: 'allocate(master.amountInclTax, percent)',
      edit: at(1, 5),
      list: width(120),
    }),
    field.integer('dueDays', 'Due after (days)', '账期(天)', { min: 0, max: 3650, edit: at(1, 6), list: width(90) }),
    field.date('plannedDate', 'Planned date', '计划日期', { edit: at(1, 7), list: width(120) }),
    field.integer('remindDays', 'Remind (days before)', '提前提醒(天)', {
      min: 0,
      max: 365,
      default: 7,
      edit: at(1, 8),
      list: width(90),
    }),
    money('invoicedAmount', 'Invoiced', '已开票', { readOnly: true, list: width(120) }),
    money('receivedAmount', 'Received', '已回款', { readOnly: true, list: width(120) }),
  ],
});
