import { describe, expect, it, vi } from 'vitest';
import { setToken } from '../token.ts';
import { http } from './client.ts';
import { en, notify, rejection, seen, startFakeServer } from './test-server.ts';

startFakeServer();

describe('download', () => {
  function spyOnSave() {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:test/1';
    });
    URL.revokeObjectURL = vi.fn();
    const clicks: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ href: this.href, download: this.download });
    });
    return { created, clicks };
  }

  it('shows the no-url message when there is no url', async () => {
    await rejection(http.download(''));
    expect(notify.error).toHaveBeenCalledExactlyOnceWith(en['download.noUrl']);
    expect(seen).toHaveLength(0);
  });

  it.each(['https://evil.example/api/file', '//evil.example/api/file', '/files/x', '/api/../etc/passwd'])(
    'shows the bad-url message for %s and sends nothing',
    async (url) => {
      await rejection(http.download(url));
      expect(notify.error).toHaveBeenCalledExactlyOnceWith(en['download.badUrl']);
      expect(seen).toHaveLength(0);
    },
  );

  it.each(['/api/file-nameless', '/api/file-json', '/api/nowhere'])(
    'shows the no-information message for %s',
    async (url) => {
      const { clicks } = spyOnSave();
      await rejection(http.download(url, { id: 1 }));
      expect(notify.error).toHaveBeenCalledExactlyOnceWith(en['download.noInfo']);
      expect(clicks).toHaveLength(0);
    },
  );

  it('saves the file under the Content-Disposition name with the bearer token, then revokes the url', async () => {
    setToken('tok-d');
    const { created, clicks } = spyOnSave();
    await http.download('/api/file', { id: 1 });
    expect(seen[0]).toMatchObject({ method: 'POST', auth: 'Bearer tok-d' });
    expect(await created[0]?.text()).toBe('a,b\n1,2\n');
    expect(clicks).toEqual([{ href: 'blob:test/1', download: 'résumé.csv' }]);
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:test/1');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('prefers the name the caller passes', async () => {
    const { clicks } = spyOnSave();
    await http.download('/api/file-nameless', undefined, 'data.bin');
    expect(clicks[0]?.download).toBe('data.bin');
  });
});

describe('blob (an image to show)', () => {
  it('fetches a same-origin /api path with the token', async () => {
    setToken('tok-b');
    const blob = await http.blob('/api/file');
    expect(await blob.text()).toBe('a,b\n1,2\n');
    expect(seen[0]).toMatchObject({ method: 'GET', path: '/api/file', auth: 'Bearer tok-b' });
  });

  it.each(['https://evil.example/api/file', '//evil.example/api/file', '/files/x', '/api/../etc/passwd'])(
    'refuses %s before any request is made: the token never leaves the app',
    async (url) => {
      setToken('tok-b');
      await expect(http.blob(url)).rejects.toThrow();
      expect(seen).toHaveLength(0);
    },
  );
});
