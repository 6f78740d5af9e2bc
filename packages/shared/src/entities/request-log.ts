import { find } from '../entity/define.ts';
import { clientColumns, defineLog, logColumn, sortedLogColumn, userColumn } from './log-fields.ts';

/** Request log (/Log/Request): one row per API request, read-only (Search and Export only). */
export const requestLogMeta = defineLog('RequestLog', 'request_log_view', {
  label: { en: 'Request log', zh: '请求日志' },
  singular: { en: 'request log entry', zh: '请求日志' },
  atSearch: find(2, 3, 'range'),
  columns: [
    userColumn(find(1, 1, 'like')),
    sortedLogColumn('string', 'method', 'Method', '方法', find(1, 2, 'eq'), 80),
    sortedLogColumn('string', 'path', 'Path', '路径', find(1, 3, 'like'), 260),
    sortedLogColumn('integer', 'status', 'Status', '状态码', find(2, 1, 'eq'), 80, { intSize: 'int2' }),
    logColumn('integer', 'durationMs', 'Duration (ms)', '耗时(毫秒)', 110, { sortable: true }),
    ...clientColumns(find(2, 2, 'like'), 240),
  ],
});
