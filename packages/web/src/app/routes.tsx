import { Navigate, type RouteObject, redirect } from 'react-router-dom';
import { guardLoader } from './guard.ts';
import { lazyRoute } from './lazy-route.ts';
import { projectAreaRoutes } from './project-routes.tsx';
import { InitialLoading, RootShell } from './RootShell.tsx';
import { RouteError } from './RouteError.tsx';

/** The screens inside the main layout; each one a menu can grant (spec §2). */
const screens: RouteObject[] = [
  {
    path: 'home',
    lazy: lazyRoute(() => import('../features/home/HomePage.tsx').then((m) => ({ Component: m.HomePage }))),
  },
  {
    path: 'UserInfo',
    lazy: lazyRoute(() =>
      import('../features/user-info/UserInfoPage.tsx').then((m) => ({ Component: m.UserInfoPage })),
    ),
  },
  {
    path: 'Dictionary',
    lazy: lazyRoute(() =>
      import('../features/dictionaries/DictionariesPage.tsx').then((m) => ({ Component: m.DictionariesPage })),
    ),
  },
  {
    path: 'DictionaryList',
    lazy: lazyRoute(() =>
      import('../features/dictionary-list/DictionaryListPage.tsx').then((m) => ({
        Component: m.DictionaryListPage,
      })),
    ),
  },
  {
    path: 'Button',
    lazy: lazyRoute(() => import('../features/buttons/ButtonsPage.tsx').then((m) => ({ Component: m.ButtonsPage }))),
  },
  // The project area (issue 5).
  ...projectAreaRoutes,
  {
    path: 'User',
    lazy: lazyRoute(() => import('../features/users/UsersPage.tsx').then((m) => ({ Component: m.UsersPage }))),
  },
  {
    path: 'Role',
    lazy: lazyRoute(() => import('../features/roles/RolesPage.tsx').then((m) => ({ Component: m.RolesPage }))),
  },
  {
    path: 'roletype',
    lazy: lazyRoute(() =>
      import('../features/role-types/RoleTypesPage.tsx').then((m) => ({ Component: m.RoleTypesPage })),
    ),
  },
  {
    path: 'permission',
    lazy: lazyRoute(() =>
      import('../features/permissions/PermissionPage.tsx').then((m) => ({ Component: m.PermissionPage })),
    ),
  },
  {
    path: 'sysMenu',
    lazy: lazyRoute(() => import('../features/menus/SysMenuPage.tsx').then((m) => ({ Component: m.SysMenuPage }))),
  },
  {
    path: 'icons',
    lazy: lazyRoute(() => import('../features/icons/IconsPage.tsx').then((m) => ({ Component: m.IconsPage }))),
  },
  {
    path: 'Organization',
    lazy: lazyRoute(() =>
      import('../features/organizations/OrganizationsPage.tsx').then((m) => ({
        Component: m.OrganizationsPage,
      })),
    ),
  },
  { path: 'Log', loader: () => redirect('/Log/Request'), element: <Navigate to="/Log/Request" replace /> },
  {
    path: 'Log/Request',
    lazy: lazyRoute(() => import('../features/logs/LogPages.tsx').then((m) => ({ Component: m.RequestLogPage }))),
  },
  {
    path: 'Log/SignIn',
    lazy: lazyRoute(() => import('../features/logs/LogPages.tsx').then((m) => ({ Component: m.SignInLogPage }))),
  },
  {
    path: 'Log/DataChange',
    lazy: lazyRoute(() => import('../features/logs/LogPages.tsx').then((m) => ({ Component: m.DataChangeLogPage }))),
  },
  {
    path: 'File',
    lazy: lazyRoute(() => import('../features/files/FilesPage.tsx').then((m) => ({ Component: m.FilesPage }))),
  },
  {
    path: 'SiteConfig',
    lazy: lazyRoute(() =>
      import('../features/site-config/SiteConfigPage.tsx').then((m) => ({ Component: m.SiteConfigPage })),
    ),
  },
  {
    path: 'LoginSet',
    lazy: lazyRoute(() =>
      import('../features/login-set/LoginSetPage.tsx').then((m) => ({ Component: m.LoginSetPage })),
    ),
  },
  {
    path: 'dataPermission',
    lazy: lazyRoute(() =>
      import('../features/data-permissions/DataPermissionPage.tsx').then((m) => ({
        Component: m.DataPermissionPage,
      })),
    ),
  },
  {
    path: 'TenantMan',
    lazy: lazyRoute(() =>
      import('../features/tenants/TenantManPage.tsx').then((m) => ({ Component: m.TenantManPage })),
    ),
  },
  {
    path: 'DataSourceMan',
    lazy: lazyRoute(() =>
      import('../features/data-sources/DataSourceManPage.tsx').then((m) => ({
        Component: m.DataSourceManPage,
      })),
    ),
  },
  {
    path: 'tableDesign',
    lazy: lazyRoute(() =>
      import('../features/table-design/TableDesignPage.tsx').then((m) => ({ Component: m.TableDesignPage })),
    ),
  },
  // Any other entity the menu names (built-in or designed): drawn from the server's metadata, no page of its own.
  {
    path: ':entity',
    lazy: lazyRoute(() => import('../features/entity/EntityPage.tsx').then((m) => ({ Component: m.EntityPage }))),
  },
];

/** The guard refuses these when the caller's menu has no entry for them (a redirect route is not a screen). */
const screenPaths: ReadonlySet<string> = new Set(
  screens.flatMap((r) => (r.path && r.lazy && !r.path.startsWith(':') ? [`/${r.path.toLowerCase()}`] : [])),
);

/** Every screen is its own chunk; a failed chunk reloads the page once. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    element: <RootShell />,
    HydrateFallback: InitialLoading,
    errorElement: <RouteError />,
    loader: (args) => guardLoader(args, screenPaths),
    // The guard runs on every navigation, not only when the URL's params change.
    shouldRevalidate: () => true,
    children: [
      { index: true, loader: () => redirect('/home'), element: <Navigate to="/home" replace /> },
      {
        path: 'login',
        lazy: lazyRoute(() => import('../features/auth/LoginPage.tsx').then((m) => ({ Component: m.LoginPage }))),
      },
      {
        path: 'Register',
        lazy: lazyRoute(() => import('../features/auth/RegisterPage.tsx').then((m) => ({ Component: m.RegisterPage }))),
      },
      {
        path: '401',
        lazy: lazyRoute(() =>
          import('../components/errors/UnauthorizedPage.tsx').then((m) => ({ Component: m.UnauthorizedPage })),
        ),
      },
      // [issue 5: schedule] The acceptance-test screen outside the main layout (spec §2: /manage has one child).
      {
        path: 'manage',
        children: [
          {
            path: 'ProjectTest',
            lazy: lazyRoute(() =>
              import('../features/schedule/ManageProjectTestPage.tsx').then((m) => ({
                Component: m.ManageProjectTestPage,
              })),
            ),
          },
        ],
      },
      {
        lazy: lazyRoute(() => import('./SignedInLayout.tsx').then((m) => ({ Component: m.SignedInLayout }))),
        children: screens,
      },
      {
        path: '*',
        lazy: lazyRoute(() =>
          import('../components/errors/NotFoundPage.tsx').then((m) => ({ Component: m.NotFoundPage })),
        ),
      },
    ],
  },
];
