import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryGate, useDebounced, useDelayedClose } from './selects.tsx';

describe('select dropdown and remote search', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens at once and hides 300 ms after it is left', () => {
    const { result } = renderHook(() => useDelayedClose());
    act(() => result.current.show());
    expect(result.current.open).toBe(true);
    act(() => result.current.hide());
    act(() => vi.advanceTimersByTime(299));
    expect(result.current.open).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.open).toBe(false);
  });

  it('stays open when it is entered again before the delay ends', () => {
    const { result } = renderHook(() => useDelayedClose());
    act(() => result.current.onOpenChange(true));
    act(() => result.current.onOpenChange(false));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.onOpenChange(true));
    act(() => vi.advanceTimersByTime(500));
    expect(result.current.open).toBe(true);
  });

  it('queries only for non-empty text that changed since the last query', () => {
    const gate = createQueryGate();
    expect(gate('')).toBe(false);
    expect(gate('   ')).toBe(false);
    expect(gate('ad')).toBe(true);
    expect(gate('ad')).toBe(false);
    expect(gate(' ad ')).toBe(false);
    expect(gate('ada')).toBe(true);
  });

  it('debounces the search by 250 ms, sending only the last text', () => {
    const run = vi.fn();
    const { result } = renderHook(() => useDebounced(run));
    act(() => {
      result.current('a');
      result.current('ad');
    });
    act(() => vi.advanceTimersByTime(249));
    expect(run).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith('ad');
  });
});
