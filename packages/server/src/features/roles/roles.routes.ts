import {
  addRoleBodySchema,
  addRoleTypeBodySchema,
  envelopeSchema,
  roleIdBodySchema,
  roleSchema,
  roleTypeIdBodySchema,
  roleTypeSchema,
  updateRoleBodySchema,
  updateRoleTypeBodySchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { languageOf } from '../../http/language.ts';
import { createRoleService, createRoleTypeService } from './roles.service.ts';

const role = (button: string) => ({ permission: { menu: 'Role', button } });
const roleType = (button: string) => ({ permission: { menu: 'RoleType', button } });
const nullEnvelope = envelopeSchema(z.null());
const idEnvelope = envelopeSchema(z.object({ id: z.number() }));

/** The /Role tree and the /roletype list. */
export function roleRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const roles = createRoleService(deps.db);
    const types = createRoleTypeService(deps.db);
    const tags = ['Role'];

    r.get('/api/Role/getRoleTree', {
      config: role('Search'),
      schema: {
        tags,
        summary: "The caller's roles and those below them (all of the tenant's for a super admin), flat by parentId",
        response: { 200: envelopeSchema(z.array(roleSchema)) },
      },
      handler: async (req) => envelope(await roles.tree(authOf(req), languageOf(req))),
    });

    r.get('/api/Role/getRoleTypeOptions', {
      config: role('Search'),
      schema: {
        tags,
        summary: 'The role types a role may have (for the role form)',
        response: { 200: envelopeSchema(z.array(roleTypeSchema)) },
      },
      handler: async (req) => envelope(await types.list(authOf(req))),
    });

    r.post('/api/Role/addRole', {
      config: role('Add'),
      schema: {
        tags,
        summary: 'Create a role below one of yours',
        body: addRoleBodySchema,
        response: { 200: idEnvelope },
      },
      handler: async (req) => envelope(await roles.add(authOf(req), req.body), 'Role created'),
    });

    r.post('/api/Role/updateRole', {
      config: role('Update'),
      schema: {
        tags,
        summary: 'Edit or move a role below yours (no cycles; the super flag is a super admin’s)',
        body: updateRoleBodySchema,
        response: { 200: nullEnvelope },
      },
      handler: async (req) => {
        await roles.update(authOf(req), req.body);
        return envelope(null, 'Saved');
      },
    });

    r.post('/api/Role/delRole', {
      config: role('Delete'),
      schema: {
        tags,
        summary: 'Delete a role no one holds and with none below',
        body: roleIdBodySchema,
        response: { 200: nullEnvelope },
      },
      handler: async (req) => {
        await roles.del(authOf(req), req.body.id);
        return envelope(null, 'Role deleted');
      },
    });

    const typeTags = ['RoleType'];
    r.get('/api/roletype/getList', {
      config: roleType('Search'),
      schema: {
        tags: typeTags,
        summary: "The tenant's role types",
        response: { 200: envelopeSchema(z.array(roleTypeSchema)) },
      },
      handler: async (req) => envelope(await types.list(authOf(req))),
    });

    r.post('/api/roletype/addType', {
      config: roleType('Add'),
      schema: {
        tags: typeTags,
        summary: 'Create a role type of the tenant',
        body: addRoleTypeBodySchema,
        response: { 200: idEnvelope },
      },
      handler: async (req) => envelope(await types.add(authOf(req), req.body), 'Role type created'),
    });

    r.post('/api/roletype/updateType', {
      config: roleType('Update'),
      schema: {
        tags: typeTags,
        summary: 'Edit a role type of the tenant',
        body: updateRoleTypeBodySchema,
        response: { 200: nullEnvelope },
      },
      handler: async (req) => {
        await types.update(authOf(req), req.body);
        return envelope(null, 'Saved');
      },
    });

    r.post('/api/roletype/delType', {
      config: roleType('Delete'),
      schema: {
        tags: typeTags,
        summary: 'Delete a role type of the tenant that no role uses',
        body: roleTypeIdBodySchema,
        response: { 200: nullEnvelope },
      },
      handler: async (req) => {
        await types.del(authOf(req), req.body.id);
        return envelope(null, 'Role type deleted');
      },
    });
  };
}
