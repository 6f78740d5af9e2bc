import { ErrorCode, type FieldErrors } from '@trestle/shared';
import type { z } from 'zod';
import { AppError, badRequest } from '../http/errors.ts';

/**
 * A hook's refusal: 422 with the hook's message, and the transaction rolls back. A rule about one field
 * names it (the row's own field name), so the form marks that field with the message.
 */
export const abort = (message: string, field?: string) =>
  new AppError(422, ErrorCode.unprocessable, message, field ? { fieldErrors: { [field]: message } } : null);

/**
 * Runs one row's rules; a refusal naming the row's own fields is re-keyed to where the row sits in the body
 * (`mainData.plannedEnd`, `detailData.ProjectTeam.1.employeeId`), as the body's 400s are.
 */
export async function rowRules<T>(prefix: string, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const fieldErrors =
      (err instanceof AppError && (err.data as { fieldErrors?: FieldErrors } | null)?.fieldErrors) || null;
    if (!(err instanceof AppError) || !fieldErrors) throw err;
    const rekeyed = Object.fromEntries(
      Object.entries(fieldErrors).map(([k, v]) => [k.includes('.') ? k : `${prefix}${k}`, v]),
    );
    throw new AppError(err.statusCode, err.code, err.message, { fieldErrors: rekeyed }, err.headers);
  }
}

export const staleVersion = () =>
  new AppError(409, ErrorCode.conflict, 'This record was changed by someone else; reload it and try again');

export const rowNotFound = (key: unknown) => new AppError(404, ErrorCode.notFound, `No record with key ${String(key)}`);

/** zod issues as {field: first message}, prefixed for nested bodies ("detailData.Item.2.qty"). */
export function fieldErrorsOf(error: z.ZodError, prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : [issue.path.join('.')];
    for (const key of keys) {
      const name = prefix + (key || '_');
      out[name] ??= issue.code === 'unrecognized_keys' ? 'unknown field' : issue.message;
    }
  }
  return out;
}

export const invalidRow = (error: z.ZodError, prefix = '') => {
  const fieldErrors = fieldErrorsOf(error, prefix);
  const first = Object.entries(fieldErrors)[0];
  return badRequest(first ? `${first[0]}: ${first[1]}` : 'Invalid data', fieldErrors);
};
