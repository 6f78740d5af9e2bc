import type { FormDesignInput } from '../form/design.ts';

/**
 * A standalone form as an admin would lay it out: two sections, a sub-table of attendees, a rule that shows
 * and requires the hazard details while hazards are present, and a computed total. Shared by the tests of
 * both sides, so the browser and the server are tried on the same form.
 */
export const siteVisitDesign: FormDesignInput = {
  title: { en: 'Site visit request', zh: '现场勘察申请' },
  fields: [
    { name: 'siteName', type: 'string', label: { en: 'Site name', zh: '现场名称' }, required: true, length: 100 },
    { name: 'visitDate', type: 'date', label: { en: 'Visit date', zh: '勘察日期' }, required: true },
    { name: 'contactPhone', type: 'string', label: { en: 'Contact phone', zh: '联系电话' }, validator: 'phone' },
    { name: 'visitors', type: 'integer', label: { en: 'Visitors', zh: '人数' }, min: 1, max: 50 },
    { name: 'hazardsPresent', type: 'boolean', label: { en: 'Hazards present', zh: '存在危险' } },
    { name: 'hazardDetails', type: 'text', label: { en: 'Hazard details', zh: '危险说明' } },
    { name: 'travelCost', type: 'decimal', label: { en: 'Travel cost', zh: '差旅费' }, precision: 12, scale: 2 },
    { name: 'equipmentCost', type: 'decimal', label: { en: 'Equipment cost', zh: '设备费' }, precision: 12, scale: 2 },
    {
      name: 'totalCost',
      type: 'decimal',
      label: { en: 'Total cost', zh: '总费用' },
      precision: 14,
      scale: 2,
      computed: 'coalesce(travelCost, 0) + coalesce(equipmentCost, 0) + sum(Attendees.fee)',
    },
    {
      name: 'priority',
      type: 'dict',
      label: { en: 'Priority', zh: '优先级' },
      options: [
        { value: 'low', label: { en: 'Low', zh: '低' } },
        { value: 'high', label: { en: 'High', zh: '高' } },
      ],
    },
    { name: 'arrivalTime', type: 'time', label: { en: 'Arrival time', zh: '到达时间' } },
    { name: 'notes', type: 'richText', label: { en: 'Notes', zh: '备注' } },
  ],
  tables: [
    {
      name: 'Attendees',
      label: { en: 'Attendees', zh: '参加人员' },
      fields: [
        { name: 'person', type: 'string', label: { en: 'Person', zh: '姓名' }, required: true },
        { name: 'fee', type: 'decimal', label: { en: 'Fee', zh: '费用' }, precision: 10, scale: 2 },
      ],
    },
  ],
  items: [
    {
      kind: 'section',
      id: 's1',
      title: { en: 'Visit', zh: '勘察' },
      items: [
        { kind: 'field', id: 'f1', name: 'siteName' },
        { kind: 'field', id: 'f2', name: 'visitDate' },
        { kind: 'field', id: 'f3', name: 'contactPhone' },
        { kind: 'field', id: 'f4', name: 'visitors' },
        { kind: 'field', id: 'f5', name: 'priority' },
        { kind: 'field', id: 'f6', name: 'arrivalTime' },
      ],
    },
    {
      kind: 'section',
      id: 's2',
      title: { en: 'Safety and cost', zh: '安全与费用' },
      items: [
        { kind: 'field', id: 'f7', name: 'hazardsPresent' },
        { kind: 'field', id: 'f8', name: 'hazardDetails', span: 24 },
        { kind: 'field', id: 'f9', name: 'travelCost', span: 8 },
        { kind: 'field', id: 'f10', name: 'equipmentCost', span: 8 },
        { kind: 'field', id: 'f11', name: 'totalCost', span: 8 },
        { kind: 'table', id: 't1', name: 'Attendees', span: 24 },
        { kind: 'field', id: 'f12', name: 'notes', span: 24 },
      ],
    },
  ],
  rules: [
    {
      id: 'r1',
      name: 'Hazards need details',
      match: 'all',
      when: [{ subject: 'field', field: 'hazardsPresent', op: 'eq', value: true }],
      actions: [
        { action: 'show', target: 'hazardDetails' },
        { action: 'require', target: 'hazardDetails' },
      ],
    },
  ],
};
