import type { Button, ButtonInput, ButtonRow, ButtonUpdate } from '@trestle/shared';
import { http } from '../../lib/http/client.ts';
import { useReloadAfterChange } from '../../lib/query.ts';
import { useAppStore } from '../../lib/store.ts';

export const buttonKeys = {
  all: ['buttonCatalogue'] as const,
  list: () => [...buttonKeys.all, 'list'] as const,
};

export const listButtons = () => http.get<ButtonRow[]>('/api/Button/getAll');

// Saves are quiet: the dialog shows field errors and messages itself.
export const addButton = (body: ButtonInput) => http.post<{ id: number }>('/api/Button/add', body, { quiet: true });
export const updateButton = (body: ButtonUpdate) =>
  http.post<{ id: number }>('/api/Button/update', body, { quiet: true });
export const deleteButton = (id: number) => http.post<null>('/api/Button/del', { id });

/** After a change: reload the editor's rows and the catalogue every screen's toolbar reads. */
export const useButtonsChanged = () => useReloadAfterChange(buttonKeys.all, reloadCatalogue);

const reloadCatalogue = async () => useAppStore.getState().setButtons(await http.get<Button[]>('/api/Button/Get'));
