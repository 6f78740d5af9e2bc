import { randomUUID } from 'node:crypto';
import { ErrorCode, type ErrorCodeValue, type FieldErrors } from '@trestle/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/pool-faults.ts';
import { AppError } from '../platform/errors.ts';
import { type ConstraintColumns, constraintAnswer } from './constraint-errors.ts';

// Defined a floor down, so that platform code throws the same errors the envelope answers with.
export { AppError, badRequest, forbidden } from '../platform/errors.ts';

export const envelope = <T>(data: T, message = 'ok') => ({ status: true, code: ErrorCode.ok as string, message, data });

function send(reply: FastifyReply, status: number, code: string, message: string, data: unknown) {
  return reply.status(status).send({ status: false, code, message, data });
}

const statusCodes: Record<number, ErrorCodeValue> = {
  400: ErrorCode.badRequest,
  401: ErrorCode.invalidToken,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  406: ErrorCode.badRequest,
  410: ErrorCode.gone,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.unsupportedMedia,
  429: ErrorCode.rateLimited,
};

/**
 * Failures the router answers before any route or hook runs (a path segment past its length, a
 * malformed percent-encoding): the envelope too, not Fastify's own shape.
 */
export function frameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = err.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
  const message = status === 414 ? 'A part of the address is too long' : 'The address is not valid';
  return send(reply, status, ErrorCode.badRequest, message, null);
}

/** One error handler for the whole app: every failure leaves as the envelope, never a stack trace. */
export function registerErrorHandling(app: FastifyInstance, constraints: ConstraintColumns = () => undefined) {
  app.setNotFoundHandler((req, reply) =>
    send(reply, 404, ErrorCode.notFound, `No route ${req.method} ${req.url}`, null),
  );

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      reply.headers(err.headers);
      return send(reply, err.statusCode, err.code, err.message, err.data);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: FieldErrors = {};
      for (const v of err.validation) {
        const path = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const unknownKeys = unrecognisedKeys(v.params);
        if (unknownKeys.length) {
          for (const key of unknownKeys) fieldErrors[path ? `${path}.${key}` : key] ??= 'unknown field';
        } else {
          fieldErrors[path || '_'] ??= v.message ?? 'invalid';
        }
      }
      const where = err.validationContext ?? 'body';
      return send(reply, 400, ErrorCode.badRequest, `Invalid ${where}: ${summarise(fieldErrors)}`, { fieldErrors });
    }
    const constraint = constraintAnswer(err, constraints);
    if (constraint) return send(reply, constraint.status, constraint.code, constraint.message, constraint.data);
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = statusCodes[status] ?? ErrorCode.badRequest;
      return send(reply, status, code, err.message, null);
    }
    if (isDatabaseUnavailable(err)) {
      // Not the request's fault nor a bug: a connection died under it (what could be retried was).
      req.log.warn({ err }, 'database connection lost');
      reply.header('retry-after', '1');
      return send(reply, 503, ErrorCode.unavailable, 'The database connection was lost; try again', null);
    }
    const errorId = randomUUID();
    req.log.error({ err, errorId }, 'request failed');
    return send(reply, 500, ErrorCode.serverError, `Internal server error (error id ${errorId})`, { errorId });
  });
}

/** The keys a strict schema refused (zod's unrecognized_keys issue). */
function unrecognisedKeys(params: unknown): string[] {
  const keys =
    params && typeof params === 'object' && 'keys' in params ? (params as { keys?: unknown }).keys : undefined;
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [];
}

function summarise(fieldErrors: FieldErrors): string {
  return Object.entries(fieldErrors)
    .slice(0, 3)
    .map(([f, m]) => `${f} ${m}`)
    .join('; ');
}
