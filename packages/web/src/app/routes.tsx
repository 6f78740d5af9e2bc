import { Navigate, type RouteObject, redirect, useSearchParams } from 'react-router-dom';
import { guardLoader } from './guard.ts';
import { loadFeatureStrings } from './i18n.ts';
import { lazyRoute, lazyScreen, moduleScreens } from './lazy-route.ts';
import { projectAreaRoutes } from './project-routes.tsx';
import { InitialLoading, RootShell } from './RootShell.tsx';
import { RouteError } from './RouteError.tsx';

/** The screens inside the main layout; each one a menu can grant (spec §2). */
const screens: RouteObject[] = [
  { path: 'home', lazy: lazyScreen(() => import('../features/home/HomePage.tsx'), 'HomePage') },
  { path: 'UserInfo', lazy: lazyScreen(() => import('../features/user-info/UserInfoPage.tsx'), 'UserInfoPage') },
  {
    path: 'Dictionary',
    lazy: lazyScreen(() => import('../features/dictionaries/DictionariesPage.tsx'), 'DictionariesPage'),
  },
  {
    path: 'DictionaryList',
    lazy: lazyScreen(() => import('../features/dictionary-list/DictionaryListPage.tsx'), 'DictionaryListPage'),
  },
  { path: 'Button', lazy: lazyScreen(() => import('../features/buttons/ButtonsPage.tsx'), 'ButtonsPage') },
  // The project area.
  ...projectAreaRoutes,
  { path: 'User', lazy: lazyScreen(() => import('../features/users/UsersPage.tsx'), 'UsersPage') },
  { path: 'Role', lazy: lazyScreen(() => import('../features/roles/RolesPage.tsx'), 'RolesPage') },
  { path: 'roletype', lazy: lazyScreen(() => import('../features/role-types/RoleTypesPage.tsx'), 'RoleTypesPage') },
  {
    path: 'permission',
    lazy: lazyScreen(() => import('../features/permissions/PermissionPage.tsx'), 'PermissionPage'),
  },
  { path: 'sysMenu', lazy: lazyScreen(() => import('../features/menus/SysMenuPage.tsx'), 'SysMenuPage') },
  { path: 'icons', lazy: lazyScreen(() => import('../features/icons/IconsPage.tsx'), 'IconsPage') },
  {
    path: 'Organization',
    lazy: lazyScreen(() => import('../features/organizations/OrganizationsPage.tsx'), 'OrganizationsPage'),
  },
  { path: 'Log', loader: () => redirect('/Log/Request'), element: <Navigate to="/Log/Request" replace /> },
  ...moduleScreens(() => import('../features/logs/LogPages.tsx'), {
    'Log/Request': 'RequestLogPage',
    'Log/SignIn': 'SignInLogPage',
    'Log/DataChange': 'DataChangeLogPage',
  }),
  { path: 'forms', lazy: lazyScreen(() => import('../features/forms/FormsPage.tsx'), 'FormsPage') },
  {
    path: 'dashboards',
    lazy: lazyScreen(() => import('../features/dashboards/DashboardsPage.tsx'), 'DashboardsPage'),
  },
  { path: 'File', lazy: lazyScreen(() => import('../features/files/FilesPage.tsx'), 'FilesPage') },
  {
    path: 'SiteConfig',
    lazy: lazyScreen(() => import('../features/site-config/SiteConfigPage.tsx'), 'SiteConfigPage'),
  },
  { path: 'LoginSet', lazy: lazyScreen(() => import('../features/login-set/LoginSetPage.tsx'), 'LoginSetPage') },
  {
    path: 'dataPermission',
    lazy: lazyScreen(() => import('../features/data-permissions/DataPermissionPage.tsx'), 'DataPermissionPage'),
  },
  { path: 'TenantMan', lazy: lazyScreen(() => import('../features/tenants/TenantManPage.tsx'), 'TenantManPage') },
  {
    path: 'DataSourceMan',
    lazy: lazyScreen(() => import('../features/data-sources/DataSourceManPage.tsx'), 'DataSourceManPage'),
  },
  {
    path: 'tableDesign',
    lazy: lazyScreen(() => import('../features/table-design/TableDesignPage.tsx'), 'TableDesignPage'),
  },
  {
    path: 'formDesign',
    lazy: lazyScreen(() => import('../features/form-design/FormDesignPage.tsx'), 'FormDesignPage'),
  },
  { path: 'mixDesign', lazy: lazyScreen(() => import('../features/mix-design/MixDesignPage.tsx'), 'MixDesignPage') },
  {
    path: 'pageDesign',
    lazy: lazyScreen(() => import('../features/page-design/PageDesignPage.tsx'), 'PageDesignPage'),
  },
  { path: 'BIDesign', lazy: lazyScreen(() => import('../features/bi-design/BIDesignPage.tsx'), 'BIDesignPage') },
  // Any other entity the menu names (built-in or designed): drawn from the server's metadata, no page of its own.
  { path: ':entity', lazy: lazyScreen(() => import('../features/entity/EntityPage.tsx'), 'EntityPage') },
];

/** Pages a screen opens (not menu entries of their own): the server checks each form's access. */
const formPages: RouteObject[] = [
  {
    path: 'formAnswers',
    handle: { openedFrom: '/forms' },
    lazy: lazyScreen(() => import('../features/forms/AnswersPage.tsx'), 'AnswersPage'),
  },
  // One dashboard: opened from the list, or a menu entry it was published as; the server checks its sharing.
  {
    path: 'dashboards/:id',
    handle: { openedFrom: '/dashboards' },
    lazy: lazyScreen(() => import('../features/dashboards/DashboardPage.tsx'), 'DashboardPage'),
  },
  // A published page: a menu entry of its viewers (url /page/<id>); the server checks its sharing.
  { path: 'page/:id', lazy: lazyScreen(() => import('../features/pages/PagePage.tsx'), 'PagePage') },
];

/**
 * #/formSubmit: with `link`, a form's public link, filled by anyone with the address on a page of its own (no
 * session, no menu); with `id`, a signed-in user fills a form inside the main layout.
 */
const formSubmitRoute: RouteObject = {
  path: 'formSubmit',
  lazy: lazyRoute(async () => {
    const [{ SignedInLayout }, { PublicFillPage }] = await Promise.all([
      import('./SignedInLayout.tsx'),
      import('../features/forms/PublicFillPage.tsx'),
    ]);
    function FormSubmitFrame() {
      return useSearchParams()[0].has('link') ? <PublicFillPage /> : <SignedInLayout />;
    }
    return { Component: FormSubmitFrame };
  }),
  children: [
    {
      index: true,
      handle: { openedFrom: '/forms' },
      lazy: lazyScreen(() => import('../features/forms/FillPage.tsx'), 'FillPage'),
    },
  ],
};

/** A form's public link is open to anyone: the guard lets it through without a session. */
const isPublicForm = (url: URL) => url.pathname.toLowerCase() === '/formsubmit' && url.searchParams.has('link');

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
    loader: async (args) => {
      // The sign-in screen has its strings already; every other screen waits for the rest, loaded once.
      const url = new URL(args.request.url);
      const signIn = url.pathname.toLowerCase() === '/login';
      const [guarded] = await Promise.all([
        isPublicForm(url) ? null : guardLoader(args, screenPaths),
        signIn ? null : loadFeatureStrings(),
      ]);
      return guarded;
    },
    // The guard runs on every navigation, not only when the URL's params change.
    shouldRevalidate: () => true,
    children: [
      { index: true, loader: () => redirect('/home'), element: <Navigate to="/home" replace /> },
      { path: 'login', lazy: lazyScreen(() => import('../features/auth/LoginPage.tsx'), 'LoginPage') },
      // Registration goes to sign-in, outside the App as it is: its messages are antd's static ones, which stay.
      { path: 'Register', lazy: lazyScreen(() => import('../features/auth/RegisterPage.tsx'), 'RegisterPage') },
      // Every other screen inside antd's App (AppFrame.tsx), loaded with the first of them.
      {
        lazy: lazyScreen(() => import('./AppFrame.tsx'), 'AppFrame'),
        children: [
          {
            path: '401',
            lazy: lazyScreen(() => import('../components/errors/UnauthorizedPage.tsx'), 'UnauthorizedPage'),
          },
          // The acceptance-test screen outside the main layout (spec §2: /manage has one child).
          {
            path: 'manage',
            children: [
              {
                path: 'ProjectTest',
                lazy: lazyScreen(
                  () => import('../features/schedule/ManageProjectTestPage.tsx'),
                  'ManageProjectTestPage',
                ),
              },
            ],
          },
          formSubmitRoute,
          {
            lazy: lazyScreen(() => import('./SignedInLayout.tsx'), 'SignedInLayout'),
            children: [...screens, ...formPages],
          },
          { path: '*', lazy: lazyScreen(() => import('../components/errors/NotFoundPage.tsx'), 'NotFoundPage') },
        ],
      },
    ],
  },
];
