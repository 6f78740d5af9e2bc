import * as field from '../entity/define.ts';
import { defineEntity, find, width } from '../entity/define.ts';

/** Request log (/Log/Request): one row per API request, read-only (Search and Export only). */
export const requestLogMeta = defineEntity('RequestLog', 'request_log_view', {
  label: { en: 'Request log', zh: '请求日志' },
  singular: { en: 'request log entry', zh: '请求日志' },
  defaultSort: { field: 'at', order: 'desc' },
  fields: [
    field.bigId,
    field.loggedAt({ search: find(2, 3, 'range'), list: width(170) }),
    field.string('userName', 'User', '用户', {
      readOnly: true,
      sortable: true,
      search: find(1, 1, 'like'),
      list: width(120),
    }),
    field.string('method', 'Method', '方法', {
      readOnly: true,
      sortable: true,
      search: find(1, 2, 'eq'),
      list: width(80),
    }),
    field.string('path', 'Path', '路径', {
      readOnly: true,
      sortable: true,
      search: find(1, 3, 'like'),
      list: width(260),
    }),
    field.integer('status', 'Status', '状态码', {
      intSize: 'int2',
      readOnly: true,
      sortable: true,
      search: find(2, 1, 'eq'),
      list: width(80),
    }),
    field.integer('durationMs', 'Duration (ms)', '耗时(毫秒)', { readOnly: true, sortable: true, list: width(110) }),
    field.string('address', 'Address', 'IP地址', { readOnly: true, search: find(2, 2, 'like'), list: width(130) }),
    field.string('userAgent', 'Agent', '浏览器', { readOnly: true, list: width(240) }),
  ],
});
