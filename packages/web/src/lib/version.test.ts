import { ui } from '@trestle/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkVersion } from './version.ts';

describe('checkVersion', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('clears local storage, stores the new build id and reloads after the delay when the build changed', () => {
    localStorage.setItem('version', 'old');
    localStorage.setItem('userInfo', '{}');
    const reload = vi.fn();
    expect(checkVersion('new', reload)).toBe(true);
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('version')).toBe('new');
    vi.advanceTimersByTime(ui.versionReloadDelayMs - 1);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('only stores the build id on a first visit (no stored version): no clearing, no reload', () => {
    localStorage.setItem('lang', 'zh-CN');
    const reload = vi.fn();
    expect(checkVersion('b1', reload)).toBe(false);
    expect(localStorage.getItem('version')).toBe('b1');
    expect(localStorage.getItem('lang')).toBe('zh-CN');
    vi.runAllTimers();
    expect(reload).not.toHaveBeenCalled();
  });

  it('leaves storage alone and does not reload when the build is the same', () => {
    localStorage.setItem('version', 'same');
    localStorage.setItem('layout', 'top');
    const reload = vi.fn();
    expect(checkVersion('same', reload)).toBe(false);
    vi.runAllTimers();
    expect(reload).not.toHaveBeenCalled();
    expect(localStorage.getItem('layout')).toBe('top');
  });
});
