import { envelopeSchema, idParam, permissionMatrixSchema, roleSchema, savePermissionBodySchema } from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { languageOf } from '../../http/language.ts';
import { createPermissionService } from './permissions.service.ts';

const can = (button: string) => ({ permission: { menu: 'Permission', button } });
const tags = ['Permission'];
/** The /permission matrix: role × menu × button. */
export function permissionRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const service = createPermissionService(deps.db);

    r.get('/api/permission/getRoles', {
      config: can('Search'),
      schema: {
        tags,
        summary: 'The roles in sight (flat by parentId); manageable ones can be edited',
        response: { 200: envelopeSchema(z.array(roleSchema.omit({ userCount: true }))) },
      },
      handler: async (req) => envelope(await service.roles(authOf(req), languageOf(req))),
    });

    r.get('/api/permission/getMatrix', {
      config: can('Search'),
      schema: {
        tags,
        summary: "A role's menus and buttons, with what the caller may grant",
        querystring: z.strictObject({ roleId: idParam }),
        response: { 200: envelopeSchema(permissionMatrixSchema) },
      },
      handler: async (req) => envelope(await service.matrix(authOf(req), req.query.roleId, languageOf(req))),
    });

    r.post('/api/permission/save', {
      config: can('Update'),
      schema: {
        tags,
        summary: "Replace the role's grants on the menus the caller may grant; applies on the next call",
        body: savePermissionBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (req) => {
        await service.save(authOf(req), req.body);
        return envelope(null, 'Permissions saved');
      },
    });
  };
}
