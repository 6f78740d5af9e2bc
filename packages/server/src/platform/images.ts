import { badRequest } from './errors.ts';

const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  png: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpeg: (b) => b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])),
  gif: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  webp: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/** An image data URL whose bytes really are the type it names (the zod schema checked the shape). */
export function checkImage(dataUrl: string | undefined, field: string) {
  if (!dataUrl) return;
  const [, kind = '', base64 = ''] = /^data:image\/(\w+);base64,(.*)$/s.exec(dataUrl) ?? [];
  if (!SIGNATURES[kind]?.(Buffer.from(base64, 'base64')))
    throw badRequest(`${field}: the content is not the image type it claims`, { [field]: 'not a valid image' });
}
