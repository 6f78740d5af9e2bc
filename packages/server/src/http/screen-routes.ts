import { envelopeSchema } from '@trestle/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type AuthContext, authOf } from './auth.ts';
import { envelope } from './errors.ts';

/** The answer of a route that creates a row. */
export const createdId = z.object({ id: z.number() });

/** What a screen's route declares: the button it needs, its documentation, its input and its answer. */
export type ScreenRoute<I extends z.ZodType, D extends z.ZodType> = {
  /** The button of the screen's menu the caller must hold. */
  button: string;
  summary: string;
  description?: string;
  /** The body of a POST, the query string of a GET. */
  input?: I;
  /** The answer's data; without it the data is null (an action answered by its message alone). */
  data?: D;
  /** A check beyond the grant, made once the input is valid and before the call. */
  guard?: (auth: AuthContext) => Promise<unknown>;
  /** The answer's message: 'ok' unless said. */
  message?: string | ((input: z.output<I>) => string);
};

type Run<I extends z.ZodType, D extends z.ZodType> = (
  auth: AuthContext,
  input: z.output<I>,
  req: FastifyRequest,
) => Promise<z.input<D>>;

/**
 * The routes of one screen: each declares its grant and schema and calls one function; the permission
 * check, the signed-in caller and the envelope are written here once.
 */
export function screenRoutes(
  app: FastifyInstance,
  menu: string,
  options: { tags?: string[]; setupAccess?: true } = {},
) {
  const tags = options.tags ?? [menu];
  // The first-run setup visitor (setup code, no session) may call the screens that allow it.
  const config = options.setupAccess ? { setupAccess: true } : {};
  const define =
    (method: 'GET' | 'POST') =>
    <I extends z.ZodType = z.ZodUndefined, D extends z.ZodType = z.ZodUnknown>(
      url: string,
      spec: ScreenRoute<I, D>,
      run: Run<I, D>,
    ) => {
      const input = spec.input && (method === 'GET' ? { querystring: spec.input } : { body: spec.input });
      // Typed by the spec, not by Fastify's provider: the input is cast once here, the run is checked against `data`.
      app.route({
        method,
        url,
        config: { ...config, permission: { menu, button: spec.button } },
        schema: {
          tags,
          summary: spec.summary,
          ...(spec.description && { description: spec.description }),
          ...input,
          response: { 200: envelopeSchema(spec.data ?? z.null()) },
        },
        handler: async (req) => {
          const given = (method === 'GET' ? req.query : req.body) as z.output<I>;
          const auth = authOf(req);
          await spec.guard?.(auth);
          const data = await run(auth, given, req);
          const message = typeof spec.message === 'function' ? spec.message(given) : spec.message;
          return envelope(spec.data ? data : null, message);
        },
      });
    };
  return { get: define('GET'), post: define('POST') };
}
