import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { httpMessages } from '../../lib/http/messages.ts';
import { configureHttp } from '../../lib/http/transport.ts';
import { downloadFile, formatSize, previewKind } from './files-api.ts';

const notify = { info: vi.fn(), error: vi.fn() };
beforeEach(() => configureHttp({ notify, toLogin: () => {}, language: () => 'en-US' }));
afterEach(() => {
  vi.restoreAllMocks();
  notify.error.mockReset();
});

describe('downloading a file of the registry', () => {
  it('says the spec’s words when the row has no key', async () => {
    await expect(downloadFile({ key: '', name: 'a.pdf' })).rejects.toThrow();
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('This file has no url and cannot be downloaded');
  });

  it('sends nothing for a key that is an address', async () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    await expect(downloadFile({ key: 'https://evil.example/api/file/x', name: 'a.pdf' })).rejects.toThrow();
    expect(notify.error).toHaveBeenCalledExactlyOnceWith('This file has no url and cannot be downloaded');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says the spec’s words when the server has no information for the file (404)', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ status: false, code: 'not_found', message: 'No such file', data: null }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expect(downloadFile({ key: '0b7c9d5e-1234-4abc-8def-0123456789ab', name: 'a.pdf' })).rejects.toThrow();
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(httpMessages.en['download.noInfo']);
    expect(httpMessages.en['download.noInfo']).toBe('No information for this file was obtained');
  });
});

describe('what the registry previews', () => {
  it('previews raster images and PDF only, never SVG, HTML or text', () => {
    expect(['image/png', 'image/jpeg', 'image/gif', 'image/webp'].map(previewKind)).toEqual(Array(4).fill('image'));
    expect(previewKind('application/pdf')).toBe('pdf');
    expect(['image/svg+xml', 'text/html', 'text/plain', 'application/zip'].map(previewKind)).toEqual(
      Array(4).fill(null),
    );
  });

  it('shows sizes in B, KB and MB', () => {
    expect([formatSize(512), formatSize(2048), formatSize(5 * 1024 * 1024)]).toEqual(['512 B', '2.0 KB', '5.0 MB']);
  });
});
