import type { CurrentUser, ModifyPwdBody, UpdateProfileBody } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

// Form calls are quiet: the screen shows field errors itself.
export const updateProfile = (body: UpdateProfileBody) =>
  http.post<CurrentUser>('/api/user/updateProfile', body, { quiet: true });

export const modifyPassword = (body: ModifyPwdBody) => http.post<null>('/api/user/modifyPwd', body, { quiet: true });

export const removeAvatar = () => http.post<null>('/api/user/removeAvatar');

export function uploadAvatar(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.formPost<{ img: string }>('/api/user/uploadAvatar', form);
}
