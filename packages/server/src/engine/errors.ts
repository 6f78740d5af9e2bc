import { ErrorCode, type FieldErrors } from '@trestle/shared';
import type { z } from 'zod';
import { AppError, badRequest } from '../http/errors.ts';

/** A hook's refusal: 422 with the hook's message, and the transaction rolls back. */
export const abort = (message: string) => new AppError(422, ErrorCode.unprocessable, message);

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
