import { z } from 'zod';

/** Every JSON answer, errors included, has this shape (ARCHITECTURE §3). */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.boolean(), code: z.string(), message: z.string(), data });

export type Envelope<T> = { status: boolean; code: string; message: string; data: T };

// The codes and headers live in codes.ts (no zod): the sign-in page's first load needs them, not the schemas.
export { ErrorCode, type ErrorCodeValue, SETUP_CODE_HEADER, TOKEN_REFRESH_HEADER } from './codes.ts';

export const fieldErrorsSchema = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;
