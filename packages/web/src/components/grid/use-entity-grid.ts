import type { EntityMeta, PageRequest, PageResult } from '@trestle/shared';
import { useEffect } from 'react';
import { useShellSite } from '../site-appearance.tsx';
import { entitySource } from './entity-api.ts';
import { type GridState, useGridState } from './use-grid-state.ts';

/** An entity's list request, its page and size always set. */
export type EntityRequest = PageRequest & { page: number; rows: number };
export type EntityGrid = GridState<EntityRequest, PageResult>;

/** The grid state of an engine entity: its pages from the entity API, sorted as its metadata says. */
export function useEntityGrid(meta: EntityMeta): EntityGrid {
  const grid = useGridState<EntityRequest, PageResult>({
    ...entitySource(meta.name),
    rowKey: (r) => Number(r[meta.key]),
    defaultSort: meta.defaultSort,
    initial: {
      page: 1,
      rows: 30,
      sort: meta.defaultSort.field,
      order: meta.defaultSort.order,
      wheres: [],
      exactTotal: false,
    },
  });
  // SiteConfig's default page size, once it is known.
  const pageSize = useShellSite().data?.pageSize;
  const { setRequest } = grid;
  useEffect(() => {
    if (pageSize) setRequest((r) => ({ ...r, rows: pageSize }));
  }, [pageSize, setRequest]);
  return grid;
}
