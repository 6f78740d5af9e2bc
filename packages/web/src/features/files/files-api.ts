import { type FileListRequest, type FilePage, type FileRow, filePath } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';

export const fileKeys = {
  all: ['files'] as const,
};

export const listFiles = (req: FileListRequest) => http.post<FilePage>('/api/File/getPageData', req);

export const deleteFiles = (keys: string[]) => http.post<{ count: number }>('/api/File/del', { keys });

/** Adds a file to the registry (not tied to a record); the server checks its size and its kind by content. */
export function uploadFile(file: Blob & { name: string }): Promise<Pick<FileRow, 'key' | 'name'>[]> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.formPost('/api/File/upload', form);
}

/**
 * Saves the file under its registry name, from the app's own route for its key. The HTTP client shows
 * spec §8's messages: no url (no usable key), and no file information (the stored object or the row is gone).
 */
export const downloadFile = (row: Pick<FileRow, 'key' | 'name'>) => http.downloadGet(filePath(row.key) ?? '', row.name);

/** Only what the browser renders without running anything: the four raster types and PDF. */
export const previewKind = (type: string): 'image' | 'pdf' | null =>
  /^image\/(png|jpeg|gif|webp)$/.test(type) ? 'image' : type === 'application/pdf' ? 'pdf' : null;

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
