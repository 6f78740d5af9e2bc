import { ui } from '@trestle/shared';
import type { ThemeConfig } from 'antd';

/** The spec §9 constants, set once here from `ui` in packages/shared and used by every screen. */
export const componentSize = 'middle' as const;
export const buttonSize = ui.buttonSize;
export const maxInlineButtons = ui.maxInlineButtons;

export const themeConfig: ThemeConfig = {
  token: { colorPrimary: '#1677ff', borderRadius: 6 },
  components: { Layout: { headerPadding: '0 16px' } },
};

/** Spread on every Dropdown: hover opens after 250 ms and closes after 150 ms. */
export const dropdownDelays = {
  mouseEnterDelay: ui.dropdown.openDelaySeconds,
  mouseLeaveDelay: ui.dropdown.closeDelaySeconds,
} as const;

export const messageConfig = { duration: ui.noticeDurationSeconds } as const;

export const modalDefaults = { width: ui.modal.width, zIndex: ui.modal.zIndex } as const;

/** For the dialogs of later issues (e.g. a form opened from a grid). */
export const dialogSize = { width: ui.dialog.width, height: ui.dialog.height } as const;
