import { find } from '../entity/define.ts';
import { defineLog, logColumn, sortedLogColumn, userColumn } from './log-fields.ts';

/** Data-change log (/Log/DataChange): the engine's field-level before and after of every write, read-only. */
export const dataChangeLogMeta = defineLog('DataChangeLog', 'data_change_log_view', {
  label: { en: 'Data-change log', zh: '数据变更日志' },
  singular: { en: 'data change', zh: '数据变更' },
  atSearch: find(2, 3, 'range'),
  columns: [
    sortedLogColumn('string', 'entity', 'Entity', '实体', find(1, 1, 'eq'), 130),
    sortedLogColumn('integer', 'entityKey', 'Key', '主键', find(1, 2, 'eq'), 80),
    sortedLogColumn('string', 'action', 'Action', '操作', find(1, 3, 'eq'), 80, {
      options: [
        { value: 'add', label: { en: 'Added', zh: '新增' } },
        { value: 'update', label: { en: 'Changed', zh: '修改' } },
        { value: 'del', label: { en: 'Deleted', zh: '删除' } },
        { value: 'audit', label: { en: 'Approval', zh: '审批' } },
      ],
    }),
    logColumn('string', 'field', 'Field', '字段', 120, { search: find(2, 1, 'eq') }),
    logColumn('text', 'before', 'Before', '修改前', 200),
    logColumn('text', 'after', 'After', '修改后', 200),
    userColumn(find(2, 2, 'like')),
  ],
});
