import {
  addRoleBodySchema,
  addRoleTypeBodySchema,
  roleIdBodySchema,
  roleSchema,
  roleTypeIdBodySchema,
  roleTypeSchema,
  updateRoleBodySchema,
  updateRoleTypeBodySchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { languageOf } from '../../http/language.ts';
import { createdId, screenRoutes } from '../../http/screen-routes.ts';
import { createRoleService, createRoleTypeService } from './roles.service.ts';

/** The /Role tree and the /roletype list. */
export function roleRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const roles = createRoleService(deps.db);
    const types = createRoleTypeService(deps.db);
    const role = screenRoutes(app, 'Role');
    const roleType = screenRoutes(app, 'RoleType');

    role.get(
      '/api/Role/getRoleTree',
      {
        button: 'Search',
        summary: "The caller's roles and those below them (all of the tenant's for a super admin), flat by parentId",
        data: z.array(roleSchema),
      },
      (auth, _, req) => roles.tree(auth, languageOf(req)),
    );
    role.get(
      '/api/Role/getRoleTypeOptions',
      {
        button: 'Search',
        summary: 'The role types a role may have (for the role form)',
        data: z.array(roleTypeSchema),
      },
      (auth) => types.list(auth),
    );
    role.post(
      '/api/Role/addRole',
      {
        button: 'Add',
        summary: 'Create a role below one of yours',
        input: addRoleBodySchema,
        data: createdId,
        message: 'Role created',
      },
      (auth, body) => roles.add(auth, body),
    );
    role.post(
      '/api/Role/updateRole',
      {
        button: 'Update',
        summary: 'Edit or move a role below yours (no cycles; the super flag is a super admin’s)',
        input: updateRoleBodySchema,
        message: 'Saved',
      },
      (auth, body) => roles.update(auth, body),
    );
    role.post(
      '/api/Role/delRole',
      {
        button: 'Delete',
        summary: 'Delete a role no one holds and with none below',
        input: roleIdBodySchema,
        message: 'Role deleted',
      },
      (auth, body) => roles.del(auth, body.id),
    );

    roleType.get(
      '/api/roletype/getList',
      { button: 'Search', summary: "The tenant's role types", data: z.array(roleTypeSchema) },
      (auth) => types.list(auth),
    );
    roleType.post(
      '/api/roletype/addType',
      {
        button: 'Add',
        summary: 'Create a role type of the tenant',
        input: addRoleTypeBodySchema,
        data: createdId,
        message: 'Role type created',
      },
      (auth, body) => types.add(auth, body),
    );
    roleType.post(
      '/api/roletype/updateType',
      {
        button: 'Update',
        summary: 'Edit a role type of the tenant',
        input: updateRoleTypeBodySchema,
        message: 'Saved',
      },
      (auth, body) => types.update(auth, body),
    );
    roleType.post(
      '/api/roletype/delType',
      {
        button: 'Delete',
        summary: 'Delete a role type of the tenant that no role uses',
        input: roleTypeIdBodySchema,
        message: 'Role type deleted',
      },
      (auth, body) => types.del(auth, body.id),
    );
  };
}
