import {
  entityScopeSchema,
  envelopeSchema,
  explainBodySchema,
  explainResultSchema,
  idParam,
  saveScopeRuleBodySchema,
  scopeOrganizationSchema,
  scopeRoleSchema,
  scopeUserSchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { languageOf } from '../../http/language.ts';
import { createDataPermissionRepository } from './data-permissions.repository.ts';

/** The menu the screen's grants hang on (seeded under System). */
export const DATA_PERMISSION_MENU = 'DataPermission';

/** /api/dataPermission/*: the per-role, per-entity row scopes and the visibility explanation. */
export function dataPermissionRoutes(deps: { db: Db; definitions: EntityDefinition[] }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const repo = createDataPermissionRepository(deps.db, deps.definitions);
    const grant = (button: string) => ({ permission: { menu: DATA_PERMISSION_MENU, button } });
    const tags = ['DataPermission'];

    r.get('/api/dataPermission/roles', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'The roles of the tenant, with their default scope',
        response: { 200: envelopeSchema(z.array(scopeRoleSchema)) },
      },
      handler: async (req) => envelope(await repo.roles(authOf(req), languageOf(req))),
    });

    r.get('/api/dataPermission/entities', {
      config: grant('Search'),
      schema: {
        tags,
        summary: "Every entity with the scopes it supports and the role's rule (null: the role's default)",
        querystring: z.strictObject({ roleId: idParam }),
        response: { 200: envelopeSchema(z.array(entityScopeSchema)) },
      },
      handler: async (req) => envelope(await repo.entities(authOf(req), req.query.roleId)),
    });

    r.post('/api/dataPermission/save', {
      config: grant('Update'),
      schema: {
        tags,
        summary: "Set a role's scope on an entity (rule null: back to the role's default)",
        description:
          'A custom filter names fields of the entity only, with an operator allowed for the field type and a value ' +
          'of that type or a variable (currentUser, currentOrganization, today); anything else is a 400 with fieldErrors.',
        body: saveScopeRuleBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (req) => {
        await repo.save(authOf(req), req.body);
        return envelope(null, 'Saved');
      },
    });

    r.get('/api/dataPermission/organizations', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'The organisation tree (flat, with parentId) for the chooser',
        response: { 200: envelopeSchema(z.array(scopeOrganizationSchema)) },
      },
      handler: async (req) => envelope(await repo.organizations(authOf(req), languageOf(req))),
    });

    r.get('/api/dataPermission/users', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'Users of the tenant to explain a row for (at most 50)',
        querystring: z.strictObject({ q: z.string().max(50).default('') }),
        response: { 200: envelopeSchema(z.array(scopeUserSchema)) },
      },
      handler: async (req) => envelope(await repo.users(authOf(req), req.query.q)),
    });

    r.post('/api/dataPermission/explain', {
      config: grant('Search'),
      schema: {
        tags,
        summary: 'Whether a user sees one row of an entity, and which of their roles lets them (read only)',
        body: explainBodySchema,
        response: { 200: envelopeSchema(explainResultSchema) },
      },
      handler: async (req) => envelope(await repo.explain(authOf(req), req.body, languageOf(req))),
    });
  };
}
