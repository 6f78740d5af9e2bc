import { ErrorCode } from '@trestle/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

export type FilePart = { name: string; bytes: Buffer };

/**
 * Every file of a multipart body, each read whole into memory (nothing touches the disk until the
 * caller has checked them all, so a refused upload leaves no file and no row behind). A body cut
 * short or malformed is a 400; a file past `fileSize` or more than `files` files a 413; both with
 * the envelope and the field named.
 */
export async function readFileParts(
  req: FastifyRequest,
  limits: { fileSize: number; files: number; what: string },
): Promise<FilePart[]> {
  if (!req.isMultipart())
    throw badRequest(`Send the ${limits.what} as multipart/form-data in the field "file"`, { file: 'required' });
  const parts: FilePart[] = [];
  try {
    for await (const part of req.files({ limits: { fileSize: limits.fileSize, files: limits.files } })) {
      if (part.fieldname !== 'file')
        throw badRequest(`Send the ${limits.what} in the field "file"`, { file: 'required' });
      parts.push({ name: part.filename, bytes: await part.toBuffer() });
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (parts.length === 0) throw badRequest(`Send the ${limits.what} in the field "file"`, { file: 'required' });
  return parts;
}

/** A failure while reading the parts: it can only come from the body the client sent. */
function uploadError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const status = (err as { statusCode?: unknown }).statusCode;
  const message = err instanceof Error ? err.message : String(err);
  if (status === 413)
    return new AppError(413, ErrorCode.payloadTooLarge, `The upload is too large: ${message}`, {
      fieldErrors: { file: 'too large' },
    });
  // Busboy's "Unexpected end of form", a missing boundary, a malformed part header, a client that stopped sending.
  return badRequest(`The upload is incomplete or malformed: ${message}`, { file: 'incomplete upload' });
}
