import { act, render, waitFor } from '@testing-library/react';
import type { Dayjs } from 'dayjs';
import { describe, expect, it } from 'vitest';
import { acceptTypedDate, DateRangeInput, orderedRange } from './pickers.tsx';

describe('date pickers', () => {
  it('accepts a typed date only when it parses as YYYY-MM-DD', () => {
    expect(acceptTypedDate('2026-03-01')).toBe('2026-03-01');
    expect(acceptTypedDate(' 2026-03-01 ')).toBe('2026-03-01');
    expect(acceptTypedDate('2026-02-30')).toBeNull();
    expect(acceptTypedDate('03/01/2026')).toBeNull();
    expect(acceptTypedDate('')).toBeNull();
  });

  it('refuses a typed date the disabled-date rule excludes', () => {
    const noWeekends = (d: Dayjs) => d.day() === 0 || d.day() === 6;
    expect(acceptTypedDate('2026-03-01', noWeekends)).toBeNull(); // a Sunday
    expect(acceptTypedDate('2026-03-02', noWeekends)).toBe('2026-03-02');
  });

  it('keeps a range earlier first, so the end is never before the start', () => {
    expect(orderedRange('2026-05-10', '2026-05-01')).toEqual(['2026-05-01', '2026-05-10']);
    expect(orderedRange('2026-05-01', '2026-05-10')).toEqual(['2026-05-01', '2026-05-10']);
    expect(orderedRange('2026-05-01', null)).toEqual(['2026-05-01', null]);
  });

  it('shows two adjacent months and a decade per year panel', async () => {
    render(<DateRangeInput open value={['2026-01-15', '2026-01-20']} />);
    const months = [...document.querySelectorAll('.ant-picker-month-btn')].map((b) => b.textContent);
    expect(months).toEqual(['Jan', 'Feb']);
    const yearButton = document.querySelector('.ant-picker-year-btn') as HTMLElement;
    act(() => yearButton.click());
    await waitFor(() => expect(document.querySelector('.ant-picker-decade-btn')?.textContent).toMatch(/2020\D+2029/));
  });
});
