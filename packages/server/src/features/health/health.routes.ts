import { envelopeSchema } from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../http/errors.ts';

export function healthRoutes(deps: { ping(): Promise<boolean> }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get('/api/health', {
      config: { permission: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The process is alive',
        response: { 200: envelopeSchema(z.object({ uptimeSeconds: z.number() })) },
      },
      handler: async () => envelope({ uptimeSeconds: Math.round(process.uptime()) }, 'alive'),
    });
    r.get('/api/ready', {
      config: { permission: 'public' },
      schema: { tags: ['health'], summary: 'The database answers (503 when it does not)' },
      handler: async (_req, reply) => {
        const up = await deps.ping();
        return reply.status(up ? 200 : 503).send({
          status: up,
          code: up ? 'ok' : 'server_error',
          message: up ? 'ready' : 'the database does not answer',
          data: { database: up ? 'ok' : 'down' },
        });
      },
    });
  };
}
