import { index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { organizations, ref, tenantId, users } from './schema.ts';

/** The organisations a user belongs to; users.organization_id stays the main one and is one of these. */
export const userOrganizations = pgTable(
  'user_organizations',
  {
    tenantId: tenantId(),
    userId: ref('user_id', () => users.id, 'cascade'),
    organizationId: ref('organization_id', () => organizations.id, 'cascade'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.organizationId] }),
    index('user_organizations_organization').on(t.tenantId, t.organizationId),
  ],
);
