import * as field from '../../../entity/define.ts';
import { at, find, hidden, width } from '../../../entity/define.ts';
import { defineProject, deliveryLifecycle } from './project-fields.ts';

/** ProjectInformation (/ProjectInformation): delivery and implementation projects, the hub of the area. */
export const projectMeta = defineProject('ProjectInformation', {
  label: { en: 'Projects', zh: '项目信息' },
  singular: { en: 'project', zh: '项目' },
  codePattern: 'XM{yyyy}-{seq:4}',
  statusDictionary: 'projectStatus',
  lifecycle: deliveryLifecycle,
  fields: [
    field.dict('stage', 'projectStage', 'Stage', '阶段', {
      length: 30,
      default: 'INITIATION',
      search: find(3, 3, 'in'),
      edit: at(8, 1),
      list: width(120),
    }),
    field.dict('progressMethod', 'progressMethod', 'Progress method', '进度计算', {
      length: 20,
      default: 'MANUAL',
      edit: at(8, 2),
      list: hidden,
    }),
    field.dict('priority', 'projectPriority', 'Priority', '优先级', {
      length: 10,
      default: 'NORMAL',
      edit: at(9, 1),
      list: width(80),
    }),
    field.integer('warrantyMonths', 'Warranty (months)', '质保期(月)', {
      min: 0,
      max: 120,
      edit: at(9, 2),
      list: hidden,
    }),
    field.date('warrantyStart', 'Warranty start', '质保开始', { readOnly: true, list: hidden }),
    field.date('warrantyEnd', 'Warranty end', '质保结束', { readOnly: true, list: width(110) }),
  ],
});
