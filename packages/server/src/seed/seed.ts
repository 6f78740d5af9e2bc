import { and, eq, inArray, sql } from 'drizzle-orm';
import { actAsTenant, type Db, queryRows } from '../db/client.ts';
import {
  buttons,
  dictionaries,
  dictionaryItems,
  menuButtons,
  menus,
  organizations,
  roleGrants,
  roleMenus,
  roles,
  roleTypes,
  settings,
  tenants,
  userRoles,
  users,
} from '../db/schema.ts';
import { hashPassword, userKeyOf } from '../platform/passwords.ts';
import baseDictionaryFile from './seed.dictionaries.json' with { type: 'json' };
import { dictionariesFrom } from './seed-dictionaries.ts';
import { seedEmployees } from './seed-employees.ts';
import { BASE_MENUS, BUTTONS } from './seed-menus.ts';
import { PROJECT_AREAS, type SeedMenu } from './seed-project.ts';

const MENUS = [...BASE_MENUS, ...PROJECT_AREAS.flatMap((a) => a.menus)];
const enableOf = (m: SeedMenu): number => m.enable ?? 1;

const ROLE_GRANTS: Record<string, Record<string, string[]>> = {
  pm: {
    Home: [],
    UserInfo: ['Search', 'Update'],
    Employee: ['Search', 'Export'],
    DictionaryList: ['Search'],
    // Fills the forms whose fill roles let it (an empty list: anyone granted the screen).
    forms: ['Search', 'Add'],
    // Opens the dashboards shared with its role.
    dashboards: ['Search'],
    ...Object.assign({}, ...PROJECT_AREAS.map((a) => a.pmGrants)),
  },
  staff: { Home: [], UserInfo: ['Search', 'Update'] },
};

/** The pm role sees the project area's documents of its own projects only; master data stays open. */
const PM_OPEN_ENTITIES = ['Customer', 'Supplier'];

const DEMO_USERS = [
  { userName: 'admin', password: 'Admin@2026', userTrueName: 'Administrator', org: 'HQ', roles: ['admin', 'staff'] },
  { userName: 'pm', password: 'Pm@2026', userTrueName: 'Paula Meyer', org: 'PMO', roles: ['pm', 'staff'] },
];

/** Idempotent: running it again changes nothing a user has edited (rows are matched by their codes). */
export async function seed(db: Db, opts: { demo: boolean }) {
  await db.transaction(async (tx) => {
    await tx
      .insert(tenants)
      .values({ code: 'default', name: 'Default company', isPlatform: true })
      .onConflictDoNothing();
    const [tenant] = await tx.select().from(tenants).where(eq(tenants.code, 'default'));
    if (!tenant) throw new Error('seed: default tenant missing');
    // Row-level security is forced even for the owner: the seed writes as the default tenant.
    await actAsTenant(tx, tenant.id);

    await tx
      .insert(buttons)
      .values(BUTTONS.map((b, i) => ({ ...b, sort: i + 1, builtIn: true })))
      .onConflictDoNothing();
    const buttonIds = new Map((await tx.select().from(buttons)).map((b) => [b.code, b.id]));
    const idOf = (code: string) => {
      const id = buttonIds.get(code);
      if (id === undefined) throw new Error(`seed: unknown button ${code}`);
      return id;
    };

    for (const [i, m] of MENUS.entries()) {
      const parentId = m.parent
        ? ((await tx.select({ id: menus.id }).from(menus).where(eq(menus.code, m.parent)))[0]?.id ?? null)
        : null;
      await tx
        .insert(menus)
        .values({
          code: m.code,
          name: m.name,
          nameZh: m.nameZh,
          url: m.url,
          icon: m.icon,
          parentId,
          sort: i + 1,
          enable: enableOf(m),
        })
        .onConflictDoNothing();
      const [menu] = await tx.select().from(menus).where(eq(menus.code, m.code));
      if (menu && m.buttons.length) {
        await tx
          .insert(menuButtons)
          .values(m.buttons.map((b) => ({ menuId: menu.id, buttonId: idOf(b) })))
          .onConflictDoNothing();
      }
    }
    const menuIds = new Map((await tx.select().from(menus)).map((m) => [m.code, m.id]));

    const typeIds = await seedRoleTypes(tx, tenant.id);

    await tx
      .insert(roles)
      .values({
        tenantId: tenant.id,
        code: 'admin',
        name: 'Super admin',
        nameZh: '超级管理员',
        isSuper: true,
        roleTypeId: typeIds.get('system'),
      })
      .onConflictDoNothing();
    const [adminRole] = await tx
      .select()
      .from(roles)
      .where(and(eq(roles.tenantId, tenant.id), eq(roles.code, 'admin')));
    await tx
      .insert(roles)
      .values([
        {
          tenantId: tenant.id,
          code: 'pm',
          name: 'Project manager',
          nameZh: '项目经理',
          parentId: adminRole?.id,
          roleTypeId: typeIds.get('business'),
        },
        {
          tenantId: tenant.id,
          code: 'staff',
          name: 'Staff',
          nameZh: '员工',
          parentId: adminRole?.id,
          roleTypeId: typeIds.get('business'),
        },
      ])
      .onConflictDoNothing();
    const roleRows = await tx.select().from(roles).where(eq(roles.tenantId, tenant.id));
    const roleIds = new Map(roleRows.map((r) => [r.code, r.id]));

    for (const [roleCode, grants] of Object.entries(ROLE_GRANTS)) {
      const roleId = roleIds.get(roleCode);
      if (roleId === undefined) continue;
      for (const [menuCode, buttonCodes] of Object.entries(grants)) {
        const menuId = menuIds.get(menuCode);
        if (menuId === undefined) continue;
        await tx.insert(roleMenus).values({ roleId, menuId }).onConflictDoNothing();
        if (buttonCodes.length) {
          await tx
            .insert(roleGrants)
            .values(buttonCodes.map((b) => ({ roleId, menuId, buttonId: idOf(b) })))
            .onConflictDoNothing();
        }
      }
    }

    await tx
      .insert(organizations)
      .values({ tenantId: tenant.id, code: 'HQ', name: 'Headquarters', nameZh: '总部', type: 'company', sort: 1 })
      .onConflictDoNothing();
    const [hq] = await tx.select().from(organizations).where(eq(organizations.code, 'HQ'));
    await tx
      .insert(organizations)
      .values([
        {
          tenantId: tenant.id,
          parentId: hq?.id,
          code: 'PMO',
          name: 'Project management office',
          nameZh: '项目管理办公室',
          sort: 2,
        },
        { tenantId: tenant.id, parentId: hq?.id, code: 'ENG', name: 'Engineering', nameZh: '工程部', sort: 3 },
        { tenantId: tenant.id, parentId: hq?.id, code: 'FIN', name: 'Finance', nameZh: '财务部', sort: 4 },
      ])
      .onConflictDoNothing();

    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.userKey, 'admin'));
    await seedDictionaries(tx, tenant.id, admin?.id ?? null);
    if (!opts.demo) return;
    const orgIds = new Map((await tx.select().from(organizations)).map((o) => [o.code, o.id]));
    const existing = await tx
      .select({ key: users.userKey })
      .from(users)
      .where(
        inArray(
          users.userKey,
          DEMO_USERS.map((u) => userKeyOf(u.userName)),
        ),
      );
    for (const u of DEMO_USERS.filter((d) => !existing.some((e) => e.key === userKeyOf(d.userName)))) {
      const [created] = await tx
        .insert(users)
        .values({
          tenantId: tenant.id,
          userName: u.userName,
          userKey: userKeyOf(u.userName),
          userTrueName: u.userTrueName,
          passwordHash: await hashPassword(u.password),
          organizationId: orgIds.get(u.org),
        })
        .returning({ id: users.id });
      if (!created) continue;
      await tx.insert(userRoles).values(
        u.roles.flatMap((code) => {
          const roleId = roleIds.get(code);
          return roleId === undefined ? [] : [{ tenantId: tenant.id, userId: created.id, roleId }];
        }),
      );
    }
    // The demo lets visitors register (README, browser tests), as staff of the demo company; a real
    // install (SEED_DEMO=false) leaves registration off until the platform administrator chooses.
    await tx
      .insert(settings)
      .values({
        key: 'login',
        value: { registerEnabled: true, registerTenantId: tenant.id, registerRoleId: roleIds.get('staff') ?? null },
      })
      .onConflictDoNothing();
    await seedEmployees(tx, tenant.id, orgIds);
    await seedProjectArea(tx, tenant.id, roleIds.get('pm'));
  });
}

/** The pm role's "projects" scope on the project area, then each area's demo data in order. */
async function seedProjectArea(tx: Db, tenantId: number, pmRoleId: number | undefined) {
  const scoped = Object.keys(ROLE_GRANTS.pm ?? {}).filter(
    (code) => PROJECT_AREAS.some((a) => code in a.pmGrants) && !PM_OPEN_ENTITIES.includes(code),
  );
  if (pmRoleId !== undefined && scoped.length) {
    await tx.execute(
      sql`insert into role_data_scopes (tenant_id, role_id, entity, scope)
          values ${sql.join(
            scoped.map((entity) => sql`(${tenantId}, ${pmRoleId}, ${entity}, 'projects')`),
            sql`, `,
          )} on conflict do nothing`,
    );
  }
  const ids = async (query: ReturnType<typeof sql>) => (await queryRows<{ id: number }>(tx, query)).map((r) => r.id);
  const [adminUserId] = await ids(sql`select id from users where user_key = 'admin'`);
  const [pmUserId] = await ids(sql`select id from users where user_key = 'pm'`);
  if (adminUserId === undefined || pmUserId === undefined) return;
  const ctx = {
    tenantId,
    adminUserId,
    pmUserId,
    projects: [],
    customerIds: [],
    supplierIds: [],
    // The demo's 50 employees come first; a tenant grown large (a million rows) is not read whole at every start.
    employeeIds: await ids(sql`select id from employees where status = 'active' order by code limit ${DEMO_STAFF}`),
    today: new Date(),
  };
  for (const area of PROJECT_AREAS) await area.demo?.(tx, ctx);
}

/** How many active employees the demo areas pick their managers and staff from (the demo seeds 50). */
const DEMO_STAFF = 100;

const BASE_DICTIONARIES = dictionariesFrom(baseDictionaryFile);

const DICTIONARIES = [...BASE_DICTIONARIES, ...PROJECT_AREAS.flatMap((a) => a.dictionaries)];

/** A tenant's starting role types (TenantMan gives a new tenant the same); returns their ids by code. */
export async function seedRoleTypes(tx: Db, tenantId: number): Promise<Map<string, number>> {
  await tx
    .insert(roleTypes)
    .values([
      { tenantId, code: 'system', name: 'System' },
      { tenantId, code: 'business', name: 'Business' },
      { tenantId, code: 'external', name: 'External' },
    ])
    .onConflictDoNothing();
  const rows = await tx.select().from(roleTypes).where(eq(roleTypes.tenantId, tenantId));
  return new Map(rows.map((t) => [t.code, t.id]));
}

/** What TenantMan gives a tenant it creates: the same dictionaries and role types the seed gives its tenants. */
export async function startTenant(tx: Db, tenantId: number, by: number) {
  await seedDictionaries(tx, tenantId, by);
  await seedRoleTypes(tx, tenantId);
}

/** The dictionaries the built-in screens use; existing codes are left as the admin edited them. */
export async function seedDictionaries(tx: Db, tenantId: number, by: number | null) {
  for (const [i, d] of DICTIONARIES.entries()) {
    const [created] = await tx
      .insert(dictionaries)
      .values({ tenantId, code: d.code, name: d.name, sort: i + 1, createdBy: by, updatedBy: by })
      .onConflictDoNothing()
      .returning({ id: dictionaries.id });
    if (!created) continue;
    await tx.insert(dictionaryItems).values(
      d.items.map(([value, label, labelZh], j) => ({
        tenantId,
        dictionaryId: created.id,
        value,
        label,
        labelZh,
        sort: j + 1,
        createdBy: by,
        updatedBy: by,
      })),
    );
  }
}
