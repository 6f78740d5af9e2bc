import * as field from '../../entity/define.ts';
import { at, defineEntity, find, width } from '../../entity/define.ts';

/** The items of a dictionary; also the flat /DictionaryList screen. */
export const dictionaryListMeta = defineEntity('DictionaryList', 'dictionary_items', {
  label: { en: 'Dictionary items', zh: '字典明细' },
  singular: { en: 'dictionary item', zh: '字典项' },
  defaultSort: { field: 'sort', order: 'asc' },
  fields: [
    field.reference('dictionaryId', { table: 'dictionaries', labelColumn: 'code' }, 'Dictionary', '字典', {
      required: true,
      sortable: true,
      search: find(1, 1, 'eq'),
      list: width(160),
    }),
    field.string('value', 'Value', '数据值', {
      required: true,
      length: 100,
      sortable: true,
      search: find(1, 2, 'like'),
      edit: at(1, 1),
      list: width(140),
    }),
    field.string('label', 'Label', '显示文本', {
      required: true,
      length: 100,
      sortable: true,
      search: find(1, 3, 'like'),
      edit: at(1, 2),
      list: width(160),
    }),
    field.string('labelZh', 'Label (Chinese)', '中文文本', { length: 100, edit: at(2, 1), list: width(160) }),
    field.integer('sort', 'Sort', '排序', { sortable: true, edit: at(2, 2), list: width(80) }),
    field.boolean('enabled', 'Enabled', '启用', { required: true, default: true, edit: at(3, 1), list: width(90) }),
  ],
});
