import { type QueryKey, useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { type ReactNode, useState } from 'react';

/**
 * A saved definition read once, when its editor opens (a new one: nothing to read). Read once: a new one's
 * first save names it in the address, and the editor stays as it is instead of loading it anew. `waiting` is
 * what to show until it is read (a skeleton, or the failure); `reload` reads it again (a save refused as stale).
 */
export function useOpened<T>(id: number | null, key: (id: number) => QueryKey, read: (id: number) => Promise<T>) {
  const [loadId] = useState(id);
  const row = useQuery({
    queryKey: key(loadId ?? 0),
    queryFn: () => read(loadId ?? 0),
    enabled: loadId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const waiting: ReactNode =
    loadId !== null && !row.data ? (
      row.isError ? (
        <Alert type="error" showIcon title={row.error.message} />
      ) : (
        <Skeleton active />
      )
    ) : null;
  return { row: row.data ?? null, waiting, reload: () => row.refetch().then((r) => r.data ?? null) };
}
