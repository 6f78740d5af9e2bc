import { currentUserSchema, ErrorCode, envelopeSchema, isFileKey, updateProfileBodySchema } from '@trestle/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { authOf } from '../../http/auth.ts';
import { AppError, badRequest, envelope } from '../../http/errors.ts';
import { type Language, languageOf } from '../../http/language.ts';
import { readFileParts } from '../../http/multipart.ts';
import type { FileStore } from '../../platform/files.store.ts';
import { AVATAR_ENTITY, AVATAR_MAX_BYTES, adoptLegacyAvatars, imageKindOf } from './avatars.ts';
import { createProfileRepository } from './profile.repository.ts';

const notFound = () => new AppError(404, ErrorCode.notFound, 'No such user');

/**
 * Avatars are files of the tenant the user works in (the file registry, under row-level security): `img`
 * holds the file's key, and the avatar route serves only avatars of the caller's tenant.
 */
export function profileRoutes(deps: { db: Db; files: FileStore; dataDir: string; now: () => Date }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const profiles = createProfileRepository(deps.db, deps.now);
    const { files } = deps;
    // A failed move leaves those users with their initials until the next start; it never stops the server.
    await adoptLegacyAvatars(deps).catch((err: unknown) => app.log.error({ err }, 'moving old avatars failed'));
    /** Deletes a replaced avatar; a stale or foreign value deletes nothing (the store is per tenant). */
    const dropAvatar = async (tenantId: number, img: string) => {
      if (isFileKey(img)) await files.remove(tenantId, [img]);
    };
    const current = async (userId: number, sessionId: string, lang: Language) => {
      const me = await profiles.current(userId, sessionId, lang);
      if (!me) throw notFound();
      return me;
    };

    r.get('/api/user/getCurrentUserInfo', {
      config: { permission: 'signedIn', allowedBeforePasswordChange: true },
      schema: {
        tags: ['user'],
        summary: 'The signed-in user, tenant, organisation and roles',
        response: { 200: envelopeSchema(currentUserSchema) },
      },
      handler: async (req) => {
        const me = authOf(req);
        return envelope(await current(me.userId, me.sessionId, languageOf(req)));
      },
    });

    r.post('/api/user/updateProfile', {
      config: { permission: { menu: 'UserInfo', button: 'Update' } },
      schema: {
        tags: ['user'],
        summary: "Update one's own name, phone and mail",
        body: updateProfileBodySchema,
        response: { 200: envelopeSchema(currentUserSchema) },
      },
      handler: async (req) => {
        const me = authOf(req);
        await profiles.update(me.userId, req.body);
        return envelope(await current(me.userId, me.sessionId, languageOf(req)), 'Saved');
      },
    });

    r.post('/api/user/uploadAvatar', {
      config: { permission: { menu: 'UserInfo', button: 'Upload' } },
      schema: {
        tags: ['user'],
        summary: 'Upload an avatar (multipart field `file`: png, jpeg, gif or webp, at most 2 MB, checked by content)',
        response: { 200: envelopeSchema(z.object({ img: z.string() })) },
      },
      handler: async (req) => {
        const [part] = await readFileParts(req, { fileSize: AVATAR_MAX_BYTES, files: 1, what: 'image' });
        const bytes = part?.bytes ?? Buffer.alloc(0);
        const kind = imageKindOf(bytes);
        if (!kind)
          throw badRequest('The file is not a PNG, JPEG, GIF or WebP image', { file: 'not a supported image' });
        const { tenantId, userId } = authOf(req);
        const { key: img } = await files.save({
          tenantId,
          userId,
          entity: AVATAR_ENTITY,
          name: `avatar.${kind.ext}`,
          type: kind.type,
          bytes,
          record: { entity: 'User', key: userId },
        });
        await dropAvatar(tenantId, await profiles.setImg(userId, img));
        return envelope({ img }, 'Avatar updated');
      },
    });

    r.post('/api/user/removeAvatar', {
      config: { permission: { menu: 'UserInfo', button: 'Delete' } },
      schema: { tags: ['user'], summary: 'Remove the avatar', response: { 200: envelopeSchema(z.null()) } },
      handler: async (req) => {
        const { tenantId, userId } = authOf(req);
        await dropAvatar(tenantId, await profiles.setImg(userId, ''));
        return envelope(null, 'Avatar removed');
      },
    });

    r.get('/api/user/avatar/:key', {
      config: { permission: 'signedIn' },
      schema: {
        tags: ['user'],
        summary: 'An avatar of the caller’s tenant, by its key (fetch it with the Authorization header)',
        params: z.object({ key: z.string().max(60) }),
      },
      handler: async (req, reply) => {
        // Another tenant's avatar answers exactly like a missing one.
        const file = await files.read(authOf(req).tenantId, req.params.key);
        if (file?.entity !== AVATAR_ENTITY || !file.type.startsWith('image/'))
          throw new AppError(404, ErrorCode.notFound, 'No such image');
        // Served as an attachment in a sandbox, so an image can never run as a page of ours.
        return reply
          .header('content-type', file.type)
          .header('content-disposition', 'attachment')
          .header('content-security-policy', "sandbox; default-src 'none'")
          .header('cache-control', 'private, max-age=3600')
          .send(file.bytes);
      },
    });
  };
}
