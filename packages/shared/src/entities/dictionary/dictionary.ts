import * as field from '../../entity/define.ts';
import { at, defineEntity, find, width } from '../../entity/define.ts';

/** Dictionary (/Dictionary): a code with its items (static) or an admin-written SELECT (SQL-sourced). */
export const dictionaryMeta = defineEntity('Dictionary', 'dictionaries', {
  businessKey: 'code',
  label: { en: 'Dictionaries', zh: '数据字典' },
  singular: { en: 'dictionary', zh: '数据字典' },
  defaultSort: { field: 'code', order: 'asc' },
  details: [{ entity: 'DictionaryList', foreignKey: 'dictionaryId' }],
  fields: [
    field.string('code', 'Code', '字典编号', {
      required: true,
      length: 50,
      unique: true,
      pattern: '^[A-Za-z][A-Za-z0-9_]*$',
      sortable: true,
      search: find(1, 1, 'like'),
      edit: at(1, 1),
      list: width(160),
    }),
    field.name('Name', '字典名称', 100, {
      sortable: true,
      search: find(1, 2, 'like'),
      edit: at(1, 2),
      list: width(180),
    }),
    field.text('sqlText', 'SQL source', 'SQL数据源', { length: 4000, edit: at(2, 1, 24), list: width(260) }),
    field.boolean('enabled', 'Enabled', '启用', {
      required: true,
      default: true,
      search: find(1, 3, 'eq'),
      edit: at(3, 1),
      list: width(90),
    }),
    field.integer('sort', 'Sort', '排序', { sortable: true, edit: at(3, 2), list: width(80) }),
    field.remark(500, { edit: at(4, 1, 24), list: width(200) }),
  ],
});
