import { envelopeSchema, formDesignSchema } from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import type { EntityDefinition } from '../../engine/definition.ts';
import { entityParams } from '../../engine/engine-targets.ts';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import type { ObjectStore } from '../../platform/files.objects.ts';
import { type BoundForms, entityScreen } from './forms.bound.ts';
import { formDesignRoutes } from './forms.design.routes.ts';
import { formFillRoutes } from './forms.fill.routes.ts';
import { formPublicRoutes } from './forms.public.routes.ts';

/** A public link takes this many answers a minute from one address. */
const PUBLIC_SUBMITS_PER_MINUTE = 10;

/**
 * The form designer, filling forms, their public links, and the bound form an entity's dialog is laid out
 * with. `bound` is the cache the engine's add and update read too (app.ts hands it to both).
 */
export function formRoutes(deps: {
  db: Db;
  now: () => Date;
  definitions: readonly EntityDefinition[];
  bound: BoundForms;
  /** Where an answer's uploads are stored (the engine's file store). */
  objects: ObjectStore;
}) {
  return async (app: FastifyInstance) => {
    await app.register(formDesignRoutes(deps));
    await app.register(formFillRoutes(deps));
    await app.register(formPublicRoutes({ ...deps, submitsPerMinute: PUBLIC_SUBMITS_PER_MINUTE }));

    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/:entity/getForm', {
      config: {
        permission: { menu: ':entity', button: 'Search' },
        namesSomething: (name: string) => entityScreen(deps.definitions, name) !== undefined,
      },
      schema: {
        tags: ['formDesign'],
        summary: 'The published form the company lays the entity’s add and edit dialog out with (null: none)',
        params: entityParams,
        response: { 200: envelopeSchema(formDesignSchema.nullable()) },
      },
      handler: async (req) => envelope(await deps.bound.published(authOf(req).tenantId, req.params.entity)),
    });
  };
}
