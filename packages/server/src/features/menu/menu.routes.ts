import { buttonSchema, envelopeSchema, menuItemSchema } from '@trestle/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { createMenuRepository, type Language } from './menu.repository.ts';

const languageOf = (req: FastifyRequest): Language =>
  (req.headers['accept-language'] ?? '').toLowerCase().startsWith('zh') ? 'zh' : 'en';

export function menuRoutes(deps: { db: Db }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const repo = createMenuRepository(deps.db);

    r.get('/api/Button/Get', {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['menu'],
        summary: 'The button catalogue',
        response: { 200: envelopeSchema(z.array(buttonSchema)) },
      },
      handler: async (req) => envelope(await repo.buttons(languageOf(req))),
    });

    r.get('/api/menu/getTreeMenu', {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['menu'],
        summary: "The caller's menus (flat; build the tree from parentId) with the button ids granted on each",
        response: { 200: envelopeSchema(z.array(menuItemSchema)) },
      },
      handler: async (req) => envelope(await repo.treeFor(authOf(req).userId, languageOf(req))),
    });
  };
}
