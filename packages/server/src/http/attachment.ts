/**
 * Content-Disposition for a download (RFC 6266): an ASCII fallback `filename` and the exact name as
 * UTF-8 in `filename*`, so a Chinese label survives and no quote or CR in a name can break the header.
 */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
