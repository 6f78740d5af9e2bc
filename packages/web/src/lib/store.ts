import type { Button, MenuItem } from '@trestle/shared';
import { create } from 'zustand';
import { clearToken, setToken } from './token.ts';

export type StoredUser = { userName: string; userTrueName: string; img: string };
export type Layout = 'left' | 'top';

export type AppState = {
  userInfo: StoredUser | null;
  setUserInfo(u: StoredUser & { token?: string }): void;
  clearUserInfo(): void;
  layout: Layout;
  setLayout(l: Layout): void;
  permission: MenuItem[];
  setPermission(v: unknown): void;
  clearPermission(): void;
  isLoading: boolean;
  setLoading(b: boolean): void;
  buttons: Button[];
  setButtons(list: Button[]): void;
};

const USER_KEY = 'userInfo';
const LAYOUT_KEY = 'layout';
const PERMISSION_KEY = 'permission';

function readJson(storage: Storage, key: string): unknown {
  const text = storage.getItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null;
}

function readUser(): StoredUser | null {
  const v = readJson(localStorage, USER_KEY);
  if (!isRecord(v)) return null;
  const { userName, userTrueName, img } = v;
  if (typeof userName !== 'string' || typeof userTrueName !== 'string' || typeof img !== 'string') return null;
  return { userName, userTrueName, img };
}

/** Spec §3 keeps the permission only when it is an object; a keyed object is taken by its values. */
function toPermission(v: unknown): MenuItem[] | null {
  if (!isRecord(v)) return null;
  // The list comes from the server's menu contract; the store does not re-validate it.
  return (Array.isArray(v) ? v : Object.values(v)) as MenuItem[];
}

export const useAppStore = create<AppState>()((set) => ({
  userInfo: readUser(),
  setUserInfo(u) {
    const { token, ...rest } = u;
    if (token) setToken(token);
    // Copy the three fields only, so no token (or anything else a caller spread in) reaches storage.
    const user: StoredUser = { userName: rest.userName, userTrueName: rest.userTrueName, img: rest.img };
    localStorage.setItem(USER_KEY, JSON.stringify(user));
    set({ userInfo: user });
  },
  clearUserInfo() {
    localStorage.removeItem(USER_KEY);
    set({ userInfo: null });
  },
  layout: localStorage.getItem(LAYOUT_KEY) === 'top' ? 'top' : 'left',
  setLayout(l) {
    localStorage.setItem(LAYOUT_KEY, l);
    set({ layout: l });
  },
  permission: toPermission(readJson(sessionStorage, PERMISSION_KEY)) ?? [],
  setPermission(v) {
    const permission = toPermission(v);
    if (permission === null) return;
    sessionStorage.setItem(PERMISSION_KEY, JSON.stringify(permission));
    set({ permission });
  },
  clearPermission() {
    sessionStorage.removeItem(PERMISSION_KEY);
    set({ permission: [] });
  },
  isLoading: false,
  setLoading(b) {
    set({ isLoading: b });
  },
  buttons: [],
  setButtons(list) {
    set({ buttons: [...list] });
  },
}));

/** Forget the signed-in user on this device; the layout is a device preference and stays. */
export function signOutLocal(): void {
  const state = useAppStore.getState();
  state.clearUserInfo();
  clearToken();
  state.clearPermission();
  state.setButtons([]);
}
