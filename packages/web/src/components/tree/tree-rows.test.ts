import type { MenuRow } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import { buildTree, dropTarget, parentOptions, withDescendants } from './tree-rows.ts';

const row = (id: number, parentId: number | null): MenuRow => ({
  id,
  parentId,
  code: `M${id}`,
  name: `Menu ${id}`,
  nameZh: `菜单${id}`,
  url: '',
  icon: '',
  enable: 1,
  sort: id,
  buttonIds: [],
  builtIn: false,
});
// 1 ─ 2 ─ 4
//   └ 3
// 5
const rows = [row(1, null), row(2, 1), row(3, 1), row(4, 2), row(5, null)];

describe('the menu editor tree', () => {
  it('nests rows under their parents in order', () => {
    const tree = buildTree(rows, (r) => r.name);
    expect(tree.map((n) => n.key)).toEqual([1, 5]);
    expect(tree[0]?.children.map((n) => n.key)).toEqual([2, 3]);
    expect(tree[0]?.children[0]?.children.map((n) => n.key)).toEqual([4]);
  });

  it('knows a menu and its descendants (the parents it may not take)', () => {
    expect([...withDescendants(rows, 1)].sort()).toEqual([1, 2, 3, 4]);
    expect([...withDescendants(rows, 3)]).toEqual([3]);
  });

  it('offers every row as a parent but the edited one and those under it', () => {
    const options = parentOptions(rows, (r) => r.name, rows[1]);
    expect(options.map((o) => [o.value, o.disabled])).toEqual([
      [1, false],
      [5, false],
    ]);
    expect(options[0]?.children.map((o) => [o.value, o.disabled])).toEqual([
      [2, true],
      [3, false],
    ]);
    expect(options[0]?.children[0]?.children.map((o) => o.disabled)).toEqual([true]);
  });

  it('turns a drop into a parent and an index among the new siblings', () => {
    expect(dropTarget(rows, 5, 2, 'inside')).toEqual({ parentId: 2, index: 0 });
    expect(dropTarget(rows, 5, 3, 'before')).toEqual({ parentId: 1, index: 1 });
    expect(dropTarget(rows, 5, 3, 'after')).toEqual({ parentId: 1, index: 2 });
    // Moving within the same parent: the dragged menu does not count among the siblings.
    expect(dropTarget(rows, 2, 3, 'after')).toEqual({ parentId: 1, index: 1 });
    expect(dropTarget(rows, 5, 1, 'before')).toEqual({ parentId: null, index: 0 });
  });
});
