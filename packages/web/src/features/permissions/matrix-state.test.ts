import type { PermissionMatrix, PermissionMenu } from '@trestle/shared';
import { describe, expect, it } from 'vitest';
import {
  columnState,
  initialGrants,
  rowState,
  setButton,
  setColumn,
  setOpen,
  setRow,
  toSaveBody,
} from './matrix-state.ts';

const menu = (id: number, extra: Partial<PermissionMenu> = {}): PermissionMenu => ({
  id,
  parentId: null,
  name: `m${id}`,
  url: `/m${id}`,
  offered: [1, 2, 3],
  assignable: [1, 2, 3],
  openable: true,
  opened: false,
  granted: [],
  ...extra,
});
const users = menu(10, { opened: true, granted: [1] });
const roles = menu(11);
const notMine = menu(12, { openable: false, assignable: [], opened: true, granted: [2] });
const folder = menu(13, { url: '', offered: [], assignable: [] });
const matrix: PermissionMatrix = { roleId: 5, buttons: [], menus: [users, roles, notMine, folder] };

describe('the permission matrix state', () => {
  it('starts from the opened menus and their granted buttons', () => {
    const g = initialGrants(matrix);
    expect([...g.keys()]).toEqual([10, 12]);
    expect([...(g.get(10) ?? [])]).toEqual([1]);
  });

  it('opens a menu when one of its buttons is ticked, and clears its buttons when it is closed', () => {
    let g = setButton(initialGrants(matrix), roles, 2, true);
    expect([...(g.get(11) ?? [])]).toEqual([2]);
    g = setOpen(g, roles, false);
    expect(g.has(11)).toBe(false);
  });

  it('selects a whole row and reports partial rows as indeterminate', () => {
    const g = initialGrants(matrix);
    expect(rowState(g, users)).toEqual({ checked: false, indeterminate: true });
    const all = setRow(g, users, true);
    expect(rowState(all, users)).toEqual({ checked: true, indeterminate: false });
    expect(setRow(all, users, false).has(10)).toBe(false);
  });

  it('selects a whole column only on the menus the caller may grant', () => {
    const g = setColumn(initialGrants(matrix), matrix.menus, 3, true);
    expect(g.get(10)?.has(3)).toBe(true);
    expect(g.get(11)?.has(3)).toBe(true);
    expect(g.get(12)?.has(3)).toBe(false);
    expect(g.has(13)).toBe(false);
    expect(columnState(g, matrix.menus, 3)).toEqual({ checked: true, indeterminate: false });
    expect(columnState(g, matrix.menus, 2)).toEqual({ checked: false, indeterminate: false });
    expect(columnState(setButton(g, users, 2, true), matrix.menus, 2)).toEqual({ checked: false, indeterminate: true });
  });

  it('saves only the open menus the caller may grant', () => {
    const g = setButton(initialGrants(matrix), roles, 1, true);
    expect(toSaveBody(5, matrix.menus, g)).toEqual({
      roleId: 5,
      menus: [
        { menuId: 10, buttonIds: [1] },
        { menuId: 11, buttonIds: [1] },
      ],
    });
  });
});
