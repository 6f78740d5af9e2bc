import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/** Every time here is stored with its zone. */
export const stamp = (name: string) => timestamp(name, { withTimezone: true });
export const createdAt = () => stamp('created_at').notNull().defaultNow();
export const updatedAt = () => stamp('updated_at').notNull().defaultNow();

/** A required reference; `cascade` where the row means nothing without what it points at. */
export const ref = (name: string, target: () => AnyPgColumn, onDelete?: 'cascade') =>
  integer(name)
    .notNull()
    .references(target, onDelete ? { onDelete } : {});

/** The row's tenant: row-level security binds every query to it. */
export const tenantId = (onDelete?: 'cascade') => ref('tenant_id', () => tenants.id, onDelete);

/** The client a request came from, as sessions and the logs keep it. */
export const clientColumns = () => ({
  address: varchar('address', { length: 64 }).notNull().default(''),
  userAgent: varchar('user_agent', { length: 300 }).notNull().default(''),
});

/** A node of one of a tenant's trees (organisations, roles): its parent, a code unique in the tenant, two names. */
const tenantTree = () => ({
  id: serial('id').primaryKey(),
  tenantId: tenantId(),
  parentId: integer('parent_id'),
  code: varchar('code', { length: 50 }).notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  /** The name in Chinese; null or empty: a zh reader sees `name`. */
  nameZh: varchar('name_zh', { length: 100 }),
});

export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 50 }).notNull().unique(),
  name: varchar('name', { length: 100 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** The one tenant whose super admins run the others (TenantMan, switching tenant). */
  isPlatform: boolean('is_platform').notNull().default(false),
  /** After this day its users can't sign in and their sessions end. */
  expiresOn: date('expires_on'),
  adminUserId: integer('admin_user_id'),
  remark: text('remark'),
  createdAt: createdAt(),
});

export const organizations = pgTable(
  'organizations',
  {
    ...tenantTree(),
    type: varchar('type', { length: 30 }).notNull().default('department'),
    sort: integer('sort').notNull().default(0),
    managerId: integer('manager_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }),
    uniqueIndex('organizations_tenant_code').on(t.tenantId, t.code),
  ],
);

/** A tenant's own labels for grouping its roles; a role's type is one of its tenant's (composite key). */
export const roleTypes = pgTable(
  'role_types',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('role_types_tenant_code').on(t.tenantId, t.code)],
);

export const roles = pgTable(
  'roles',
  {
    ...tenantTree(),
    roleTypeId: integer('role_type_id').references(() => roleTypes.id),
    /** Super admins hold every enabled menu and every button it offers: data, not a name compared inline. */
    isSuper: boolean('is_super').notNull().default(false),
    /** Row scope on engine entities: 'all' or 'own' (system administration adds more). */
    dataScope: varchar('data_scope', { length: 20 }).notNull().default('all'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }),
    uniqueIndex('roles_tenant_code').on(t.tenantId, t.code),
  ],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    userName: varchar('user_name', { length: 50 }).notNull(),
    /** NFKC, trimmed, lower-cased user name: what sign-in and uniqueness compare. */
    userKey: varchar('user_key', { length: 50 }).notNull(),
    userTrueName: varchar('user_true_name', { length: 50 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    email: varchar('email', { length: 100 }).notNull().default(''),
    img: varchar('img', { length: 200 }).notNull().default(''),
    organizationId: integer('organization_id').references(() => organizations.id),
    enabled: boolean('enabled').notNull().default(true),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_user_key').on(t.userKey)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    /** The user's tenant, which is also the role's (composite foreign keys in migration 0018). */
    tenantId: tenantId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    roleId: ref('role_id', () => roles.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role').on(t.roleId)],
);

export const buttons = pgTable('buttons', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 50 }).notNull().unique(),
  name: varchar('name', { length: 50 }).notNull(),
  nameZh: varchar('name_zh', { length: 50 }).notNull(),
  functionName: varchar('function_name', { length: 50 }).notNull(),
  icon: varchar('icon', { length: 50 }).notNull().default(''),
  sort: integer('sort').notNull().default(0),
  builtIn: boolean('built_in').notNull().default(false),
  type: varchar('type', { length: 20 }).notNull().default('default'),
});

export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id'),
    /** The permission key routes declare, e.g. 'UserInfo'. */
    code: varchar('code', { length: 50 }).notNull().unique(),
    name: varchar('name', { length: 50 }).notNull(),
    nameZh: varchar('name_zh', { length: 50 }).notNull(),
    url: varchar('url', { length: 200 }).notNull().default(''),
    icon: varchar('icon', { length: 50 }).notNull().default(''),
    /** 0 off, 1 shown, 2 grantable but hidden from the navigation. */
    enable: smallint('enable').notNull().default(1),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [foreignKey({ columns: [t.parentId], foreignColumns: [t.id] })],
);

/** The buttons a menu's screen offers. */
export const menuButtons = pgTable(
  'menu_buttons',
  {
    menuId: ref('menu_id', () => menus.id, 'cascade'),
    buttonId: ref('button_id', () => buttons.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.menuId, t.buttonId] })],
);

/** A role may open a menu's screen... */
export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: ref('role_id', () => roles.id, 'cascade'),
    menuId: ref('menu_id', () => menus.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

/** ...and use these of its buttons (role × menu × button). */
export const roleGrants = pgTable(
  'role_grants',
  {
    roleId: integer('role_id').notNull(),
    menuId: integer('menu_id').notNull(),
    buttonId: ref('button_id', () => buttons.id, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.roleId, t.menuId, t.buttonId] }),
    foreignKey({ columns: [t.roleId, t.menuId], foreignColumns: [roleMenus.roleId, roleMenus.menuId] }).onDelete(
      'cascade',
    ),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: ref('user_id', () => users.id, 'cascade'),
    tenantId: tenantId(),
    /** The jti of the one token this session honours now. */
    currentJti: uuid('current_jti').notNull(),
    /** The jti replaced by the last rotation, honoured until previousValidUntil. */
    previousJti: uuid('previous_jti'),
    previousValidUntil: stamp('previous_valid_until'),
    createdAt: createdAt(),
    absoluteExpiresAt: stamp('absolute_expires_at').notNull(),
    revokedAt: stamp('revoked_at'),
    ...clientColumns(),
    rotatedAt: stamp('rotated_at'),
  },
  (t) => [index('sessions_user').on(t.userId).where(sql`revoked_at is null`)],
);

/**
 * Failed sign-ins per normalised user name and client address, whether or not such a user exists (no
 * enumeration): one address's failures lock only that address out of that account.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    userKey: varchar('user_key', { length: 100 }).notNull(),
    address: varchar('address', { length: 64 }).notNull(),
    failures: integer('failures').notNull(),
    firstFailedAt: stamp('first_failed_at').notNull(),
    lastFailedAt: stamp('last_failed_at').notNull(),
    /** How many times this address was locked out of this account; each lock lasts twice the last. */
    locks: integer('locks').notNull().default(0),
    lockedUntil: stamp('locked_until'),
  },
  (t) => [primaryKey({ columns: [t.userKey, t.address] })],
);

/** The platform's typed settings by key ('site' is SiteConfig, 'login' LoginSet): every tenant's defaults. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 50 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/** What a tenant's admin set for its own tenant, over the platform's settings (only the fields it may set). */
export const tenantSettings = pgTable(
  'tenant_settings',
  {
    tenantId: tenantId('cascade'),
    key: varchar('key', { length: 50 }).notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key] })],
);

/** The columns every engine table carries: tenant, who and when, and the version for optimistic locking. */
const engineColumns = () => ({
  tenantId: tenantId(),
  createdBy: integer('created_by').references(() => users.id),
  createdAt: createdAt(),
  updatedBy: integer('updated_by').references(() => users.id),
  updatedAt: updatedAt(),
  version: integer('version').notNull().default(1),
});

// Indexes lead with tenant_id (every query filters on it) and follow the metadata's sortable and
// searched fields; engine.test.ts checks that each such field has one.
export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 20 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    gender: varchar('gender', { length: 20 }).notNull(),
    organizationId: integer('organization_id').references(() => organizations.id),
    title: varchar('title', { length: 50 }),
    phone: varchar('phone', { length: 20 }),
    email: varchar('email', { length: 100 }),
    hireDate: date('hire_date').notNull(),
    leaveDate: date('leave_date'),
    status: varchar('status', { length: 20 }).notNull().default('active'),
    userId: integer('user_id').references(() => users.id),
    skills: text('skills').array(),
    hourlyRate: numeric('hourly_rate', { precision: 12, scale: 2 }),
    photo: varchar('photo', { length: 500 }),
    remark: text('remark'),
    ...engineColumns(),
    deletedAt: stamp('deleted_at'),
  },
  (t) => [
    uniqueIndex('employees_code').on(t.tenantId, t.code).where(sql`deleted_at is null`),
    uniqueIndex('employees_user').on(t.tenantId, t.userId).where(sql`deleted_at is null and user_id is not null`),
    index('employees_name').on(t.tenantId, t.name),
    index('employees_title').on(t.tenantId, t.title),
    index('employees_hire_date').on(t.tenantId, t.hireDate),
    index('employees_leave_date').on(t.tenantId, t.leaveDate),
    index('employees_status').on(t.tenantId, t.status),
    index('employees_gender').on(t.tenantId, t.gender),
    index('employees_organization').on(t.tenantId, t.organizationId),
    index('employees_hourly_rate').on(t.tenantId, t.hourlyRate),
    index('employees_created_by').on(t.tenantId, t.createdBy),
  ],
);

export const dictionaries = pgTable(
  'dictionaries',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** A read-only SELECT returning value and label (and optionally parent); empty for a static list. */
    sqlText: text('sql_text'),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort'),
    remark: text('remark'),
    ...engineColumns(),
  },
  (t) => [
    uniqueIndex('dictionaries_code').on(t.tenantId, t.code),
    index('dictionaries_name').on(t.tenantId, t.name),
    index('dictionaries_sort').on(t.tenantId, t.sort),
  ],
);

export const dictionaryItems = pgTable(
  'dictionary_items',
  {
    id: serial('id').primaryKey(),
    dictionaryId: ref('dictionary_id', () => dictionaries.id, 'cascade'),
    value: varchar('value', { length: 100 }).notNull(),
    label: varchar('label', { length: 100 }).notNull(),
    labelZh: varchar('label_zh', { length: 100 }),
    sort: integer('sort'),
    enabled: boolean('enabled').notNull().default(true),
    ...engineColumns(),
  },
  (t) => [
    uniqueIndex('dictionary_items_value').on(t.dictionaryId, t.value),
    index('dictionary_items_dictionary').on(t.tenantId, t.dictionaryId, t.sort),
    index('dictionary_items_label').on(t.tenantId, t.label),
    index('dictionary_items_value_search').on(t.tenantId, t.value),
    index('dictionary_items_sort').on(t.tenantId, t.sort),
  ],
);

/** Field-level before and after of every engine write, written in the write's own transaction. */
export const dataChangeLog = pgTable(
  'data_change_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tenantId: integer('tenant_id').notNull(),
    entity: varchar('entity', { length: 64 }).notNull(),
    entityKey: integer('entity_key').notNull(),
    action: varchar('action', { length: 10 }).notNull(),
    field: varchar('field', { length: 64 }).notNull(),
    before: text('before'),
    after: text('after'),
    userId: integer('user_id').notNull(),
    at: stamp('at').notNull(),
  },
  (t) => [index('data_change_log_entity').on(t.tenantId, t.entity, t.entityKey, t.at)],
);

/** Uploaded files: stored under DATA_DIR/files/<yyyy>/<mm>/<key>; the type is what the content was sniffed as. */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantId(),
    key: uuid('key').notNull().unique(),
    name: varchar('name', { length: 200 }).notNull(),
    size: integer('size').notNull(),
    type: varchar('type', { length: 100 }).notNull(),
    entity: varchar('entity', { length: 64 }).notNull(),
    uploadedBy: ref('uploaded_by', () => users.id),
    uploadedAt: stamp('uploaded_at').notNull(),
    recordEntity: varchar('record_entity', { length: 64 }),
    recordKey: integer('record_key'),
  },
  (t) => [index('files_tenant_entity').on(t.tenantId, t.entity, t.uploadedAt)],
);

/** A tenant's package: the menus its users may be granted. The platform tenant has every menu. */
export const tenantMenus = pgTable(
  'tenant_menus',
  {
    tenantId: tenantId('cascade'),
    menuId: ref('menu_id', () => menus.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.menuId] })],
);

/** External databases (DataSourceMan); `password_enc` is AES-256-GCM and never leaves the server. */
export const dataSources = pgTable(
  'data_sources',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 20 }).notNull(),
    host: varchar('host', { length: 255 }).notNull(),
    port: integer('port').notNull(),
    database: varchar('database', { length: 100 }).notNull(),
    userName: varchar('user_name', { length: 100 }).notNull(),
    passwordEnc: text('password_enc').notNull(),
    ssl: boolean('ssl').notNull().default(false),
    timeoutSeconds: integer('timeout_seconds').notNull().default(10),
    remark: text('remark'),
    lastTestedAt: stamp('last_tested_at'),
    lastTestOk: boolean('last_test_ok'),
    lastReadOnly: boolean('last_read_only'),
    ...engineColumns(),
  },
  (t) => [uniqueIndex('data_sources_name').on(t.tenantId, t.name)],
);
