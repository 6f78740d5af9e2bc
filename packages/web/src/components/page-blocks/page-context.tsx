import type { PageChart, PageNode } from '@trestle/shared';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import type { PageRenderMode } from './contract.ts';
import type { PageFilterValue, Selected } from './page-wheres.ts';

/**
 * What the blocks of one page share while it is shown: the page filters' values and the row selected in each
 * block (a linked block reads what belongs to it). Kept in the browser only; nothing of it is saved.
 */
export type PageContextValue = {
  nodes: readonly PageNode[];
  pageId: number | null;
  mode: PageRenderMode;
  charts: readonly PageChart[];
  filters: Record<string, PageFilterValue>;
  setFilter(id: string, value: PageFilterValue | null): void;
  selection: Record<string, Selected | undefined>;
  /** Publishes (or, with null, withdraws) the row selected in block `uid`. */
  select(uid: string, selected: Selected | null): void;
};

const PageContext = createContext<PageContextValue | null>(null);

type ProviderProps = {
  nodes: readonly PageNode[];
  pageId: number | null;
  mode: PageRenderMode;
  charts?: readonly PageChart[];
  children: ReactNode;
};

const NO_CHARTS: readonly PageChart[] = [];

/** The state of one page shown: PageRenderer holds one; the designer's canvas may wrap its blocks in one. */
export function PageProvider({ nodes, pageId, mode, charts = NO_CHARTS, children }: ProviderProps) {
  const [filters, setFilters] = useState<Record<string, PageFilterValue>>({});
  const [selection, setSelection] = useState<Record<string, Selected | undefined>>({});
  const setFilter = useCallback(
    (id: string, value: PageFilterValue | null) =>
      setFilters((f) => {
        const next = { ...f };
        if (value) next[id] = value;
        else delete next[id];
        return next;
      }),
    [],
  );
  const select = useCallback(
    (uid: string, selected: Selected | null) =>
      setSelection((s) => {
        const before = s[uid];
        if (before?.key === selected?.key && before?.entity === selected?.entity) return s;
        const next = { ...s };
        if (selected) next[uid] = selected;
        else delete next[uid];
        return next;
      }),
    [],
  );
  const value = useMemo(
    () => ({ nodes, pageId, mode, charts, filters, setFilter, selection, select }),
    [nodes, pageId, mode, charts, filters, setFilter, selection, select],
  );
  return <PageContext.Provider value={value}>{children}</PageContext.Provider>;
}

/** The page a block is drawn in, or null outside any. */
export const useOptionalPage = () => useContext(PageContext);

/** The page a block is drawn in (BlockView provides one when it is drawn alone). */
export function usePage(): PageContextValue {
  const page = useContext(PageContext);
  if (!page) throw new Error('a page block is drawn outside a PageProvider');
  return page;
}
