import {
  id,
  idParam,
  organizationInputSchema,
  organizationRowSchema,
  organizationUpdateSchema,
  organizationUserSchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { languageOf } from '../../http/language.ts';
import { createdId, screenRoutes } from '../../http/screen-routes.ts';
import { createOrganizationService } from './organization.service.ts';

/** The organisation screen (/Organization): the tenant's tree, its edits and each node's users. */
export function organizationRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const screen = screenRoutes(app, 'Organization');
    const orgs = createOrganizationService(deps.db);

    screen.get(
      '/api/Organization/getTree',
      {
        button: 'Search',
        summary: "The caller's tenant's organisations, flat (build the tree from parentId), with user counts",
        data: z.array(organizationRowSchema),
      },
      (auth, _, req) => orgs.tree(auth.tenantId, languageOf(req)),
    );
    screen.get(
      '/api/Organization/getUsers',
      {
        button: 'Search',
        summary: 'The users whose organisation is this node',
        input: z.strictObject({ id: idParam }),
        data: z.array(organizationUserSchema),
      },
      (auth, query) => orgs.users(auth.tenantId, query.id),
    );
    screen.get(
      '/api/Organization/searchUsers',
      {
        button: 'Search',
        summary: 'Users of the tenant matching q (the manager picker), at most 20',
        input: z.strictObject({ q: z.string().trim().max(50).default('') }),
        data: z.array(organizationUserSchema),
      },
      (auth, query) => orgs.searchUsers(auth.tenantId, query.q),
    );
    screen.post(
      '/api/Organization/add',
      {
        button: 'Add',
        summary: 'Add an organisation',
        input: organizationInputSchema,
        data: createdId,
        message: 'Saved',
      },
      (auth, body) => orgs.add(auth.tenantId, body),
    );
    screen.post(
      '/api/Organization/update',
      {
        button: 'Update',
        summary: 'Change an organisation (never under itself)',
        input: organizationUpdateSchema,
        data: createdId,
        message: 'Saved',
      },
      (auth, body) => orgs.update(auth.tenantId, body),
    );
    screen.post(
      '/api/Organization/del',
      {
        button: 'Delete',
        summary: 'Delete an organisation without units, users or employees under it',
        input: z.strictObject({ id }),
        message: 'Deleted',
      },
      (auth, body) => orgs.remove(auth.tenantId, body.id),
    );
  };
}
