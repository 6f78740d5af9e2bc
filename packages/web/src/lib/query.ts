import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

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
