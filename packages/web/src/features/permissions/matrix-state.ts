import type { PermissionMatrix, PermissionMenu, SavePermissionBody } from '@trestle/shared';

/** The role's grant being edited: opened menu id → its granted button ids. */
export type Grants = ReadonlyMap<number, ReadonlySet<number>>;

export const initialGrants = (m: PermissionMatrix): Grants =>
  new Map(m.menus.filter((x) => x.opened).map((x) => [x.id, new Set(x.granted)]));

/** A screen (not a folder) the caller may grant. */
export const editable = (menu: PermissionMenu) => menu.openable && menu.url !== '';

export function setOpen(g: Grants, menu: PermissionMenu, on: boolean): Grants {
  const next = new Map(g);
  if (on) next.set(menu.id, new Set(g.get(menu.id) ?? []));
  else next.delete(menu.id);
  return next;
}

/** Checking a button opens its menu too. */
export function setButton(g: Grants, menu: PermissionMenu, buttonId: number, on: boolean): Grants {
  const next = new Map(g);
  const buttons = new Set(g.get(menu.id) ?? []);
  if (on) buttons.add(buttonId);
  else buttons.delete(buttonId);
  next.set(menu.id, buttons);
  return next;
}

/** The whole row: open with every button the caller may grant, or closed. */
export function setRow(g: Grants, menu: PermissionMenu, on: boolean): Grants {
  const next = new Map(g);
  if (on) next.set(menu.id, new Set([...(g.get(menu.id) ?? []), ...menu.assignable]));
  else next.delete(menu.id);
  return next;
}

/** The whole column: one button on every menu that offers it and the caller may grant. */
export function setColumn(g: Grants, menus: readonly PermissionMenu[], buttonId: number, on: boolean): Grants {
  let next = g;
  for (const menu of menus) {
    if (editable(menu) && menu.assignable.includes(buttonId)) next = setButton(next, menu, buttonId, on);
  }
  return next;
}

export type CheckState = { checked: boolean; indeterminate: boolean };
const stateOf = (on: number, of: number): CheckState => ({
  checked: of > 0 && on === of,
  indeterminate: on > 0 && on < of,
});

export function rowState(g: Grants, menu: PermissionMenu): CheckState {
  const buttons = g.get(menu.id);
  if (!buttons) return stateOf(0, 1);
  const on = menu.assignable.filter((b) => buttons.has(b)).length;
  return stateOf(on + 1, menu.assignable.length + 1);
}

export function columnState(g: Grants, menus: readonly PermissionMenu[], buttonId: number): CheckState {
  const offering = menus.filter((m) => editable(m) && m.assignable.includes(buttonId));
  return stateOf(offering.filter((m) => g.get(m.id)?.has(buttonId)).length, offering.length);
}

/** What save sends: every menu the caller may grant that is open, with its buttons. */
export function toSaveBody(roleId: number, menus: readonly PermissionMenu[], g: Grants): SavePermissionBody {
  return {
    roleId,
    menus: menus
      .filter((m) => m.openable && g.has(m.id))
      .map((m) => ({ menuId: m.id, buttonIds: [...(g.get(m.id) ?? [])] })),
  };
}
