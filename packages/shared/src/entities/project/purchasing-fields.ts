import type { FieldMeta } from '../../entity/metadata.ts';
import { ref } from './refs.ts';

/** Field builders the purchasing documents share (docs/domain.md §2.5–§2.6, §2.13–§2.16). */

type Place = { row: number; col: number; span?: number };
type Label = { en: string; zh: string };

export const idField: FieldMeta = {
  name: 'id',
  type: 'integer',
  label: { en: 'ID', zh: 'ID' },
  readOnly: true,
  list: { hidden: true },
};

/** A document number: typed by the user or, left empty, numbered by the server from `numbered` (CG2026-00001). */
export const codeField = (label: Label, numbered: string, edit: Place = { row: 1, col: 1 }): FieldMeta => ({
  name: 'code',
  type: 'string',
  label,
  length: 32,
  unique: true,
  pattern: '^[A-Za-z0-9-]+$',
  autoNumber: { pattern: numbered },
  sortable: true,
  search: { row: 1, col: 1, op: 'like' },
  edit,
  list: { width: 130 },
});

export const projectField = (edit?: Place): FieldMeta => ({
  name: 'projectId',
  type: 'reference',
  reference: ref('projects'),
  label: { en: 'Project', zh: '项目' },
  required: edit !== undefined,
  search: { row: 1, col: 2, op: 'eq' },
  ...(edit ? { edit } : {}),
  list: { width: 200 },
});

/** A detail row's project, copied from its document by the server (the data scope reads it). */
export const detailProjectField: FieldMeta = {
  name: 'projectId',
  type: 'reference',
  reference: ref('projects'),
  label: { en: 'Project', zh: '项目' },
  list: { hidden: true },
};

export const masterField = (name: string, table: string, label: Label): FieldMeta => ({
  name,
  type: 'reference',
  reference: ref(table, 'code'),
  label,
  required: true,
  list: { hidden: true },
});

export const money = (name: string, label: Label, extra: Partial<FieldMeta> = {}): FieldMeta => ({
  name,
  type: 'decimal',
  precision: 18,
  scale: 2,
  label,
  list: { width: 120 },
  ...extra,
});

/** A cached amount the hooks keep: shown, summed, never written by the form. */
export const cachedMoney = (name: string, label: Label, extra: Partial<FieldMeta> = {}): FieldMeta =>
  money(name, label, { readOnly: true, summary: 'sum', ...extra });

export const quantity = (name: string, label: Label, extra: Partial<FieldMeta> = {}): FieldMeta => ({
  name,
  type: 'decimal',
  precision: 18,
  scale: 4,
  label,
  list: { width: 90 },
  ...extra,
});

export const percent = (name: string, label: Label, extra: Partial<FieldMeta> = {}): FieldMeta => ({
  name,
  type: 'decimal',
  precision: 5,
  scale: 2,
  min: 0,
  max: 100,
  label,
  list: { width: 90 },
  ...extra,
});

export const employeeField = (name: string, label: Label, edit: Place): FieldMeta => ({
  name,
  type: 'reference',
  reference: ref('employees'),
  label,
  required: true,
  edit,
  list: { width: 110 },
});

export const statusField = (dictionary: string, extra: Partial<FieldMeta> = {}): FieldMeta => ({
  name: 'status',
  type: 'dict',
  length: 20,
  dictionary,
  label: { en: 'Status', zh: '状态' },
  search: { row: 1, col: 3, op: 'in' },
  list: { width: 110 },
  ...extra,
});

export const remarkField = (row: number): FieldMeta => ({
  name: 'remark',
  type: 'text',
  label: { en: 'Remark', zh: '备注' },
  length: 2000,
  edit: { row, col: 1, span: 24 },
  list: { hidden: true },
});

/** The item columns purchase request and purchase contract lines share. */
export const itemFields = (startCol: number): FieldMeta[] => [
  {
    name: 'itemName',
    type: 'string',
    label: { en: 'Item', zh: '物品名称' },
    required: true,
    length: 200,
    edit: { row: 1, col: startCol },
    list: { width: 180 },
  },
  {
    name: 'specModel',
    type: 'string',
    label: { en: 'Specification', zh: '规格型号' },
    length: 200,
    edit: { row: 1, col: startCol + 1 },
    list: { width: 150 },
  },
  {
    name: 'brand',
    type: 'string',
    label: { en: 'Brand', zh: '品牌' },
    length: 100,
    edit: { row: 1, col: startCol + 2 },
    list: { width: 100 },
  },
  {
    name: 'unit',
    type: 'string',
    label: { en: 'Unit', zh: '单位' },
    required: true,
    length: 20,
    edit: { row: 1, col: startCol + 3 },
    list: { width: 70 },
  },
];

/** The label a picker shows for a line, kept by the server ("XM2026-0003 · Equipment · Core switch"). */
export const lineLabelField: FieldMeta = {
  name: 'label',
  type: 'string',
  label: { en: 'Line', zh: '明细' },
  readOnly: true,
  length: 300,
  list: { hidden: true },
};

/** Where a budget check recorded a WARN (docs/domain.md B2): the document shows what it was warned about. */
export const budgetWarningField: FieldMeta = {
  name: 'budgetWarning',
  type: 'string',
  label: { en: 'Budget warning', zh: '预算预警' },
  readOnly: true,
  length: 1000,
  list: { width: 220 },
};
