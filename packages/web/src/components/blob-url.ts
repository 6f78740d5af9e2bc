import { useEffect, useState } from 'react';
import { getToken } from '../lib/token.ts';

/**
 * An /api/... image (an avatar, an uploaded photo) needs the Authorization header, which an
 * <img src> cannot send, so it is fetched and shown through a blob URL (allowed by the CSP's
 * img-src blob:). The blob URL is revoked when the source changes or the component goes away.
 * `enabled` false defers the fetch (e.g. until a grid cell scrolls into view).
 */
export function useBlobUrl(src: string | null | undefined, enabled = true): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!src || !enabled) {
      setUrl(undefined);
      return;
    }
    let objectUrl: string | undefined;
    let cancelled = false;
    fetch(src, { headers: { Authorization: `Bearer ${getToken()}` } })
      .then((res) => (res.ok ? res.blob() : Promise.reject(new Error(String(res.status)))))
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
  }, [src, enabled]);
  return url;
}
