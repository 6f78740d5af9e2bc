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

  it('treats a first visit (no stored version) as a new build', () => {
    const reload = vi.fn();
    expect(checkVersion('b1', reload)).toBe(true);
    expect(localStorage.getItem('version')).toBe('b1');
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
