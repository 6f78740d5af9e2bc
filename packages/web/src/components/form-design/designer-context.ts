import type { EntityScreenMeta, FormDesign } from '@trestle/shared';
import { createContext, useContext } from 'react';
import type { DesignChange } from './design-changes.ts';
import type { PlacedErrors } from './design-errors.ts';

/** What is selected on the canvas: an item, and the container inside it that was clicked (a tab, a column). */
export type Selection = { id: string; container?: string } | null;

export type Designer = {
  design: FormDesign;
  /** One change to the design; changes with the same `key` in a row are one step of undo (typing). */
  change(change: DesignChange, key?: string): void;
  selection: Selection;
  select(selection: Selection): void;
  /** The design's problems by key (`items.2.name`), checked as the user edits, with a refused save's. */
  errors: Record<string, string>;
  placed: PlacedErrors;
  /** A bound form's entity with its detail entities; undefined for a standalone form (or while it loads). */
  entity: EntityScreenMeta | undefined;
};

export const DesignerContext = createContext<Designer | null>(null);

export function useDesigner(): Designer {
  const designer = useContext(DesignerContext);
  if (!designer) throw new Error('useDesigner outside the form designer');
  return designer;
}

/** A change to one item's own properties; typing in one of them (`key`) is one step of undo. */
export function useItemPatch(id: string) {
  const { change } = useDesigner();
  return (patch: Record<string, unknown>, key: string) => change({ type: 'item', id, patch }, `${id}:${key}`);
}
