import {
  envelopeSchema,
  id,
  idParam,
  organizationInputSchema,
  organizationRowSchema,
  organizationUpdateSchema,
  organizationUserSchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { languageOf } from '../../http/language.ts';
import { createOrganizationService } from './organization.service.ts';

const tags = ['Organization'];
const saved = envelopeSchema(z.object({ id: z.number() }));

/** The organisation screen (/Organization): the tenant's tree, its edits and each node's users. */
export function organizationRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const orgs = createOrganizationService(deps.db);

    r.get('/api/Organization/getTree', {
      config: { permission: { menu: 'Organization', button: 'Search' } },
      schema: {
        tags,
        summary: "The caller's tenant's organisations, flat (build the tree from parentId), with user counts",
        response: { 200: envelopeSchema(z.array(organizationRowSchema)) },
      },
      handler: async (req) => envelope(await orgs.tree(authOf(req).tenantId, languageOf(req))),
    });

    r.get('/api/Organization/getUsers', {
      config: { permission: { menu: 'Organization', button: 'Search' } },
      schema: {
        tags,
        summary: 'The users whose organisation is this node',
        querystring: z.strictObject({ id: idParam }),
        response: { 200: envelopeSchema(z.array(organizationUserSchema)) },
      },
      handler: async (req) => envelope(await orgs.users(authOf(req).tenantId, req.query.id)),
    });

    r.get('/api/Organization/searchUsers', {
      config: { permission: { menu: 'Organization', button: 'Search' } },
      schema: {
        tags,
        summary: 'Users of the tenant matching q (the manager picker), at most 20',
        querystring: z.strictObject({ q: z.string().trim().max(50).default('') }),
        response: { 200: envelopeSchema(z.array(organizationUserSchema)) },
      },
      handler: async (req) => envelope(await orgs.searchUsers(authOf(req).tenantId, req.query.q)),
    });

    r.post('/api/Organization/add', {
      config: { permission: { menu: 'Organization', button: 'Add' } },
      schema: { tags, summary: 'Add an organisation', body: organizationInputSchema, response: { 200: saved } },
      handler: async (req) => envelope(await orgs.add(authOf(req).tenantId, req.body), 'Saved'),
    });

    r.post('/api/Organization/update', {
      config: { permission: { menu: 'Organization', button: 'Update' } },
      schema: {
        tags,
        summary: 'Change an organisation (never under itself)',
        body: organizationUpdateSchema,
        response: { 200: saved },
      },
      handler: async (req) => envelope(await orgs.update(authOf(req).tenantId, req.body), 'Saved'),
    });

    r.post('/api/Organization/del', {
      config: { permission: { menu: 'Organization', button: 'Delete' } },
      schema: {
        tags,
        summary: 'Delete an organisation without units, users or employees under it',
        body: z.strictObject({ id }),
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (req) => {
        await orgs.remove(authOf(req).tenantId, req.body.id);
        return envelope(null, 'Deleted');
      },
    });
  };
}
