import { ui } from '@trestle/shared';
import type { ThemeConfig } from 'antd';

/** The spec §9 constants, set once here from `ui` in packages/shared and used by every screen. */
export const componentSize = 'middle' as const;
export const buttonSize = ui.buttonSize;
export const maxInlineButtons = ui.maxInlineButtons;

/**
 * Text meets WCAG 2 AA contrast (4.5:1) everywhere: antd's defaults don't (white on #1677ff is 4.1:1, the
 * grey of descriptions and placeholders 3.4:1 and 1.8:1, red text 3.3:1). The same hues, a shade darker.
 * Tags and an empty list's text, which antd colours from shades the theme can't override, are in app.css.
 */
const accessibleText = {
  colorPrimary: '#0958d9',
  colorInfo: '#0958d9',
  colorLink: '#0958d9',
  colorError: '#cf1322',
  colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
  colorTextDescription: 'rgba(0, 0, 0, 0.62)',
  colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
} as const;

export const themeConfig: ThemeConfig = {
  token: { ...accessibleText, borderRadius: 6 },
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

/**
 * Every list wider than its card: it scrolls sideways inside the card, and while the page scrolls down the
 * header stays at the top of the window and the horizontal scrollbar at its bottom (antd's sticky).
 * Columns that name a row take `fixed: 'left'`, a row's actions `fixed: 'right'`.
 */
export const wideTable = { scroll: { x: 'max-content' }, sticky: true } as const;
