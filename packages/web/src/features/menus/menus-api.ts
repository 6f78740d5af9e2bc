import { useQuery } from '@tanstack/react-query';
import type { Button, MenuInput, MenuMove, MenuRow, MenuUpdate } from '@trestle/shared';
import { useTranslation } from 'react-i18next';
import { reloadNavigation } from '../../components/navigation.ts';
import { http } from '../../lib/http/client.ts';
import { useReloadAfterChange } from '../../lib/query.ts';
import { useAppStore } from '../../lib/store.ts';

export const menuKeys = {
  all: ['sysMenu'] as const,
  list: () => [...menuKeys.all, 'list'] as const,
  catalogue: (language: string) => [...menuKeys.all, 'catalogue', language] as const,
};

export const useMenuRows = () =>
  useQuery({ queryKey: menuKeys.list(), queryFn: () => http.get<MenuRow[]>('/api/menu/getAll') });

// Saves are quiet: the form shows field errors and messages itself.
export const addMenu = (body: MenuInput) => http.post<{ id: number }>('/api/menu/add', body, { quiet: true });
export const updateMenu = (body: MenuUpdate) => http.post<{ id: number }>('/api/menu/update', body, { quiet: true });
export const moveMenu = (body: MenuMove) => http.post<null>('/api/menu/move', body);
export const deleteMenu = (id: number) => http.post<null>('/api/menu/del', { id });

/** After a change: reload the editor's rows and the signed-in navigation (the guard loads it only once). */
export const useMenusChanged = () => useReloadAfterChange(menuKeys.all, reloadNavigation);

/** The button catalogue named in the UI's language (the store's copy keeps the language of sign-in). */
export function useButtonCatalogue(): Button[] {
  const { i18n } = useTranslation();
  const fallback = useAppStore((s) => s.buttons);
  const { data } = useQuery({
    queryKey: menuKeys.catalogue(i18n.language),
    queryFn: () => http.get<Button[]>('/api/Button/Get'),
  });
  return data ?? fallback;
}
