import { avatarPath, filePath } from '@trestle/shared';
import { useEffect, useState } from 'react';
import { http } from '../lib/http/client.ts';

/** Which of the app's own routes serves the key: an uploaded file, or an avatar. */
export type FileRoute = 'file' | 'avatar';

/**
 * A stored file of the caller's tenant (an uploaded photo, an avatar), shown through a blob: URL: an
 * <img src> cannot send the Authorization header. It takes a file key, never an address: the path is
 * built from the key by the app (nothing else becomes a request), and the HTTP client sends the token
 * to same-origin /api paths only, so a value in a record can never make the browser hand the token to
 * another site. The blob URL is revoked when the key changes or the component goes away. `enabled`
 * false defers the fetch (e.g. until a grid cell scrolls into view).
 */
export function useFileBlob(key: string | null | undefined, route: FileRoute = 'file', enabled = true) {
  const path = route === 'avatar' ? avatarPath(key) : filePath(key);
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!path || !enabled) {
      setUrl(undefined);
      return;
    }
    let objectUrl: string | undefined;
    let cancelled = false;
    http
      .blob(path)
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!cancelled) setUrl(undefined);
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path, enabled]);
  return url;
}
