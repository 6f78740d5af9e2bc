import { find } from '../entity/define.ts';
import { clientColumns, defineLog, sortedLogColumn } from './log-fields.ts';

/**
 * Sign-in log (/Log/SignIn), read-only. `outcome` is success, failure or locked: a wrong password and an
 * unknown user name are both "failure", so the log tells no more than the sign-in page does.
 */
export const signInLogMeta = defineLog('SignInLog', 'sign_in_log_view', {
  label: { en: 'Sign-in log', zh: '登录日志' },
  singular: { en: 'sign-in record', zh: '登录记录' },
  atSearch: find(2, 1, 'range'),
  columns: [
    sortedLogColumn('string', 'userName', 'User name tried', '登录账号', find(1, 1, 'like'), 160),
    sortedLogColumn('string', 'outcome', 'Outcome', '结果', find(1, 2, 'eq'), 100, {
      options: [
        { value: 'success', label: { en: 'Signed in', zh: '登录成功' } },
        { value: 'failure', label: { en: 'Failed', zh: '登录失败' } },
        { value: 'locked', label: { en: 'Locked out', zh: '账号锁定' } },
      ],
    }),
    ...clientColumns(find(1, 3, 'like'), 260),
  ],
});
