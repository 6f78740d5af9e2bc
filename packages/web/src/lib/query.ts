import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * A mutation that refreshes the queries under `key` once it succeeds (a key of its own per call where the
 * body says which part changed). No hand-written cache edits: the server's answer is read again.
 */
export function useInvalidatingMutation<T, R>(key: QueryKey | ((body: T) => QueryKey), call: (body: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_data, body) =>
      queryClient.invalidateQueries({ queryKey: typeof key === 'function' ? key(body) : key }),
  });
}

/**
 * What to run after a change a screen saved itself: the queries under `key` are read again, then `reload`
 * refreshes what is held outside the query cache (the store's navigation or button catalogue).
 */
export function useReloadAfterChange(key: QueryKey, reload?: () => Promise<void>): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    await reload?.();
  }, [queryClient, key, reload]);
}
