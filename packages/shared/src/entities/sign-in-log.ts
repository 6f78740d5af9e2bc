import { type EntityMeta, entitySchema } from '../entity/metadata.ts';

/**
 * Sign-in log (/Log/SignIn), read-only. `outcome` is success, failure or locked: a wrong password and an
 * unknown user name are both "failure", so the log tells no more than the sign-in page does.
 */
export const signInLogMeta: EntityMeta = entitySchema.parse({
  name: 'SignInLog',
  table: 'sign_in_log_view',
  key: 'id',
  label: { en: 'Sign-in log', zh: '登录日志' },
  singular: { en: 'sign-in record', zh: '登录记录' },
  defaultSort: { field: 'at', order: 'desc' },
  fields: [
    {
      name: 'id',
      type: 'integer',
      intSize: 'int8',
      label: { en: 'ID', zh: 'ID' },
      readOnly: true,
      list: { hidden: true },
    },
    {
      name: 'at',
      type: 'datetime',
      label: { en: 'Time', zh: '时间' },
      readOnly: true,
      sortable: true,
      search: { row: 2, col: 1, op: 'range' },
      list: { width: 170 },
    },
    {
      name: 'userName',
      type: 'string',
      label: { en: 'User name tried', zh: '登录账号' },
      readOnly: true,
      sortable: true,
      search: { row: 1, col: 1, op: 'like' },
      list: { width: 160 },
    },
    {
      name: 'outcome',
      type: 'string',
      label: { en: 'Outcome', zh: '结果' },
      options: [
        { value: 'success', label: { en: 'Signed in', zh: '登录成功' } },
        { value: 'failure', label: { en: 'Failed', zh: '登录失败' } },
        { value: 'locked', label: { en: 'Locked out', zh: '账号锁定' } },
      ],
      readOnly: true,
      sortable: true,
      search: { row: 1, col: 2, op: 'eq' },
      list: { width: 100 },
    },
    {
      name: 'address',
      type: 'string',
      label: { en: 'Address', zh: 'IP地址' },
      readOnly: true,
      search: { row: 1, col: 3, op: 'like' },
      list: { width: 130 },
    },
    {
      name: 'userAgent',
      type: 'string',
      label: { en: 'Agent', zh: '浏览器' },
      readOnly: true,
      list: { width: 260 },
    },
  ],
});
