import * as field from '../entity/define.ts';
import { defineEntity, find, width } from '../entity/define.ts';

/** Data-change log (/Log/DataChange): the engine's field-level before and after of every write, read-only. */
export const dataChangeLogMeta = defineEntity('DataChangeLog', 'data_change_log_view', {
  label: { en: 'Data-change log', zh: '数据变更日志' },
  singular: { en: 'data change', zh: '数据变更' },
  defaultSort: { field: 'at', order: 'desc' },
  fields: [
    field.bigId,
    field.loggedAt({ search: find(2, 3, 'range'), list: width(170) }),
    field.string('entity', 'Entity', '实体', {
      readOnly: true,
      sortable: true,
      search: find(1, 1, 'eq'),
      list: width(130),
    }),
    field.integer('entityKey', 'Key', '主键', {
      readOnly: true,
      sortable: true,
      search: find(1, 2, 'eq'),
      list: width(80),
    }),
    field.string('action', 'Action', '操作', {
      options: [
        { value: 'add', label: { en: 'Added', zh: '新增' } },
        { value: 'update', label: { en: 'Changed', zh: '修改' } },
        { value: 'del', label: { en: 'Deleted', zh: '删除' } },
        { value: 'audit', label: { en: 'Approval', zh: '审批' } },
      ],
      readOnly: true,
      sortable: true,
      search: find(1, 3, 'eq'),
      list: width(80),
    }),
    field.string('field', 'Field', '字段', { readOnly: true, search: find(2, 1, 'eq'), list: width(120) }),
    field.text('before', 'Before', '修改前', { readOnly: true, list: width(200) }),
    field.text('after', 'After', '修改后', { readOnly: true, list: width(200) }),
    field.string('userName', 'User', '用户', {
      readOnly: true,
      sortable: true,
      search: find(2, 2, 'like'),
      list: width(120),
    }),
  ],
});
