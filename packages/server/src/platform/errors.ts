import { ErrorCode, type ErrorCodeValue, type FieldErrors } from '@trestle/shared';

/** An expected failure: becomes the envelope with this status, code and message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCodeValue,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new AppError(400, ErrorCode.badRequest, message, fieldErrors ? { fieldErrors } : null);
export const forbidden = (message = 'You do not have permission for this action') =>
  new AppError(403, ErrorCode.forbidden, message);
