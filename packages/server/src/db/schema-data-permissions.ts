import { index, integer, jsonb, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { createdAt, ref, roles, tenantId, updatedAt, users } from './schema.ts';

/** Per role and entity, the row scope (migration 0008); a role without a row keeps roles.data_scope. */
export const roleDataScopes = pgTable(
  'role_data_scopes',
  {
    tenantId: tenantId(),
    roleId: ref('role_id', () => roles.id, 'cascade'),
    entity: varchar('entity', { length: 64 }).notNull(),
    scope: varchar('scope', { length: 20 }).notNull(),
    organizationIds: integer('organization_ids').array().notNull().default([]),
    /** The custom filter (shared CustomFilter), validated against the entity's metadata when saved. */
    filter: jsonb('filter'),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.entity] }), index('role_data_scopes_tenant').on(t.tenantId, t.entity)],
);

/** Who works on which project: the 'projects' scope compiles to membership of the row's project. */
export const projectMembers = pgTable(
  'project_members',
  {
    tenantId: tenantId(),
    projectId: integer('project_id').notNull(),
    userId: ref('user_id', () => users.id, 'cascade'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId, t.projectId] }),
    index('project_members_project').on(t.tenantId, t.projectId),
  ],
);
