import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/** Set while a reload caused by a failed chunk is under way, so that a chunk that keeps failing cannot loop. */
export const CHUNK_RELOAD_FLAG = 'chunkReload';

/**
 * Wraps a lazy route import: a failed chunk (typically a new deployment removed the old file)
 * reloads the page once (spec §2.5); if it fails again right after the reload, the error
 * reaches the route's error screen instead.
 */
export function lazyRoute<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      const loaded = await load();
      sessionStorage.removeItem(CHUNK_RELOAD_FLAG);
      return loaded;
    } catch (error) {
      if (sessionStorage.getItem(CHUNK_RELOAD_FLAG)) throw error;
      sessionStorage.setItem(CHUNK_RELOAD_FLAG, '1');
      window.location.reload();
      // Keep the navigation pending until the reload replaces the page.
      return new Promise<T>(() => {});
    }
  };
}

/** A route's screen: the component `name` of a module loaded on the first visit, as a chunk of its own. */
export function lazyScreen<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K) {
  return lazyRoute(() => load().then((m) => ({ Component: m[name] })));
}

/** Screens drawn from one module: each path with the name of the page it shows. */
export function moduleScreens<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  pages: Record<string, K>,
): RouteObject[] {
  return Object.entries<K>(pages).map(([path, name]) => ({ path, lazy: lazyScreen(load, name) }));
}
