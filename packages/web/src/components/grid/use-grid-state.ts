import { keepPreviousData, type QueryKey, type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type Key, type SetStateAction, useCallback, useRef, useState } from 'react';

/** What every list request carries; a screen adds its own filters beside it. */
export type GridPaging = { page: number; rows: number; sort?: string; order?: 'asc' | 'desc' };
export type GridPage<R> = { rows: R[]; total: number };
export type RowOf<P extends GridPage<unknown>> = P['rows'][number];

/**
 * Where a list's pages come from: the engine's entity API (`entitySource`) or a screen's own route.
 * `key` prefixes the page queries, so invalidating it (a reload, a mutation) refreshes the list.
 */
export type GridSource<Q extends GridPaging, P extends GridPage<unknown>> = {
  key: QueryKey;
  fetchPage: (request: Q) => Promise<P>;
};

export type GridState<Q extends GridPaging, P extends GridPage<unknown>> = {
  request: Q;
  setRequest: Dispatch<SetStateAction<Q>>;
  query: UseQueryResult<P>;
  rows: RowOf<P>[];
  total: number;
  rowKey: (row: RowOf<P>) => Key;
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  /** Searches from page 1 with these filters; the same search again fetches the page anew. */
  search(filters: Partial<Q>): void;
  selectedKeys: Key[];
  selectedRows: RowOf<P>[];
  select(keys: Key[], rows: RowOf<P>[]): void;
  clearSelection(): void;
  reload(): Promise<void>;
  /** The server sends every row at once: the table shows them all, without paging. */
  whole?: boolean;
};

type Options<Q extends GridPaging, P extends GridPage<unknown>> = GridSource<Q, P> & {
  initial: Q;
  rowKey: (row: RowOf<P>) => Key;
  /** The sort a column's "no order" falls back to; the request keeps its sort when omitted. */
  defaultSort?: { field: string; order: 'asc' | 'desc' };
};

/**
 * The state of a server-paged list: its request (filters, page, size, sort), the page fetched for it,
 * the selected rows and a reload. Every list screen holds one; the table, toolbar and dialogs read it.
 */
export function useGridState<Q extends GridPaging, P extends GridPage<unknown>>({
  key,
  fetchPage,
  initial,
  rowKey,
  defaultSort,
}: Options<Q, P>): GridState<Q, P> {
  const queryClient = useQueryClient();
  const [request, setRequest] = useState<Q>(initial);
  const [selection, setSelection] = useState<{ keys: Key[]; rows: RowOf<P>[] }>({ keys: [], rows: [] });
  // A stable reload: dialogs take it as a dependency of their loading effect.
  const keyRef = useRef(key);
  keyRef.current = key;
  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey: keyRef.current }), [queryClient]);
  const query = useQuery({
    queryKey: [...key, 'page', request],
    queryFn: () => fetchPage(request),
    placeholderData: keepPreviousData,
  });

  return {
    request,
    setRequest,
    query,
    rows: query.data?.rows ?? [],
    total: query.data?.total ?? 0,
    rowKey,
    defaultSort,
    search: (filters) => {
      const next: Q = { ...request, ...filters, page: 1 };
      if (JSON.stringify(next) === JSON.stringify(request)) void query.refetch();
      else setRequest(next);
    },
    selectedKeys: selection.keys,
    selectedRows: selection.rows,
    select: (keys, rows) => setSelection({ keys, rows }),
    clearSelection: () => setSelection({ keys: [], rows: [] }),
    reload,
  };
}

/**
 * The state of a list the server sends whole (a catalogue of a few dozen rows): one page holding all of
 * them, which the table shows without paging.
 */
export function useWholeListState<R>(key: QueryKey, fetchAll: () => Promise<R[]>, rowKey: (row: R) => Key) {
  const grid = useGridState({
    key,
    fetchPage: async (): Promise<GridPage<R>> => {
      const rows = await fetchAll();
      return { rows, total: rows.length };
    },
    initial: { page: 1, rows: 1 },
    rowKey,
  });
  return { ...grid, whole: true };
}

/**
 * The open/closed state of a list's record dialog, and what it is opened on (null: a new record).
 * Its callbacks are stable, so a dialog may load its record in an effect that depends on them.
 */
export function useGridDialog<T>(reload: () => Promise<void>) {
  const [open, setOpen] = useState<{ target: T | null } | null>(null);
  const close = useCallback(() => setOpen(null), []);
  const saved = useCallback(() => {
    setOpen(null);
    void reload();
  }, [reload]);
  return {
    isOpen: open !== null,
    target: open?.target ?? null,
    open: (target: T | null) => setOpen({ target }),
    close,
    /** Closes the dialog and reloads the list. */
    saved,
  };
}
