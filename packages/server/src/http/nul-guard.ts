import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

const hasNul = (v: unknown): boolean => {
  if (typeof v === 'string') return v.includes('\u0000');
  if (Array.isArray(v)) return v.some(hasNul);
  if (v !== null && typeof v === 'object') return Object.entries(v).some(([k, x]) => k.includes('\u0000') || hasNul(x));
  return false;
};

/**
 * PostgreSQL text cannot hold the NUL character: a body, query or path with one is refused at the
 * door with a 400, before any route would hand it to the database and fail with a 500.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (hasNul(req.body) || hasNul(req.query) || hasNul(req.params))
      throw badRequest('Text must not contain the NUL character');
  });
}
