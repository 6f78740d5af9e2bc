import {
  entityScopeSchema,
  explainBodySchema,
  explainResultSchema,
  idParam,
  saveScopeRuleBodySchema,
  scopeOrganizationSchema,
  scopeRoleSchema,
  scopeUserSchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import { languageOf } from '../../http/language.ts';
import { screenRoutes } from '../../http/screen-routes.ts';
import { createDataPermissionRepository } from './data-permissions.repository.ts';

/** The menu the screen's grants hang on (seeded under System). */
export const DATA_PERMISSION_MENU = 'DataPermission';

/** /api/dataPermission/*: the per-role, per-entity row scopes and the visibility explanation. */
export function dataPermissionRoutes(deps: { db: Db; definitions: EntityDefinition[] }) {
  return async (app: FastifyInstance) => {
    const repo = createDataPermissionRepository(deps.db, deps.definitions);
    const screen = screenRoutes(app, DATA_PERMISSION_MENU);

    screen.get(
      '/api/dataPermission/roles',
      {
        button: 'Search',
        summary: 'The roles of the tenant, with their default scope',
        data: z.array(scopeRoleSchema),
      },
      (auth, _, req) => repo.roles(auth, languageOf(req)),
    );
    screen.get(
      '/api/dataPermission/entities',
      {
        button: 'Search',
        summary: "Every entity with the scopes it supports and the role's rule (null: the role's default)",
        input: z.strictObject({ roleId: idParam }),
        data: z.array(entityScopeSchema),
      },
      (auth, query) => repo.entities(auth, query.roleId),
    );
    screen.post(
      '/api/dataPermission/save',
      {
        button: 'Update',
        summary: "Set a role's scope on an entity (rule null: back to the role's default)",
        description:
          'A custom filter names fields of the entity only, with an operator allowed for the field type and a value ' +
          'of that type or a variable (currentUser, currentOrganization, today); anything else is a 400 with fieldErrors.',
        input: saveScopeRuleBodySchema,
        message: 'Saved',
      },
      (auth, body) => repo.save(auth, body),
    );
    screen.get(
      '/api/dataPermission/organizations',
      {
        button: 'Search',
        summary: 'The organisation tree (flat, with parentId) for the chooser',
        data: z.array(scopeOrganizationSchema),
      },
      (auth, _, req) => repo.organizations(auth, languageOf(req)),
    );
    screen.get(
      '/api/dataPermission/users',
      {
        button: 'Search',
        summary: 'Users of the tenant to explain a row for (at most 50)',
        input: z.strictObject({ q: z.string().max(50).default('') }),
        data: z.array(scopeUserSchema),
      },
      (auth, query) => repo.users(auth, query.q),
    );
    screen.post(
      '/api/dataPermission/explain',
      {
        button: 'Search',
        summary: 'Whether a user sees one row of an entity, and which of their roles lets them (read only)',
        input: explainBodySchema,
        data: explainResultSchema,
      },
      (auth, body, req) => repo.explain(auth, body, languageOf(req)),
    );
  };
}
