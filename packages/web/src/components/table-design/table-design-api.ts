import { useQueryClient } from '@tanstack/react-query';
import type {
  BringableTable,
  BroughtIn,
  BuiltInTable,
  DesignDetail,
  DesignListItem,
  Migration,
  Preview,
  TableDesign,
} from '@trestle/shared';

export type {
  DesignDetail,
  DesignListItem,
  DesignStatus,
  Migration,
  Preview,
  PreviewStep,
  Risk,
} from '@trestle/shared';

import { useCallback } from 'react';
import { http } from '../../lib/http/client.ts';
import { gridKeys } from '../grid/entity-api.ts';
import { reloadNavigation } from '../navigation.ts';

export const tableDesignKeys = {
  all: ['tableDesign'] as const,
  list: () => [...tableDesignKeys.all, 'list'] as const,
  builtIns: () => [...tableDesignKeys.all, 'builtIns'] as const,
  sources: () => [...tableDesignKeys.all, 'sources'] as const,
  detail: (id: number) => [...tableDesignKeys.all, 'detail', id] as const,
  preview: (id: number) => [...tableDesignKeys.all, 'preview', id] as const,
  history: (id: number) => [...tableDesignKeys.all, 'history', id] as const,
};

export const listDesigns = () => http.get<DesignListItem[]>('/api/tableDesign/list');
export const builtInTables = () => http.get<BuiltInTable[]>('/api/tableDesign/builtIns');
export const bringableTables = () => http.get<BringableTable[]>('/api/tableDesign/sources');
export const introspectTable = (table: string) => http.post<BroughtIn>('/api/tableDesign/introspect', { table });
export const getDesign = (id: number) => http.get<DesignDetail>('/api/tableDesign/get', { id });
export const designHistory = (id: number) => http.get<Migration[]>('/api/tableDesign/history', { id });
export const previewDesign = (id: number) => http.post<Preview>('/api/tableDesign/preview', { id });

// Saves and applies are quiet: the editor places field errors and tells a conflict itself, the preview shows
// the risks a refused apply answers with.
export const addDesign = (design: TableDesign) =>
  http.post<{ id: number }>('/api/tableDesign/add', { design }, { quiet: true });
export const saveDesign = (id: number, version: number, design: TableDesign) =>
  http.post<null>('/api/tableDesign/save', { id, version, design }, { quiet: true });
export const applyDesign = (id: number) =>
  http.post<{ migration: number; up: string[] }>('/api/tableDesign/apply', { id }, { quiet: true });
export const deleteDesign = (id: number) => http.post<null>('/api/tableDesign/del', { id });
export const rollbackDesign = (id: number) => http.post<{ migration: number }>('/api/tableDesign/rollback', { id });

/**
 * After an apply or a roll back: the designs, the navigation (the guard loads the menu only once, and the
 * design's entry has come or gone) and whatever the generic screen holds of the entity (its metadata is
 * cached for good, and its rows may have moved to other columns).
 */
export function useDesignApplied() {
  const queryClient = useQueryClient();
  return useCallback(
    async (entity: string) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: tableDesignKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['entity-meta', entity] }),
        queryClient.invalidateQueries({ queryKey: gridKeys.entity(entity) }),
      ]);
      await reloadNavigation();
    },
    [queryClient],
  );
}
