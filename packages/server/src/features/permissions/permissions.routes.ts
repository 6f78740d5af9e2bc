import { idParam, permissionMatrixSchema, roleSchema, savePermissionBodySchema } from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { languageOf } from '../../http/language.ts';
import { screenRoutes } from '../../http/screen-routes.ts';
import { createPermissionService } from './permissions.service.ts';

/** The /permission matrix: role × menu × button. */
export function permissionRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const service = createPermissionService(deps.db);
    const screen = screenRoutes(app, 'Permission');

    screen.get(
      '/api/permission/getRoles',
      {
        button: 'Search',
        summary: 'The roles in sight (flat by parentId); manageable ones can be edited',
        data: z.array(roleSchema.omit({ userCount: true })),
      },
      (auth, _, req) => service.roles(auth, languageOf(req)),
    );
    screen.get(
      '/api/permission/getMatrix',
      {
        button: 'Search',
        summary: "A role's menus and buttons, with what the caller may grant",
        input: z.strictObject({ roleId: idParam }),
        data: permissionMatrixSchema,
      },
      (auth, query, req) => service.matrix(auth, query.roleId, languageOf(req)),
    );
    screen.post(
      '/api/permission/save',
      {
        button: 'Update',
        summary: "Replace the role's grants on the menus the caller may grant; applies on the next call",
        input: savePermissionBodySchema,
        message: 'Permissions saved',
      },
      (auth, body) => service.save(auth, body),
    );
  };
}
