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

export type MenuGrants = {
  /** Whether the entry grants the catalogue button `code`; a code the catalogue does not know is never granted. */
  can(code: string): boolean;
  /** Whether the entry grants the catalogue button with this id. */
  allows(id: number): boolean;
  idOf(code: string): number | undefined;
};

/**
 * The buttons granted on the current screen's menu entry (or on `menuUrlPath`'s): the same grants the
 * server checks. The one grant lookup of the web: toolbars, row actions and dialogs all ask it.
 */
export function useMenuGrants(menuUrlPath?: string): MenuGrants {
  const location = useLocation();
  const permission = useAppStore((s) => s.permission);
  const buttons = useAppStore((s) => s.buttons);
  const granted = findMenuEntry(permission, menuUrlPath ?? location.pathname)?.permission ?? [];
  const idOf = (code: string) => buttons.find((b) => b.code === code)?.id;
  const allows = (id: number) => granted.includes(id);
  return {
    idOf,
    allows,
    can: (code) => {
      const id = idOf(code);
      return id !== undefined && allows(id);
    },
  };
}
