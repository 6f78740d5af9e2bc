import * as field from '../../../entity/define.ts';
import { at, type DetailDefinition, defineDetail, find, hidden, width } from '../../../entity/define.ts';
import type { FieldMeta } from '../../../entity/metadata.ts';
import { ref, refUnder, sameProject } from '../refs.ts';

/** Field builders the purchasing documents share (docs/domain.md §2.5–§2.6, §2.13–§2.16). */

type Place = { row: number; col: number; span?: number };
type Label = { en: string; zh: string };
type Lifecycle = NonNullable<FieldMeta['lifecycle']>;

export const projectField = (edit?: Place): FieldMeta =>
  field.project({
    required: edit !== undefined,
    search: find(1, 2, 'eq'),
    ...(edit ? { edit } : {}),
    list: width(200),
  });

/** A detail row's project, copied from its document by the server (the data scope reads it). */
export const detailProjectField: FieldMeta = field.project({ list: hidden });

export const masterField = (name: string, table: string, label: Label): FieldMeta =>
  field.master(name, ref(table, 'code'), label.en, label.zh);

/**
 * A purchasing document's line: after its master comes its project, copied from the document, so that the
 * line is in the same data scope as the document.
 */
export const defineLine = (name: string, table: string, master: FieldMeta, line: DetailDefinition) =>
  defineDetail(name, table, master, {
    ...line,
    scope: { project: 'projectId' },
    fields: [detailProjectField, ...line.fields],
  });

/** The budget line a requested or contracted item is charged to, one of the document's project. */
export const budgetLineField = (col: number, px: number): FieldMeta =>
  field.reference('budgetLineId', refUnder('project_budget_line', 'label', sameProject), 'Budget line', '预算科目', {
    required: true,
    edit: at(1, col),
    list: width(px),
  });

export const money = (name: string, label: Label, extra: field.FieldExtra = {}): FieldMeta =>
  field.amount(name, label.en, label.zh, { list: width(120), ...extra });

/** A cached amount the hooks keep: shown, summed, never written by the form. */
export const cachedMoney = (name: string, label: Label, extra: field.FieldExtra = {}): FieldMeta =>
  money(name, label, { readOnly: true, summary: 'sum', ...extra });

export const quantity = (name: string, label: Label, extra: field.FieldExtra = {}): FieldMeta =>
  field.decimal(name, label.en, label.zh, { precision: 18, scale: 4, list: width(90), ...extra });

export const percent = (name: string, label: Label, extra: field.FieldExtra = {}): FieldMeta =>
  field.percent(name, label.en, label.zh, { list: width(90), ...extra });

export const employeeField = (name: string, label: Label, edit: Place): FieldMeta =>
  field.reference(name, ref('employees'), label.en, label.zh, { required: true, edit, list: width(110) });

export const statusField = (dictionary: string, lifecycle: Lifecycle, edit: Place): FieldMeta =>
  field.state(dictionary, lifecycle, { search: find(1, 3, 'in'), edit, list: width(110) });

/** The item columns purchase request and purchase contract lines share. */
export const itemFields = (startCol: number): FieldMeta[] => [
  field.string('itemName', 'Item', '物品名称', {
    required: true,
    length: 200,
    edit: at(1, startCol),
    list: width(180),
  }),
  field.string('specModel', 'Specification', '规格型号', { length: 200, edit: at(1, startCol + 1), list: width(150) }),
  field.string('brand', 'Brand', '品牌', { length: 100, edit: at(1, startCol + 2), list: width(100) }),
  field.string('unit', 'Unit', '单位', { required: true, length: 20, edit: at(1, startCol + 3), list: width(70) }),
];

/** The label a picker shows for a line, kept by the server ("XM2026-0003 · Equipment · Core switch"). */
export const lineLabelField: FieldMeta = field.string('label', 'Line', '明细', {
  readOnly: true,
  length: 300,
  list: hidden,
});

/** Where a budget check recorded a WARN (docs/domain.md B2): the document shows what it was warned about. */
export const budgetWarningField: FieldMeta = field.string('budgetWarning', 'Budget warning', '预算预警', {
  readOnly: true,
  length: 1000,
  list: width(220),
});
