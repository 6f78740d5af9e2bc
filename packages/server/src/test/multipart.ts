import type { FastifyInstance } from 'fastify';
import { bearer } from './helper.ts';

/** A multipart/form-data body of files in one field, as a browser's upload sends it. */
export type Part = { name: string; bytes: Buffer; type?: string };

export function multipart(parts: Part[], field = 'file') {
  const boundary = '----trestle-test-boundary';
  const payload = Buffer.concat([
    ...parts.flatMap((p) => [
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${p.name}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      p.bytes,
      Buffer.from('\r\n'),
    ]),
    Buffer.from(`--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An upload of `parts` to `url` (an upload, an import, an avatar) by the holder of `token`, answered as it came. */
export function postFiles(app: FastifyInstance, url: string, token: string, parts: Part[], field = 'file') {
  const m = multipart(parts, field);
  return app.inject({ method: 'POST', url, headers: { ...m.headers, ...bearer(token) }, payload: m.payload });
}

/** The smallest PNG: one pixel. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
