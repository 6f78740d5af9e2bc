import { ErrorCode } from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { attachment } from '../../http/attachment.ts';
import { authOf } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { createFileStore } from './files.store.ts';

export function fileRoutes(deps: { db: Db; dataDir: string; now: () => Date }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const store = createFileStore(deps.db, deps.dataDir, deps.now);

    r.get('/api/file/:key', {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['file'],
        summary: 'An uploaded file of the caller’s tenant (fetch it with the Authorization header)',
        params: z.object({ key: z.string().max(60) }),
      },
      handler: async (req, reply) => {
        const file = await store.read(authOf(req).tenantId, req.params.key);
        if (!file) throw new AppError(404, ErrorCode.notFound, 'No such file');
        // Always a download, never sniffed, and sandboxed: an uploaded file can never run as a page of ours.
        return reply
          .header('content-type', file.type)
          .header('content-disposition', attachment(file.name))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', 'sandbox')
          .header('cache-control', 'private, max-age=3600')
          .send(file.bytes);
      },
    });
  };
}
