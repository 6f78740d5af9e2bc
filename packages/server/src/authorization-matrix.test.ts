import type { EntityMeta } from '@trestle/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtInEntities } from './built-ins.ts';
import { gridButtons } from './designer/designer-menu.ts';
import type { EntityDefinition } from './engine/definition.ts';
import { createDictionaryService } from './features/dictionaries/dictionary.service.ts';
import { bearer, createTestApp, type TestApp } from './test/helper.ts';
import { createOtherTenant } from './test/tenants.ts';

/**
 * Every registered route, called by four callers, with the access each must get:
 *   1. anonymous;
 *   2. pm, the demo restricted role of the platform tenant (Employee Search+Export, DictionaryList
 *      Search, own profile);
 *   3. admin, the platform's super admin;
 *   4. the super admin of another tenant whose package is Employee and DictionaryList.
 * A letter per caller: P passes the access check (whatever the body then gets: 200, 400, 404, 422),
 * U is refused with 401, F with 403. A route missing from the table fails the test, so a new route
 * must state who may call it.
 */
/** Every route the engine gives an entity (the approval ones included). */
const ENGINE_ROUTE_NAMES = [
  'GET getMeta',
  'POST getPageData',
  'POST getDetailPage',
  'GET lookup',
  'POST export',
  'POST add',
  'POST update',
  'POST del',
  'POST import',
  'GET downLoadTemplate',
  'POST upload',
  'POST submit',
  'GET approvalHistory',
  'POST audit',
];

const HAND_LISTED: Record<string, string> = {
  // Public: health, docs, sign-in.
  'GET /api/health': 'PPPP',
  'GET /api/ready': 'PPPP',
  'GET /api/openapi.json': 'PPPP',
  'GET /api/docs/': 'PPPP',
  'GET /api/docs/json': 'PPPP',
  'GET /api/docs/yaml': 'PPPP',
  'GET /api/docs/static/*': 'PPPP',
  'GET /api/docs/static/index.html': 'PPPP',
  'GET /api/docs/static/swagger-initializer.js': 'PPPP',
  'GET /api/user/loginConfig': 'PPPP',
  'POST /api/user/login': 'PPPP',
  'POST /api/user/register': 'PPPP',
  // Any signed-in user.
  'GET /api/Button/Get': 'UPPP',
  'GET /api/menu/getTreeMenu': 'UPPP',
  'GET /api/user/getCurrentUserInfo': 'UPPP',
  'GET /api/user/avatar/:key': 'UPPP',
  'GET /api/file/:key': 'UPPP',
  'POST /api/User/replaceToken': 'UPPP',
  'POST /api/user/logout': 'UPPP',
  'POST /api/user/modifyPwd': 'UPPP',
  'POST /api/Dictionary/getVueDictionary': 'UPPP',
  'GET /api/Dictionary/searchItems': 'UPPP',
  // Personal center: everyone's base menu; pm holds Search and Update only.
  'POST /api/user/updateProfile': 'UPPP',
  'POST /api/user/uploadAvatar': 'UFPP',
  'POST /api/user/removeAvatar': 'UFPP',
  // Tenants: the platform's admin only. Switching is checked in the handler (403 for the others).
  'POST /api/TenantMan/getPageData': 'UFPF',
  'GET /api/TenantMan/get': 'UFPF',
  'GET /api/TenantMan/packageMenus': 'UFPF',
  'POST /api/TenantMan/add': 'UFPF',
  'POST /api/TenantMan/update': 'UFPF',
  'POST /api/TenantMan/switch': 'UFPF',
  // Data sources: admin only; not in the other tenant's package.
  'POST /api/DataSourceMan/getPageData': 'UFPF',
  'GET /api/DataSourceMan/get': 'UFPF',
  'POST /api/DataSourceMan/add': 'UFPF',
  'POST /api/DataSourceMan/update': 'UFPF',
  'POST /api/DataSourceMan/del': 'UFPF',
  'POST /api/DataSourceMan/test': 'UFPF',
  // Site and sign-in settings, captcha and first-run setup (public parts answer anyone; setup refuses once an admin exists).
  'GET /api/captcha': 'PPPP',
  'GET /api/loginSet/get': 'UFPF',
  'GET /api/loginSet/registerOptions': 'UFPF',
  'GET /api/setup/state': 'PPPP',
  'GET /api/siteConfig/get': 'UFPF',
  'GET /api/siteConfig/public': 'PPPP',
  'GET /api/siteConfig/shell': 'UPPP',
  'GET /api/user/passwordPolicy': 'PPPP',
  'GET /api/user/myPasswordPolicy': 'UPPP',
  'POST /api/loginSet/save': 'UFPF',
  'POST /api/setup/admin': 'PPPP',
  'POST /api/setup/check': 'PPPP',
  'POST /api/setup/loginSet': 'PPPP',
  'POST /api/siteConfig/save': 'UFPF',
  // Users, roles, role types and the permission matrix: admin only.
  'GET /api/Role/getRoleTree': 'UFPF',
  'GET /api/Role/getRoleTypeOptions': 'UFPF',
  'GET /api/User/getUserOptions': 'UFPF',
  'GET /api/permission/getMatrix': 'UFPF',
  'GET /api/permission/getRoles': 'UFPF',
  'GET /api/roletype/getList': 'UFPF',
  'POST /api/Role/addRole': 'UFPF',
  'POST /api/Role/delRole': 'UFPF',
  'POST /api/Role/updateRole': 'UFPF',
  'POST /api/User/addUser': 'UFPF',
  'POST /api/User/endSessions': 'UFPF',
  'POST /api/User/getSessions': 'UFPF',
  'POST /api/User/getUserPage': 'UFPF',
  'POST /api/User/resetPassword': 'UFPF',
  'POST /api/User/setEnabled': 'UFPF',
  'POST /api/User/unlock': 'UFPF',
  'POST /api/User/updateUser': 'UFPF',
  'POST /api/permission/save': 'UFPF',
  'POST /api/roletype/addType': 'UFPF',
  'POST /api/roletype/delType': 'UFPF',
  'POST /api/roletype/updateType': 'UFPF',
  // Menus, buttons and organisations: admin only; menus and buttons are the platform's.
  'GET /api/Button/getAll': 'UFPF',
  'GET /api/Organization/getTree': 'UFPF',
  'GET /api/Organization/getUsers': 'UFPF',
  'GET /api/Organization/searchUsers': 'UFPF',
  'GET /api/menu/getAll': 'UFPF',
  'POST /api/Button/add': 'UFPF',
  'POST /api/Button/del': 'UFPF',
  'POST /api/Button/update': 'UFPF',
  'POST /api/Organization/add': 'UFPF',
  'POST /api/Organization/del': 'UFPF',
  'POST /api/Organization/update': 'UFPF',
  'POST /api/menu/add': 'UFPF',
  'POST /api/menu/del': 'UFPF',
  'POST /api/menu/move': 'UFPF',
  'POST /api/menu/update': 'UFPF',
  // The designed entities' shared routes: the grant is checked on the menu the path names; a path naming no
  // designed entity (here the literal ':entity') answers any signed-in caller 404, so the letters say P (past
  // the sign-in check). designer.engine.test.ts shows a real one granted and refused.
  ...Object.fromEntries(
    ENGINE_ROUTE_NAMES.map((route) => {
      const [method, name] = route.split(' ');
      return [`${method} /api/:entity/${name}`, 'UPPP'];
    }),
  ),
  // The table designer: its grant holders (admin; not pm, not the other tenant's package); the writes are
  // the platform administrator's alone (designer.routes.test.ts shows another tenant's admin refused).
  'GET /api/tableDesign/list': 'UFPF',
  'GET /api/tableDesign/builtIns': 'UFPF',
  'GET /api/tableDesign/get': 'UFPF',
  'GET /api/tableDesign/history': 'UFPF',
  'POST /api/tableDesign/add': 'UFPF',
  'POST /api/tableDesign/del': 'UFPF',
  'POST /api/tableDesign/introspect': 'UFPF',
  'GET /api/tableDesign/sources': 'UFPF',
  'POST /api/tableDesign/save': 'UFPF',
  'POST /api/tableDesign/preview': 'UFPF',
  'POST /api/tableDesign/apply': 'UFPF',
  'POST /api/tableDesign/rollback': 'UFPF',
  // The form designer: its grant holders (admin; not pm, not the other tenant's package).
  'GET /api/formDesign/list': 'UFPF',
  'GET /api/formDesign/get': 'UFPF',
  'GET /api/formDesign/versions': 'UFPF',
  'GET /api/formDesign/version': 'UFPF',
  'POST /api/formDesign/add': 'UFPF',
  'POST /api/formDesign/save': 'UFPF',
  'POST /api/formDesign/publish': 'UFPF',
  'POST /api/formDesign/revert': 'UFPF',
  'POST /api/formDesign/access': 'UFPF',
  'POST /api/formDesign/del': 'UFPF',
  'GET /api/formDesign/roles': 'UFPF',
  'GET /api/formDesign/dictionaries': 'UFPF',
  'GET /api/formDesign/organizations': 'UFPF',
  // The BI designer: its grant holders (admin; not pm, not the other tenant's package). A save is Add or Update,
  // asked in the handler after the route's Search.
  'GET /api/bi/entities': 'UFPF',
  'GET /api/bi/roles': 'UFPF',
  'GET /api/bi/menuFolders': 'UFPF',
  'GET /api/bi/dataSources': 'UFPF',
  'GET /api/bi/datasets': 'UFPF',
  'GET /api/bi/dataset': 'UFPF',
  'GET /api/bi/datasetFields': 'UFPF',
  'POST /api/bi/dataset/save': 'UFPF',
  'POST /api/bi/dataset/del': 'UFPF',
  'GET /api/bi/charts': 'UFPF',
  'GET /api/bi/chart': 'UFPF',
  'POST /api/bi/chart/save': 'UFPF',
  'POST /api/bi/chart/del': 'UFPF',
  'GET /api/bi/dashboards': 'UFPF',
  'GET /api/bi/dashboard': 'UFPF',
  'POST /api/bi/dashboard/save': 'UFPF',
  'POST /api/bi/dashboard/del': 'UFPF',
  'POST /api/bi/dashboard/publish': 'UFPF',
  'POST /api/bi/dashboard/unpublish': 'UFPF',
  // Dashboards: pm holds the screen's Search (each dashboard's share roles are checked in the handler).
  'GET /api/dashboards/mine': 'UPPF',
  'GET /api/dashboards/view': 'UPPF',
  // Running and exporting charts: any signed-in caller at the door; a designer's grant or a dashboard shared with
  // the caller is checked in the handler. Trying SQL: the designer's Sql grant.
  'POST /api/bi/run': 'UPPP',
  'POST /api/bi/export': 'UPPP',
  'POST /api/bi/sql/try': 'UFPF',
  // The page designer: its grant holders (admin; not pm, not the other tenant's package). Viewing a published page:
  // any signed-in caller at the door; the page's share roles (or the designer's grant) are checked in the handler.
  'GET /api/pages/list': 'UFPF',
  'GET /api/pages/get/:id': 'UFPF',
  'POST /api/pages/create': 'UFPF',
  'POST /api/pages/settings': 'UFPF',
  'POST /api/pages/patch': 'UFPF',
  'POST /api/pages/publish': 'UFPF',
  'POST /api/pages/unpublish': 'UFPF',
  'GET /api/pages/versions/:id': 'UFPF',
  'GET /api/pages/version': 'UFPF',
  'POST /api/pages/restore': 'UFPF',
  'POST /api/pages/delete': 'UFPF',
  'GET /api/pages/roles': 'UFPF',
  'GET /api/pages/folders': 'UFPF',
  'POST /api/pages/upload': 'UFPF',
  'GET /api/pages/view/:id': 'UPPP',
  // The mixed designer: its grant holders. A save is Add or Update, asked in the handler after the route's Search.
  'GET /api/mixApps/list': 'UFPF',
  'GET /api/mixApps/get/:id': 'UFPF',
  'POST /api/mixApps/save': 'UFPF',
  'POST /api/mixApps/delete': 'UFPF',
  // Filling forms: pm holds Forms' Search and Add (each form's own roles are checked in the handler).
  'GET /api/form/mine': 'UPPF',
  'GET /api/form/open': 'UPPF',
  'POST /api/form/submit': 'UPPF',
  'POST /api/form/upload': 'UPPF',
  'POST /api/form/submissions': 'UPPF',
  'GET /api/form/submission': 'UPPF',
  'GET /api/form/export': 'UPPF',
  // A form's public link: anyone holding it (its limits and the captcha are checked in the handler).
  'GET /api/public/form': 'PPPP',
  'POST /api/public/form/submit': 'PPPP',
  // An entity's bound form: its menu's Search, like getMeta; the literal ':entity' names nothing (404).
  'GET /api/:entity/getForm': 'UPPP',
  // Files: admin only.
  'POST /api/File/del': 'UFPF',
  'POST /api/File/getPageData': 'UFPF',
  'POST /api/File/upload': 'UFPF',
  // Data permissions: admin only.
  'GET /api/dataPermission/entities': 'UFPF',
  'GET /api/dataPermission/organizations': 'UFPF',
  'GET /api/dataPermission/roles': 'UFPF',
  'GET /api/dataPermission/users': 'UFPF',
  'POST /api/dataPermission/explain': 'UFPF',
  'POST /api/dataPermission/save': 'UFPF',
  // Warnings' own calls: pm lists, acknowledges and snoozes (its own, checked in the handler); Update
  // (admin) re-checks, ignores and edits the rules.
  'POST /api/ProjectWarning/list': 'UPPF',
  'POST /api/ProjectWarning/evaluate': 'UFPF',
  'POST /api/ProjectWarning/acknowledge': 'UPPF',
  'POST /api/ProjectWarning/snooze': 'UPPF',
  'POST /api/ProjectWarning/ignore': 'UFPF',
  'GET /api/ProjectWarning/rules': 'UPPF',
  'POST /api/ProjectWarning/saveRule': 'UFPF',
  // Summary and the user's own work: read-only, pm's Search.
  'POST /api/ProjectSummary/portfolio': 'UPPF',
  'GET /api/ProjectSummary/project': 'UPPF',
  'POST /api/ProjectSummary/charts': 'UPPF',
  'GET /api/ProjectSummary/options': 'UPPF',
  'GET /api/MineInformation/projects': 'UPPF',
  'GET /api/MineInformation/milestones': 'UPPF',
  'GET /api/MineInformation/approvals': 'UPPF',
  'GET /api/MineInformation/submissions': 'UPPF',
  'GET /api/MineInformation/warnings': 'UPPF',
};

/**
 * The grid engine's routes are not listed by hand: each entity of the registry gets them all (the approval
 * calls with `audit`), and its line below says which buttons its menu offers, which of them pm holds, and
 * whether the other tenant's package includes it. A registered entity without a line fails the test.
 * The button each route needs, as the spec's permission model has it:
 */
const ENGINE_ROUTES: { route: string; button: string; auditOnly?: true }[] = [
  { route: 'GET getMeta', button: 'Search' },
  { route: 'POST getPageData', button: 'Search' },
  { route: 'POST getDetailPage', button: 'Search' },
  { route: 'GET lookup', button: 'Search' },
  { route: 'POST export', button: 'Export' },
  { route: 'POST add', button: 'Add' },
  { route: 'POST update', button: 'Update' },
  { route: 'POST del', button: 'Delete' },
  { route: 'POST import', button: 'Import' },
  { route: 'GET downLoadTemplate', button: 'Import' },
  { route: 'POST upload', button: 'Upload' },
  // Submitting is part of editing one's own documents; approving is a button of its own.
  { route: 'POST submit', button: 'Update', auditOnly: true },
  { route: 'GET approvalHistory', button: 'Search', auditOnly: true },
  { route: 'POST audit', button: 'Audit', auditOnly: true },
];

type Access = { offered: string; pm: string; otherTenant: boolean };
const projectDocument: Access = {
  offered: 'Search Add Update Delete Export Audit',
  pm: 'Search Add Update Export',
  otherTenant: false,
};
const log: Access = { offered: 'Search Export', pm: '', otherTenant: false };
/**
 * A built-in entity whose menu entry its definition makes (`menu`) is stated by that part: its buttons are
 * offered, no seed grants pm anything, and no other tenant's package holds it. A line above overrides.
 */
const accessOfOwnMenu = (meta: EntityMeta): Access | undefined =>
  meta.menu && { offered: (meta.menu.buttons ?? gridButtons(meta.audit)).join(' '), pm: '', otherTenant: false };
const ENTITY_ACCESS: Record<string, Access> = {
  Employee: { offered: 'Search Add Update Delete Export Import Upload', pm: 'Search Export', otherTenant: true },
  // Dictionaries: the menu offers no Import, Export or Upload, so nobody holds them, super admins included.
  Dictionary: { offered: 'Search Add Update Delete', pm: '', otherTenant: false },
  DictionaryList: { offered: 'Search Add Update Delete Export', pm: 'Search', otherTenant: true },
  // Logs: searched and exported, never written through the API.
  DataChangeLog: log,
  RequestLog: log,
  SignInLog: log,
  // The project area: not in the other tenant's package; no menu offers Upload. pm works on its own projects'
  // documents (the rows are scoped in the engine); deleting and approving are admin's.
  Customer: { offered: 'Search Add Update Delete Export Import', pm: 'Search Export', otherTenant: false },
  Supplier: { offered: 'Search Add Update Delete Export Import', pm: 'Search Export', otherTenant: false },
  ProjectInformation: projectDocument,
  YWProjectInformation: projectDocument,
  ProjectContract: projectDocument,
  ContractInvoicing: projectDocument,
  ProjectPayment: projectDocument,
  ProjectBuget: projectDocument,
  ProjectPurchase: projectDocument,
  PurchaseContract: projectDocument,
  PurchaseArrival: projectDocument,
  PurchaseInvoice: projectDocument,
  PurchasePayment: projectDocument,
  ProjectMilestone: projectDocument,
  ProjectTest: projectDocument,
  ProjectWeeklyReport: projectDocument,
  // Warnings are raised by the rules: no Add or Delete; Update (admin) re-checks, ignores and edits the rules.
  ProjectWarning: { offered: 'Search Update Export', pm: 'Search Export', otherTenant: false },
};

/** The engine's rows of the matrix, one per route of each registered entity. */
function engineMatrix(definitions: EntityDefinition[]): { rows: Record<string, string>; unstated: string[] } {
  const rows: Record<string, string> = {};
  const unstated: string[] = [];
  for (const d of definitions) {
    if (d.detailOnly) continue;
    const access = ENTITY_ACCESS[d.meta.name] ?? accessOfOwnMenu(d.meta);
    if (!access) {
      unstated.push(d.meta.name);
      continue;
    }
    const has = (list: string, button: string) => list.split(' ').includes(button);
    for (const { route, button, auditOnly } of ENGINE_ROUTES) {
      if (auditOnly && !d.meta.audit) continue;
      const [method, name] = route.split(' ');
      const offered = has(access.offered, button);
      const letter = (granted: boolean) => (granted ? 'P' : 'F');
      rows[`${method} /api/${d.meta.name}/${name}`] =
        `U${letter(offered && has(access.pm, button))}${letter(offered)}${letter(offered && access.otherTenant)}`;
    }
  }
  return { rows, unstated };
}

/**
 * The calls the first-run setup code opens without a sign-in, while no platform administrator exists
 * (setup.test.ts shows them working and everything else refused): the setup screens' own calls and the
 * shell's loads. Any other route taking the code fails the test.
 */
const SETUP_ROUTES = [
  'GET /api/Button/Get',
  'GET /api/loginSet/registerOptions',
  'GET /api/menu/getTreeMenu',
  'POST /api/TenantMan/getPageData',
  'GET /api/TenantMan/get',
  'GET /api/TenantMan/packageMenus',
  'POST /api/TenantMan/add',
  'POST /api/TenantMan/update',
  'POST /api/DataSourceMan/getPageData',
  'GET /api/DataSourceMan/get',
  'POST /api/DataSourceMan/add',
  'POST /api/DataSourceMan/update',
  'POST /api/DataSourceMan/del',
  'POST /api/DataSourceMan/test',
];

const CALLERS = ['anonymous', 'pm', 'admin', 'other tenant admin'] as const;

let t: TestApp;
let tokens: (string | null)[];
beforeAll(async () => {
  t = await createTestApp();
  await createOtherTenant(t.database.db);
  tokens = [
    null,
    await t.login('pm', 'Pm@2026'),
    await t.login('admin', 'Admin@2026'),
    await t.login('acme-admin', 'Other@2026'),
  ];
});
afterAll(() => t.close());

/** The whole matrix: the hand-listed routes and the engine's, derived from the registry. */
function matrix(): Record<string, string> {
  const definitions = builtInEntities({ dictionaries: createDictionaryService(t.database.db, t.database.userSql) });
  return { ...HAND_LISTED, ...engineMatrix(definitions).rows };
}

/** A concrete URL for a route pattern. */
const concrete = (url: string) => url.replace(':key', '00000000-0000-4000-8000-000000000000').replace('*', 'index.css');

// Calls that would change the callers themselves (end their session, rotate their token) get a body
// the handler refuses, so the access check still runs first and later rows keep their sessions.
const harmless: Record<string, object> = {
  'POST /api/user/logout': {},
  'POST /api/User/replaceToken': {},
  'POST /api/user/modifyPwd': { oldPwd: 'wrong-password', newPwd: 'Another@2026x' },
  'POST /api/TenantMan/switch': { tenantId: 999999 },
};

describe('the authorisation matrix', () => {
  it('states the access of every entity the registry holds', () => {
    const definitions = builtInEntities({ dictionaries: createDictionaryService(t.database.db, t.database.userSql) });
    expect(engineMatrix(definitions).unstated).toEqual([]);
    expect(Object.keys(ENTITY_ACCESS).filter((k) => !definitions.some((d) => d.meta.name === k))).toEqual([]);
  });

  it('lists every registered route, and only those', () => {
    const MATRIX = matrix();
    const registered = t.app
      .routeTable()
      .filter((r) => r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(registered.filter((r) => !(r in MATRIX)).sort()).toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !registered.includes(r))).toEqual([]);
  });

  it('opens to the setup code exactly the routes listed for it', () => {
    const open = t.app
      .routeTable()
      .filter((r) => r.setupAccess && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual([...SETUP_ROUTES].sort());
  });

  it('answers each caller as the table says, and never with a 500', async () => {
    const wrong: string[] = [];
    for (const [route, expected] of Object.entries(matrix())) {
      const [method, url] = route.split(' ') as ['GET' | 'POST', string];
      for (const [i, caller] of CALLERS.entries()) {
        // logout and replaceToken would end or rotate this caller's session: call them last, with a copy.
        const token = tokens[i] ?? null;
        const sessionChanging = route === 'POST /api/user/logout' || route === 'POST /api/User/replaceToken';
        const useToken = sessionChanging && token ? await freshToken(i) : token;
        const res = await t.app.inject({
          method,
          url: concrete(url),
          headers: useToken ? bearer(useToken) : {},
          ...(method === 'POST' ? { payload: harmless[route] ?? {} } : {}),
        });
        const got = res.statusCode === 401 ? 'U' : res.statusCode === 403 ? 'F' : 'P';
        if (got !== expected[i] || res.statusCode >= 500)
          wrong.push(`${route} as ${caller}: expected ${expected[i]}, got ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    // Every route for every caller, one after another: a few hundred requests, more than the default budget
    // on a busy two-core machine.
  }, 180_000);
});

/** A second session of the same caller, for calls that end or rotate the session they use. */
async function freshToken(i: number) {
  const accounts: [string, string][] = [
    ['', ''],
    ['pm', 'Pm@2026'],
    ['admin', 'Admin@2026'],
    ['acme-admin', 'Other@2026'],
  ];
  const [user, password] = accounts[i] ?? ['', ''];
  return t.login(user, password);
}
