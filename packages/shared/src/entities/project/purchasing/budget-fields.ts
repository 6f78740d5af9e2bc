/** Budget categories (docs/domain.md §2.5) in the order a budget lists them: [value, en, zh]. */
export const BUDGET_CATEGORIES: readonly [value: string, en: string, zh: string][] = [
  ['EQUIPMENT', 'Equipment', '设备材料'],
  ['SOFTWARE', 'Software', '软件'],
  ['SUBCONTRACT', 'Subcontracting', '外包分包'],
  ['LABOR', 'Labour', '人工'],
  ['TRAVEL', 'Travel', '差旅'],
  ['LOGISTICS', 'Logistics', '运输'],
  ['TAX_OTHER', 'Taxes and other', '税费及其他'],
  ['CONTINGENCY', 'Contingency', '不可预见'],
];
