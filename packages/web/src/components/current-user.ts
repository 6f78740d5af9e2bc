import { useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@trestle/shared';
import { http } from '../lib/http/client.ts';
import { useAppStore } from '../lib/store.ts';
import { getToken } from '../lib/token.ts';

/** Query keys of the signed-in user's own record, shared by the home and personal-center screens. */
export const currentUserKeys = {
  all: ['currentUser'] as const,
  detail: () => [...currentUserKeys.all, 'detail'] as const,
};

export function useCurrentUser() {
  // Signing out clears the token before the screen unmounts; without one there is nothing to fetch.
  // The store's user is read only so that signing in or out re-renders this hook.
  useAppStore((s) => s.userInfo);
  const signedIn = getToken() !== '';
  return useQuery({
    queryKey: currentUserKeys.detail(),
    queryFn: () => http.get<CurrentUser>('/api/user/getCurrentUserInfo'),
    enabled: signedIn,
  });
}
