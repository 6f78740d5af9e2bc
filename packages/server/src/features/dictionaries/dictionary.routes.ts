import { envelopeSchema } from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../http/auth.ts';
import { envelope } from '../../http/errors.ts';
import { languageOf } from '../../http/language.ts';
import type { DictionaryService } from './dictionary.service.ts';

const item = z.object({ value: z.string(), label: z.string(), parent: z.string().nullable().optional() });
const code = z
  .string()
  .regex(/^[A-Za-z][A-Za-z0-9_]*$/)
  .max(50);

export function dictionaryRoutes(deps: { dictionaries: DictionaryService }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post('/api/Dictionary/getVueDictionary', {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['Dictionary'],
        summary: 'Every dictionary a screen needs, in one call (large ones come back as remote, without items)',
        body: z.array(code).max(50),
        response: {
          200: envelopeSchema(z.array(z.object({ code: z.string(), remote: z.boolean(), items: z.array(item) }))),
        },
      },
      handler: async (req) => envelope(await deps.dictionaries.many(authOf(req), languageOf(req), req.body)),
    });

    r.get('/api/Dictionary/searchItems', {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['Dictionary'],
        summary: 'Search a dictionary by text (q), or translate codes (values=a,b)',
        querystring: z.strictObject({
          code,
          q: z.string().max(100).default(''),
          values: z.string().max(2000).default(''),
        }),
        response: { 200: envelopeSchema(z.array(item)) },
      },
      handler: async (req) => {
        const values = req.query.values ? req.query.values.split(',').slice(0, 100) : [];
        return envelope(
          await deps.dictionaries.search(authOf(req), languageOf(req), req.query.code, req.query.q, values),
        );
      },
    });
  };
}
