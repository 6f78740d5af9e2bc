import {
  ErrorCode,
  envelopeSchema,
  fileDeleteBodySchema,
  fileListRequestSchema,
  filePageSchema,
} from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { attachment } from '../../http/attachment.ts';
import { authOf } from '../../http/auth.ts';
import { AppError, envelope } from '../../http/errors.ts';
import { saveCheckedUploads, storedFileSchema } from '../../http/files.upload.ts';
import type { ObjectStore } from '../../platform/files.objects.ts';
import { createFileStore } from '../../platform/files.store.ts';

const grant = (button: string) => ({ permission: { menu: 'File', button } });

export function fileRoutes(deps: { db: Db; objects: ObjectStore; now: () => Date }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const store = createFileStore(deps.db, deps.objects, deps.now);

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

    r.post('/api/File/getPageData', {
      config: grant('Search'),
      schema: {
        tags: ['file'],
        summary: 'The file registry: the tenant’s uploaded files, searched, sorted and paged',
        body: fileListRequestSchema,
        response: { 200: envelopeSchema(filePageSchema) },
      },
      handler: async (req) => envelope(await store.list(authOf(req).tenantId, req.body)),
    });

    r.post('/api/File/upload', {
      config: grant('Upload'),
      schema: {
        tags: ['file'],
        summary:
          'Upload files to the registry, not tied to a record (multipart field "file"; SiteConfig’s size limit and kinds, type checked by content)',
        response: { 200: envelopeSchema(z.array(storedFileSchema)) },
      },
      handler: async (req) => envelope(await saveCheckedUploads(req, { db: deps.db, store }, 'File'), 'Uploaded'),
    });

    r.post('/api/File/del', {
      config: grant('Delete'),
      schema: {
        tags: ['file'],
        summary: 'Delete files: the registry rows and the stored objects (keys of other tenants are ignored)',
        body: fileDeleteBodySchema,
        response: { 200: envelopeSchema(z.object({ count: z.number() })) },
      },
      handler: async (req) => {
        const count = await store.remove(authOf(req).tenantId, req.body.keys);
        return envelope({ count }, `Deleted ${count} file(s)`);
      },
    });
  };
}
