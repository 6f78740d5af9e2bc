import { TIME_ZONE_HEADER, validTimeZone } from '@trestle/shared';
import type { FastifyRequest } from 'fastify';

/** The two languages names and messages come in (spec: en-US and zh-CN). */
export type Language = 'en' | 'zh';

/** The caller's language, from Accept-Language: Chinese for any zh tag, else English. */
export const languageOf = (req: FastifyRequest): Language =>
  (req.headers['accept-language'] ?? '').toLowerCase().startsWith('zh') ? 'zh' : 'en';

/** The reader's time zone, named by the client in X-Time-Zone; UTC when absent or unknown. */
export const timeZoneOf = (req: FastifyRequest): string => {
  const zone = req.headers[TIME_ZONE_HEADER.toLowerCase()];
  return validTimeZone(typeof zone === 'string' ? zone : undefined);
};
