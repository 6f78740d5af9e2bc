import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useMatches } from 'react-router-dom';
import { useAppStore } from '../lib/store.ts';
import { entryPath, findMenuEntry, menuAncestors } from './menu-tree.ts';

const HOME = '/home';

/** A route's `handle`: a page that is no menu entry names the screen it is opened from (a form's fill page: Forms). */
export type RouteHandle = { openedFrom?: string };

/**
 * "My position / Home / <ancestors> / <screen>" (spec §1). A page opened from a screen (not a menu entry of its
 * own) shows that screen's trail, the screen a link back to it.
 */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const matches = useMatches();
  const permission = useAppStore((s) => s.permission);
  const onHome = pathname.toLowerCase() === HOME;
  const own = findMenuEntry(permission, pathname);
  const from = matches.map((m) => (m.handle as RouteHandle | undefined)?.openedFrom).find(Boolean);
  const entry = own ?? (from ? findMenuEntry(permission, from) : undefined);
  const trail = entry && entryPath(entry)?.toLowerCase() !== HOME ? [...menuAncestors(permission, entry), entry] : [];
  const linked = (m: (typeof trail)[number]) => {
    const path = entryPath(m);
    return !own && m === entry && path ? <Link to={path}>{m.name}</Link> : m.name;
  };

  return (
    <Breadcrumb
      data-testid="breadcrumb"
      items={[
        { key: 'position', title: t('breadcrumb.myPosition') },
        { key: 'home', title: onHome ? t('breadcrumb.home') : <Link to={HOME}>{t('breadcrumb.home')}</Link> },
        ...trail.map((m) => ({ key: String(m.id), title: linked(m) })),
      ]}
    />
  );
}
