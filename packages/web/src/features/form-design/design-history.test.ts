import { describe, expect, it } from 'vitest';
import { applyChange, type DesignChange } from '../../components/form-design/design-changes.ts';
import { HISTORY_LIMIT, historyReducer, isDirty, startHistory } from '../../components/form-design/design-history.ts';
import { emptyDesign } from '../../components/form-design/design-pieces.ts';
import { ROOT } from '../../components/form-design/design-tree.ts';

describe('undo and redo', () => {
  const addString: DesignChange = {
    type: 'add',
    entry: { kind: 'fieldType', type: 'string' },
    container: ROOT,
    index: 99,
  };

  it('steps back and forth through the designs, and a new change drops what could be redone', () => {
    let h = startHistory(emptyDesign());
    h = historyReducer(h, { type: 'change', change: addString });
    h = historyReducer(h, { type: 'change', change: addString });
    expect(h.present.items).toHaveLength(2);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.items).toHaveLength(1);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.items).toHaveLength(0);
    expect(isDirty(h)).toBe(false);
    h = historyReducer(h, { type: 'redo' });
    expect(h.present.items).toHaveLength(1);
    expect(isDirty(h)).toBe(true);
    h = historyReducer(h, { type: 'change', change: { type: 'form', patch: { width: 800 } } });
    expect(h.future).toEqual([]);
    expect(historyReducer(h, { type: 'redo' })).toBe(h);
  });

  it('makes one step of typing in one input', () => {
    let h = startHistory(applyChange(emptyDesign(), addString));
    for (const en of ['S', 'Si', 'Sit', 'Site'])
      h = historyReducer(h, {
        type: 'change',
        change: { type: 'field', name: 'field1', patch: { label: { en, zh: '' } } },
        key: 'field1.label.en',
      });
    expect(h.past).toHaveLength(1);
    h = historyReducer(h, { type: 'undo' });
    expect(h.present.fields[0]?.label.en).toBe('Text (short)');
  });

  it('keeps at most the last hundred steps', () => {
    let h = startHistory(emptyDesign());
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h = historyReducer(h, { type: 'change', change: addString });
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    for (let i = 0; i < HISTORY_LIMIT + 20; i++) h = historyReducer(h, { type: 'undo' });
    expect(h.present.items).toHaveLength(20);
  });

  it('is clean again once saved', () => {
    let h = startHistory(emptyDesign());
    h = historyReducer(h, { type: 'change', change: addString });
    expect(isDirty(h)).toBe(true);
    h = historyReducer(h, { type: 'saved', design: h.present });
    expect(isDirty(h)).toBe(false);
  });
});
