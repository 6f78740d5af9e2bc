import { useQueryClient } from '@tanstack/react-query';
import type { MenuItem } from '@trestle/shared';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { http } from '../lib/http/client.ts';
import { signOutLocal, useAppStore } from '../lib/store.ts';

/** The caller's menu with its grants, asked again into the store the navigation and the guard read. */
export async function reloadNavigation(quiet = false): Promise<void> {
  useAppStore.getState().setPermission(await http.get<MenuItem[]>('/api/menu/getTreeMenu', undefined, { quiet }));
}

/** Navigate, except to the route already showing: that is silently ignored (spec §2). */
export function useGo(): (path: string) => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (path: string) => {
      if (path.toLowerCase() === pathname.toLowerCase()) return;
      void navigate(path);
    },
    [navigate, pathname],
  );
}

/** Ends the session on the server (its failure does not matter), then locally, then goes to sign in. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await http.post<null>('/api/user/logout', undefined, { quiet: true });
    } catch {
      // Signing out locally is what matters; the server session expires on its own.
    }
    // Leave the signed-in screens first: clearing under them would make their queries refetch without a token.
    await navigate('/login');
    signOutLocal();
    queryClient.clear();
  }, [navigate, queryClient]);
}
