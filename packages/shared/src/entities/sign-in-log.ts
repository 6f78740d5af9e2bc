import * as field from '../entity/define.ts';
import { defineEntity, find, width } from '../entity/define.ts';

/**
 * Sign-in log (/Log/SignIn), read-only. `outcome` is success, failure or locked: a wrong password and an
 * unknown user name are both "failure", so the log tells no more than the sign-in page does.
 */
export const signInLogMeta = defineEntity('SignInLog', 'sign_in_log_view', {
  label: { en: 'Sign-in log', zh: '登录日志' },
  singular: { en: 'sign-in record', zh: '登录记录' },
  defaultSort: { field: 'at', order: 'desc' },
  fields: [
    field.bigId,
    field.loggedAt({ search: find(2, 1, 'range'), list: width(170) }),
    field.string('userName', 'User name tried', '登录账号', {
      readOnly: true,
      sortable: true,
      search: find(1, 1, 'like'),
      list: width(160),
    }),
    field.string('outcome', 'Outcome', '结果', {
      options: [
        { value: 'success', label: { en: 'Signed in', zh: '登录成功' } },
        { value: 'failure', label: { en: 'Failed', zh: '登录失败' } },
        { value: 'locked', label: { en: 'Locked out', zh: '账号锁定' } },
      ],
      readOnly: true,
      sortable: true,
      search: find(1, 2, 'eq'),
      list: width(100),
    }),
    field.string('address', 'Address', 'IP地址', { readOnly: true, search: find(1, 3, 'like'), list: width(130) }),
    field.string('userAgent', 'Agent', '浏览器', { readOnly: true, list: width(260) }),
  ],
});
