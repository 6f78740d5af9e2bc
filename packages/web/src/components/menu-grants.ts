import type { MenuItem } from '@trestle/shared';
import { useLocation } from 'react-router-dom';
import { useAppStore } from '../lib/store.ts';
import { findMenuEntry } from './menu-tree.ts';

/**
 * The menu entry of the screen showing (or of `menuUrlPath`): its name, in the reader's language as
 * the server sends the menu, is the screen's title.
 */
export function useCurrentMenuEntry(menuUrlPath?: string): MenuItem | undefined {
  const { pathname } = useLocation();
  return useAppStore((s) => findMenuEntry(s.permission, menuUrlPath ?? pathname));
}

/**
 * The button codes granted on the current screen's menu entry (the same grants the server checks),
 * for screens whose actions sit in table rows rather than in the ActionToolbar.
 */
export function useMenuGrants(menuUrlPath?: string): {
  can(code: string): boolean;
  idOf(code: string): number | undefined;
} {
  const location = useLocation();
  const permission = useAppStore((s) => s.permission);
  const buttons = useAppStore((s) => s.buttons);
  const granted = findMenuEntry(permission, menuUrlPath ?? location.pathname)?.permission ?? [];
  const idOf = (code: string) => buttons.find((b) => b.code === code)?.id;
  return {
    idOf,
    can: (code) => {
      const id = idOf(code);
      return id !== undefined && granted.includes(id);
    },
  };
}
