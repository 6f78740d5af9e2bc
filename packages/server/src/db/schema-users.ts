import { index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { organizations, tenants, users } from './schema.ts';

/** The organisations a user belongs to; users.organization_id stays the main one and is one of these. */
export const userOrganizations = pgTable(
  'user_organizations',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index('user_organizations_organization').on(t.tenantId, t.organizationId),
  ],
);
