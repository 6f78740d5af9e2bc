import type { MenuItem } from '@trestle/shared';
import { Layout, Menu, type MenuProps, Space, Tag, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { useAppStore } from '../lib/store.ts';
import { getToken } from '../lib/token.ts';
import { AppBreadcrumb } from './AppBreadcrumb.tsx';
import { iconFor } from './icons.tsx';
import { LanguageSwitcher } from './LanguageSwitcher.tsx';
import { buildMenuTree, findMenuEntry, type MenuNode, menuAncestors } from './menu-tree.ts';
import { useGo } from './navigation.ts';
import { SiteBrand, SiteFooter, useShellSite } from './site-appearance.tsx';
import { UserMenu } from './UserMenu.tsx';

type MenuItems = NonNullable<MenuProps['items']>;

function toMenuItems(nodes: MenuNode[], paths: Map<string, string>): MenuItems {
  return nodes.map(({ entry, path, children }) => {
    const key = String(entry.id);
    if (path) paths.set(key, path);
    return {
      key,
      icon: iconFor(entry.icon),
      label: entry.name,
      children: children.length > 0 ? toMenuItems(children, paths) : undefined,
    };
  });
}

/** The keys of the folders holding an entry, root first. */
const foldersOf = (permission: readonly MenuItem[], entry: MenuItem | undefined): string[] =>
  entry ? menuAncestors(permission, entry).map((m) => String(m.id)) : [];

function NavMenu({ mode }: { mode: 'inline' | 'horizontal' }) {
  const permission = useAppStore((s) => s.permission);
  const { pathname } = useLocation();
  const go = useGo();
  const { items, paths } = useMemo(() => {
    const paths = new Map<string, string>();
    return { items: toMenuItems(buildMenuTree(permission), paths), paths };
  }, [permission]);
  const current = findMenuEntry(permission, pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(() => foldersOf(permission, current));
  // However the route was reached (link, typed URL, back button, a /Manager url), its folders open so
  // the highlighted entry is in view; folders the user opened stay open.
  useEffect(() => {
    const ancestors = foldersOf(permission, current);
    if (ancestors.length > 0) setOpenKeys((open) => [...new Set([...open, ...ancestors])]);
  }, [current, permission]);

  return (
    <Menu
      data-testid="menu"
      theme="dark"
      mode={mode}
      items={items}
      selectedKeys={current ? [String(current.id)] : []}
      {...(mode === 'inline' ? { openKeys, onOpenChange: setOpenKeys } : {})}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0 } : undefined}
      onClick={({ key }) => {
        const path = paths.get(key);
        if (path) go(path);
      }}
    />
  );
}

/** During first-run setup nobody is signed in: a tag says so where the user's menu would be. */
function HeaderTools() {
  const { t } = useTranslation();
  return (
    <Space size="middle">
      <LanguageSwitcher />
      {getToken() ? <UserMenu /> : <Tag color="gold">{t('site-login-settings.setup.badge')}</Tag>}
    </Space>
  );
}

/**
 * The screen's name, from its menu entry, as the page's one level-1 heading: every screen gets it here,
 * designed ones included, so screens don't repeat their name.
 */
function PageTitle() {
  const { pathname } = useLocation();
  const permission = useAppStore((s) => s.permission);
  const entry = findMenuEntry(permission, pathname);
  if (!entry) return null;
  return (
    <Typography.Title level={1} className="app-page-title" data-testid="page-title">
      {entry.name}
    </Typography.Title>
  );
}

/** The page's one main landmark (antd's Content is a <main>). */
function Content({ banner }: { banner: ReactNode }) {
  return (
    <Layout.Content className="app-content">
      {banner}
      <AppBreadcrumb />
      <div className="app-page">
        <PageTitle />
        <Outlet />
      </div>
      <SiteFooter />
    </Layout.Content>
  );
}

/**
 * The signed-in frame: left navigation by default, top navigation when the user picks it. `banner` stands
 * above the breadcrumb (the app puts the tenant switch's notice there).
 */
export function MainLayout({ banner }: { banner?: ReactNode }) {
  const layout = useAppStore((s) => s.layout);
  const brand = <SiteBrand />;
  // Loaded once here, so the lists open with SiteConfig's page size.
  useShellSite();

  if (layout === 'top') {
    return (
      <Layout data-testid="layout-top" style={{ minHeight: '100vh' }}>
        <Layout.Header style={{ display: 'flex', alignItems: 'center', gap: 16 }}>
          {brand}
          <NavMenu mode="horizontal" />
          <div style={{ background: '#fff', borderRadius: 6, padding: '4px 8px', lineHeight: 'normal' }}>
            <HeaderTools />
          </div>
        </Layout.Header>
        <Content banner={banner} />
      </Layout>
    );
  }
  return (
    <Layout data-testid="layout-left" style={{ minHeight: '100vh' }}>
      <Layout.Sider width={220}>
        {brand}
        <NavMenu mode="inline" />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{ background: '#fff', display: 'flex', justifyContent: 'flex-end', alignItems: 'center' }}
        >
          <HeaderTools />
        </Layout.Header>
        <Content banner={banner} />
      </Layout>
    </Layout>
  );
}
