import { envelopeSchema, id, idParam, mixAppItemSchema, mixAppSaveSchema, mixAppSchema } from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { envelope } from '../../http/errors.ts';
import { screenRoutes } from '../../http/screen-routes.ts';
import { deleteMixApp, listMixApps, readMixApp, saveMixApp } from './mix-apps.ts';
import { MIX_MENU } from './pages.access.ts';

const tags = [MIX_MENU];

/**
 * /mixDesign: the apps built with the mixed designer, each its wizard's draft. A save is Add without an id and
 * Update with one: the route lets any holder of the screen in, the handler asks for the button the save needs.
 */
export function mixAppRoutes(deps: { db: Db; now: () => Date }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const s = screenRoutes(app, MIX_MENU, { tags });

    s.get(
      '/api/mixApps/list',
      { button: 'Search', summary: 'The apps built with the mixed designer', data: z.array(mixAppItemSchema) },
      () => listMixApps(deps.db),
    );
    r.get('/api/mixApps/get/:id', {
      config: { permission: { menu: MIX_MENU, button: 'Search' } },
      schema: {
        tags,
        summary: 'An app with its wizard’s draft',
        params: z.strictObject({ id: idParam }),
        response: { 200: envelopeSchema(mixAppSchema) },
      },
      handler: async (req) => envelope(await readMixApp(deps.db, req.params.id)),
    });
    s.post(
      '/api/mixApps/save',
      {
        button: 'Search',
        summary: 'An app’s draft: a new one without id and version, else over the version read (409 otherwise)',
        description: 'Needs Add for a new app and Update for a saved one.',
        input: mixAppSaveSchema,
        data: z.object({ id: z.number(), version: z.number() }),
      },
      (auth, body) => saveMixApp(deps.db, auth, deps.now(), body),
    );
    s.post(
      '/api/mixApps/delete',
      {
        button: 'Delete',
        summary: 'An app’s draft (what its publish made stays)',
        input: z.strictObject({ id }),
        data: z.object({ id: z.number() }),
      },
      (_auth, body) => deleteMixApp(deps.db, body.id),
    );
  };
}
