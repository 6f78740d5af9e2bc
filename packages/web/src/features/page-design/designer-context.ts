import type { BlockType, EntityScreenMeta, PageNode, PageProblems } from '@trestle/shared';
import { createContext, useContext } from 'react';
import type { Rect } from '../../components/grid-layout/layout.ts';
import type { SlotRef } from './page-model.ts';

/** What every part of the designer reads and calls: the draft, the selection, the problems, the edits. */
export type Designer = {
  nodes: readonly PageNode[];
  selected: string | null;
  problems: PageProblems;
  metas: ReadonlyMap<string, EntityScreenMeta>;
  readOnly: boolean;
  select(uid: string | null): void;
  /** A new block of `type` in `at` (at `where` on its grid when dropped there). */
  add(type: Exclude<BlockType, 'page'>, at: SlotRef, where?: { x: number; y: number }): void;
  place(uid: string, rect: Rect): void;
  moveTo(uid: string, to: SlotRef): void;
  remove(uid: string): void;
  /** The block's settings with `patch` over them. */
  setProps(uid: string, patch: Record<string, unknown>): void;
  /** A block's name in the designer: its title, else its entity's label, else its id. */
  nameOf(node: PageNode): string;
};

export const DesignerContext = createContext<Designer | null>(null);

export function useDesigner(): Designer {
  const designer = useContext(DesignerContext);
  if (!designer) throw new Error('useDesigner outside the page designer');
  return designer;
}

/** The drag data a palette entry carries onto a slot's grid. */
export const PALETTE_DRAG_TYPE = 'application/x-trestle-block';
