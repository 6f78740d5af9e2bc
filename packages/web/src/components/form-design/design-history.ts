import type { FormDesign } from '@trestle/shared';
import { applyChange, type DesignChange } from './design-changes.ts';

/** The design with its undo and redo stacks; `saved` is the design as the server last had it. */
export type DesignHistory = {
  past: FormDesign[];
  present: FormDesign;
  future: FormDesign[];
  saved: FormDesign;
  /** The coalescing key of the last change: typing in one input is one step, not one per key. */
  lastKey: string | null;
};

export const HISTORY_LIMIT = 100;

export type HistoryAction =
  | { type: 'change'; change: DesignChange; key?: string }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'load'; design: FormDesign }
  | { type: 'saved'; design: FormDesign };

export const startHistory = (design: FormDesign): DesignHistory => ({
  past: [],
  present: design,
  future: [],
  saved: design,
  lastKey: null,
});

export function historyReducer(state: DesignHistory, action: HistoryAction): DesignHistory {
  switch (action.type) {
    case 'change': {
      const next = applyChange(state.present, action.change);
      if (next === state.present) return state;
      const key = action.key ?? null;
      if (key !== null && key === state.lastKey) return { ...state, present: next, future: [] };
      return {
        ...state,
        past: [...state.past, state.present].slice(-HISTORY_LIMIT),
        present: next,
        future: [],
        lastKey: key,
      };
    }
    case 'undo': {
      const prev = state.past.at(-1);
      if (!prev) return state;
      return {
        ...state,
        past: state.past.slice(0, -1),
        present: prev,
        future: [state.present, ...state.future],
        lastKey: null,
      };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { ...state, past: [...state.past, state.present], present: next, future: rest, lastKey: null };
    }
    case 'load':
      return startHistory(action.design);
    case 'saved':
      return { ...state, saved: action.design, lastKey: null };
  }
}

export const isDirty = (h: DesignHistory) => h.present !== h.saved;
