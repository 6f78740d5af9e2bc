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
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { languageOf } from '../../http/language.ts';
import { requirePlatformAdmin } from '../../http/platform.ts';
import type { Sessions } from '../../http/sessions.ts';
import { createTenantService } from './tenants.service.ts';

const MENU = 'TenantMan';

/**
 * Adding and changing tenants belongs to the whole platform: its administrator's alone (or first-run
 * setup's, before one exists), even for a role of the platform tenant granted TenantMan's buttons.
 */
function platformOnly(db: Db) {
  return async (req: FastifyRequest) => {
    const me = authOf(req);
    if (!me.setup) await requirePlatformAdmin(db, me, 'add or change tenants');
  };
}

/** /TenantMan: the platform's tenants, their packages and admins; a platform admin switches into one. */
export function tenantRoutes(deps: { db: Db; sessions: Sessions; now: () => Date }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createTenantService(deps.db, deps.now);

    r.post('/api/TenantMan/getPageData', {
      config: { permission: { menu: MENU, button: 'Search' }, setupAccess: true },
      schema: {
        tags: ['TenantMan'],
        summary: 'Tenants, searched by code or name, a page at a time',
        body: tenantListQuerySchema,
        response: { 200: envelopeSchema(z.object({ rows: z.array(tenantRowSchema), total: z.number() })) },
      },
      handler: async (req) => envelope(await service.list(req.body.q, req.body.page, req.body.rows)),
    });

    r.get('/api/TenantMan/get', {
      config: { permission: { menu: MENU, button: 'Search' }, setupAccess: true },
      schema: {
        tags: ['TenantMan'],
        summary: 'One tenant with its package (menu ids)',
        querystring: z.strictObject({ id: idParam }),
        response: { 200: envelopeSchema(tenantDetailSchema) },
      },
      handler: async (req) => envelope(await service.get(req.query.id)),
    });

    r.get('/api/TenantMan/packageMenus', {
      config: { permission: { menu: MENU, button: 'Search' }, setupAccess: true },
      schema: {
        tags: ['TenantMan'],
        summary: "The menus a tenant's package may hold (flat; build the tree from parentId)",
        response: { 200: envelopeSchema(z.array(menuItemSchema)) },
      },
      handler: async (req) => envelope(await service.packageMenus(languageOf(req))),
    });

    r.post('/api/TenantMan/add', {
      config: { permission: { menu: MENU, button: 'Add' }, setupAccess: true },
      schema: {
        tags: ['TenantMan'],
        summary: 'A tenant with its admin (who must change the password at first sign-in) and its package',
        body: tenantAddSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number() })) },
      },
      preHandler: platformOnly(deps.db),
      handler: async (req) => envelope(await service.add(req.body), 'Saved'),
    });

    r.post('/api/TenantMan/update', {
      config: { permission: { menu: MENU, button: 'Update' }, setupAccess: true },
      schema: {
        tags: ['TenantMan'],
        summary: "Name, status, expiry and package; disabling ends the tenant's sessions at once",
        body: tenantUpdateSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
      preHandler: platformOnly(deps.db),
      handler: async (req) => {
        await service.update(req.body);
        return envelope(null, 'Saved');
      },
    });

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
