import type { Lang, MenuItem } from '@trestle/shared';
import type { menus } from '../db/schema.ts';

type MenuRow = Pick<typeof menus.$inferSelect, 'id' | 'name' | 'nameZh' | 'url' | 'parentId' | 'icon' | 'enable'>;

/** A menu as the navigation and the tenant's package show it, in `lang`, with the buttons it grants there. */
export const menuItem = (m: MenuRow, lang: Lang, permission: MenuItem['permission']): MenuItem => ({
  id: m.id,
  name: lang === 'zh' ? m.nameZh : m.name,
  url: m.url,
  parentId: m.parentId ?? 0,
  icon: m.icon,
  enable: m.enable,
  permission,
});
