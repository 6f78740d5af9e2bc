import { randomUUID } from 'node:crypto';
import { captchaSchema, envelopeSchema } from '@trestle/shared';
import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { captchaAnswerHash, captchas } from '../../db/schema-settings.ts';
import { envelope } from '../../http/errors.ts';
import { captchaSvg, randomAnswer } from './captcha-image.ts';

export const CAPTCHA_TTL_SECONDS = 120;

export function captchaRoutes(deps: { db: Db; now: () => Date; rateLimitPerMinute: number }) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get('/api/captcha', {
      // Per client address only, like sign-in: each picture is a row, so minting them is limited.
      config: {
        permission: 'public',
        rateLimit: { max: deps.rateLimitPerMinute, timeWindow: '1 minute', keyGenerator: (req) => req.ip },
      },
      schema: {
        tags: ['user'],
        summary: 'A new image captcha for the sign-in form',
        description:
          'The answer is kept hashed in the database for 2 minutes; the sign-in that sends it spends it, right or wrong.',
        response: { 200: envelopeSchema(captchaSchema) },
      },
      handler: async (_req, reply) => {
        const at = deps.now();
        const answer = randomAnswer();
        const captchaId = randomUUID();
        await deps.db.delete(captchas).where(lt(captchas.expiresAt, at));
        await deps.db.insert(captchas).values({
          id: captchaId,
          answerHash: captchaAnswerHash(answer),
          expiresAt: new Date(at.getTime() + CAPTCHA_TTL_SECONDS * 1000),
        });
        reply.header('cache-control', 'no-store');
        return envelope({ captchaId, svg: captchaSvg(answer), expiresInSeconds: CAPTCHA_TTL_SECONDS });
      },
    });
  };
}
