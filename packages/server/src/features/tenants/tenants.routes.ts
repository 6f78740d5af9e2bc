import {
  envelopeSchema,
  idParam,
  menuItemSchema,
  tenantAddSchema,
  tenantDetailSchema,
  tenantListQuerySchema,
  tenantRowSchema,
  tenantSwitchSchema,
  tenantUpdateSchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { type AuthContext, authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { languageOf } from '../../http/language.ts';
import { requirePlatformAdmin } from '../../http/platform.ts';
import { createdId, screenRoutes } from '../../http/screen-routes.ts';
import type { Sessions } from '../../http/sessions.ts';
import { createTenantService, type StartTenant } from './tenants.service.ts';

const MENU = 'TenantMan';

/**
 * Adding and changing tenants belongs to the whole platform: its administrator's alone (or first-run
 * setup's, before one exists), even for a role of the platform tenant granted TenantMan's buttons.
 */
const platformOnly = (db: Db) => async (me: AuthContext) => {
  if (!me.setup) await requirePlatformAdmin(db, me, 'add or change tenants');
};

/** /TenantMan: the platform's tenants, their packages and admins; a platform admin switches into one. */
export function tenantRoutes(deps: { db: Db; sessions: Sessions; now: () => Date; startTenant: StartTenant }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createTenantService(deps.db, deps.now, deps.startTenant);
    const screen = screenRoutes(app, MENU, { setupAccess: true });

    screen.post(
      '/api/TenantMan/getPageData',
      {
        button: 'Search',
        summary: 'Tenants, searched by code or name, a page at a time',
        input: tenantListQuerySchema,
        data: z.object({ rows: z.array(tenantRowSchema), total: z.number() }),
      },
      (_, query) => service.list(query.q, query.page, query.rows),
    );
    screen.get(
      '/api/TenantMan/get',
      {
        button: 'Search',
        summary: 'One tenant with its package (menu ids)',
        input: z.strictObject({ id: idParam }),
        data: tenantDetailSchema,
      },
      (_, query) => service.get(query.id),
    );
    screen.get(
      '/api/TenantMan/packageMenus',
      {
        button: 'Search',
        summary: "The menus a tenant's package may hold (flat; build the tree from parentId)",
        data: z.array(menuItemSchema),
      },
      (_, __, req) => service.packageMenus(languageOf(req)),
    );
    screen.post(
      '/api/TenantMan/add',
      {
        button: 'Add',
        summary: 'A tenant with its admin (who must change the password at first sign-in) and its package',
        input: tenantAddSchema,
        data: createdId,
        guard: platformOnly(deps.db),
        message: 'Saved',
      },
      (_, body) => service.add(body),
    );
    screen.post(
      '/api/TenantMan/update',
      {
        button: 'Update',
        summary: "Name, status, expiry and package; disabling ends the tenant's sessions at once",
        input: tenantUpdateSchema,
        guard: platformOnly(deps.db),
        message: 'Saved',
      },
      (_, body) => service.update(body),
    );

    // Any signed-in session may ask: a platform admin switched into a tenant must be able to come back,
    // and that tenant's package has no TenantMan. The service checks who is asking.
    r.post('/api/TenantMan/switch', {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['TenantMan'],
        summary:
          'A platform admin works in another tenant: a new session there (the current one ends); data = the token',
        body: tenantSwitchSchema,
        response: { 200: envelopeSchema(z.string()) },
      },
      handler: async (req) => {
        const me = authOf(req);
        const { target, homeTenantId } = await service.checkSwitch(me.userId, req.body.tenantId);
        // The new session is the target tenant's row; the one ending is the current tenant's.
        const token = await withTenant(target.id, () =>
          deps.sessions.open(
            { id: me.userId, tenantId: target.id, homeTenantId },
            { address: req.ip, userAgent: req.headers['user-agent'] ?? '' },
          ),
        );
        await deps.sessions.revoke(me.sessionId);
        return envelope(token, `Now working in ${target.name}`);
      },
    });
  };
}
