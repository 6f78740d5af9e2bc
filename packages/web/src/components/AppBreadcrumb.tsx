import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useAppStore } from '../lib/store.ts';
import { entryPath, findMenuEntry, menuAncestors } from './menu-tree.ts';

const HOME = '/home';

/** "My position / Home / <ancestors> / <screen>" (spec §1). */
export function AppBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const permission = useAppStore((s) => s.permission);
  const onHome = pathname.toLowerCase() === HOME;
  const entry = findMenuEntry(permission, pathname);
  const trail = entry && entryPath(entry)?.toLowerCase() !== HOME ? [...menuAncestors(permission, entry), entry] : [];

  return (
    <Breadcrumb
      data-testid="breadcrumb"
      items={[
        { key: 'position', title: t('breadcrumb.myPosition') },
        { key: 'home', title: onHome ? t('breadcrumb.home') : <Link to={HOME}>{t('breadcrumb.home')}</Link> },
        ...trail.map((m) => ({ key: String(m.id), title: m.name })),
      ]}
    />
  );
}
