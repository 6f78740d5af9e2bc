import * as field from '../../../entity/define.ts';
import { at, defineEntity, find, hidden, width } from '../../../entity/define.ts';
import type { FieldMeta } from '../../../entity/metadata.ts';

type Kind = 'customer' | 'supplier';
type Label = { en: string; zh: string };

/** A party we deal with: named by its code, listed by it, deleted softly; only its labels and one field differ. */
export const defineParty = (name: string, table: string, kind: Kind, names: { label: Label; singular: Label }) =>
  defineEntity(name, table, {
    businessKey: 'code',
    ...names,
    defaultSort: { field: 'code', order: 'asc' },
    softDelete: true,
    fields: partyFields(kind),
  });

/** The fields customers and suppliers share: who they are, how to bill and pay them, whom to call. */
const partyFields = (kind: Kind): FieldMeta[] => [
  field.code('Code', '编码', {
    required: true,
    sortable: true,
    search: find(1, 1, 'like'),
    edit: at(1, 1),
    list: width(110),
  }),
  field.name('Name', '名称', 200, { sortable: true, search: find(1, 2, 'like'), edit: at(1, 2), list: width(240) }),
  field.string('shortName', 'Short name', '简称', { length: 50, edit: at(2, 1), list: width(120) }),
  kind === 'customer'
    ? field.dict('industry', 'industry', 'Industry', '行业', {
        length: 20,
        search: find(1, 3, 'eq'),
        edit: at(2, 2),
        list: width(110),
      })
    : field.dict('category', 'supplierCategory', 'Category', '类别', {
        length: 20,
        search: find(1, 3, 'eq'),
        edit: at(2, 2),
        list: width(110),
      }),
  field.string('taxNo', 'Tax number', '税号', {
    length: 30,
    pattern: '^[0-9A-Z]{15,20}$',
    edit: at(3, 1),
    list: width(180),
  }),
  field.string('bankName', 'Bank', '开户行', { length: 100, edit: at(3, 2), list: hidden }),
  field.bankAccount('bankAccount', 'Bank account', '银行账号', 40, { edit: at(4, 1), list: hidden }),
  field.string('address', 'Address', '地址', { length: 300, edit: at(4, 2), list: width(200) }),
  field.string('contactName', 'Contact', '联系人', { length: 50, edit: at(5, 1), list: width(110) }),
  field.string('contactPhone', 'Contact phone', '联系电话', {
    length: 20,
    validator: 'phone',
    edit: at(5, 2),
    list: width(130),
  }),
  field.string('email', 'Mail', '邮箱', { length: 100, validator: 'mail', edit: at(6, 1), list: hidden }),
  {
    name: 'enabled',
    type: 'boolean',
    label: { en: kind === 'supplier' ? 'Qualified' : 'Enabled', zh: kind === 'supplier' ? '合格供应商' : '启用' },
    default: true,
    search: find(2, 1, 'eq'),
    edit: at(6, 2),
    list: width(90),
  },
  field.remark(500, { edit: at(7, 1, 24), list: hidden }),
];
