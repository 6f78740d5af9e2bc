import * as field from '../../../entity/define.ts';
import { at, find, hidden, width } from '../../../entity/define.ts';
import { documentDate } from '../document.ts';
import { ref } from '../refs.ts';
import { defineProject, omLifecycle } from './project-fields.ts';

/** YWProjectInformation (/YWProjectInformation): operations-and-maintenance projects, the same table. */
export const omProjectMeta = defineProject('YWProjectInformation', {
  label: { en: 'O&M projects', zh: '运维项目' },
  singular: { en: 'O&M project', zh: '运维项目' },
  codePattern: 'YW{yyyy}-{seq:4}',
  statusDictionary: 'omStatus',
  lifecycle: omLifecycle,
  fields: [
    field.reference('sourceProjectId', ref('projects'), 'Maintained project', '来源交付项目', {
      edit: at(8, 1),
      list: hidden,
    }),
    field.reference('renewalOfId', ref('projects'), 'Renewal of', '续签自', { edit: at(8, 2), list: hidden }),
    documentDate('serviceStart', 'Service start', '服务开始', { edit: at(9, 1) }),
    documentDate('serviceEnd', 'Service end', '服务结束', { search: find(4, 1, 'range'), edit: at(9, 2) }),
    field.text('serviceScope', 'Service scope', '服务范围', {
      required: true,
      length: 2000,
      edit: at(10, 1, 24),
      list: hidden,
    }),
    field.decimal('slaResponseHours', 'SLA response (h)', '响应时限(小时)', {
      precision: 6,
      scale: 1,
      min: 0,
      edit: at(11, 1),
      list: hidden,
    }),
    field.decimal('slaResolveHours', 'SLA resolution (h)', '解决时限(小时)', {
      precision: 6,
      scale: 1,
      min: 0,
      edit: at(11, 2),
      list: hidden,
    }),
    field.dict('inspectionFrequency', 'inspectionFrequency', 'Inspections', '巡检频率', {
      length: 20,
      edit: at(12, 1),
      list: hidden,
    }),
    field.integer('plannedInspections', 'Planned inspections', '计划巡检次数', {
      min: 0,
      max: 1000,
      edit: at(12, 2),
      list: hidden,
    }),
    field.integer('onsiteStaffCount', 'On-site staff', '驻场人数', {
      min: 0,
      max: 1000,
      edit: at(13, 1),
      list: hidden,
    }),
    field.amount('annualFee', 'Annual fee', '年服务费', { min: 0, summary: 'sum', edit: at(13, 2), list: width(130) }),
    field.dict('billingCycle', 'billingCycle', 'Billing cycle', '结算周期', {
      length: 20,
      required: true,
      default: 'QUARTERLY',
      edit: at(14, 1),
      list: width(100),
    }),
    field.boolean('autoRenew', 'Renews automatically', '自动续约', { default: false, edit: at(14, 2), list: hidden }),
  ],
});
