import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** Whether any string or key in `value` holds a NUL; walked with a list, not recursion, so depth costs no stack. */
export function hasNul(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const v = pending.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (Array.isArray(v)) {
      // One by one: spreading a long array into push() would itself overflow the stack.
      for (const x of v) pending.push(x);
    } else if (v !== null && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        pending.push(x);
      }
    }
  }
  return false;
}

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
