import type { FastifyRequest } from 'fastify';

/** The two languages names and messages come in (spec: en-US and zh-CN). */
export type Language = 'en' | 'zh';

/** The caller's language, from Accept-Language: Chinese for any zh tag, else English. */
export const languageOf = (req: FastifyRequest): Language =>
  (req.headers['accept-language'] ?? '').toLowerCase().startsWith('zh') ? 'zh' : 'en';
