import { describe, expect, it } from 'vitest';
import { formatChange, formatDate, formatNumber, formatValue, isoWeek, parseDay, toNumber } from './format.ts';

const style = (numberFormat: 'plain' | 'thousands' | 'percent' | 'currency' | 'compact', decimals = 0) => ({
  numberFormat,
  decimals,
});

describe('numbers in a chart', () => {
  it('writes plain numbers without grouping, to the chosen decimals', () => {
    expect(formatNumber(1234.567, style('plain', 2), 'en')).toBe('1234.57');
    expect(formatNumber(1234, style('plain'), 'en')).toBe('1234');
  });

  it('groups thousands', () => {
    expect(formatNumber(1234567.891, style('thousands', 1), 'en')).toBe('1,234,567.9');
    expect(formatNumber(1234567, style('thousands'), 'zh')).toBe('1,234,567');
  });

  it('writes a fraction as a percent', () => {
    expect(formatNumber(0.1234, style('percent', 1), 'en')).toBe('12.3%');
    expect(formatNumber(1, style('percent'), 'zh')).toBe('100%');
  });

  it('writes money in yuan', () => {
    expect(formatNumber(1234.5, style('currency', 2), 'en')).toBe('¥1,234.50');
    expect(formatNumber(1234.5, style('currency', 2), 'zh')).toBe('¥1,234.50');
  });

  it('writes compact numbers in the reader’s way of counting', () => {
    expect(formatNumber(12_345, style('compact', 1), 'en')).toBe('12.3K');
    expect(formatNumber(12_345, style('compact', 1), 'zh')).toBe('1.2万');
    expect(formatNumber(2_500_000, style('compact', 1), 'en')).toBe('2.5M');
  });

  it('writes a missing value as a dash', () => {
    expect(formatNumber(null, style('thousands'), 'en')).toBe('—');
  });

  it('reads numbers sent as text, and nothing else, as numbers', () => {
    expect(toNumber('12.50')).toBe(12.5);
    expect(toNumber(3)).toBe(3);
    expect(toNumber('abc')).toBeNull();
    expect(toNumber('')).toBeNull();
    expect(toNumber(true)).toBeNull();
    expect(toNumber(null)).toBeNull();
  });

  it('works out a change against the previous value, and none against nothing or zero', () => {
    expect(formatChange(125, 100, 'en')).toEqual({ ratio: 0.25, pct: '25%' });
    expect(formatChange(80, 100, 'en')?.pct).toBe('20%');
    expect(formatChange(80, 100, 'en')?.ratio).toBeCloseTo(-0.2);
    expect(formatChange(5, 0, 'en')).toBeNull();
    expect(formatChange(5, null, 'en')).toBeNull();
  });
});

describe('dates in a chart', () => {
  it('writes each time grain its own way', () => {
    expect(formatDate('2026-03-05', 'day', 'en')).toBe('2026-03-05');
    expect(formatDate('2026-03-01', 'month', 'en')).toBe('2026-03');
    expect(formatDate('2026-01-01', 'quarter', 'en')).toBe('2026 Q1');
    expect(formatDate('2026-10-01', 'quarter', 'zh')).toBe('2026年第4季度');
    expect(formatDate('2026-01-01', 'year', 'en')).toBe('2026');
    expect(formatDate('2026-01-01', 'year', 'zh')).toBe('2026年');
    expect(formatDate('2026-02-23', 'week', 'en')).toBe('2026-W09');
  });

  it('gives a week at the turn of the year to the ISO year it belongs to', () => {
    const d = parseDay('2025-12-29');
    expect(d && isoWeek(d)).toEqual({ year: 2026, week: 1 });
    expect(formatDate('2021-01-01', 'week', 'en')).toBe('2020-W53');
  });

  it('names the month of the year and the day of the week', () => {
    expect(formatDate(3, 'monthOfYear', 'en')).toBe('Mar');
    expect(formatDate(3, 'monthOfYear', 'zh')).toBe('3月');
    expect(formatDate(1, 'dayOfWeek', 'en')).toBe('Mon');
    expect(formatDate(7, 'dayOfWeek', 'zh')).toBe('周日');
  });

  it('follows a chosen pattern instead of the grain’s', () => {
    expect(formatDate('2026-03-05', 'month', 'en', 'MM/YYYY')).toBe('03/2026');
  });

  it('writes a date-time without seconds and a date without a bucket as it is', () => {
    expect(formatDate('2026-03-05T14:30:12Z', null, 'en')).toBe('2026-03-05 14:30');
    expect(formatDate('2026-03-05', null, 'en')).toBe('2026-03-05');
  });
});

describe('a dimension’s values', () => {
  const look = { numberFormat: 'thousands' as const, decimals: 0, dateFormat: '' };
  const plain = { type: 'string' as const, dictionary: null, bucket: null };

  it('shows a dictionary code by its name, and an unknown code as it is', () => {
    const column = { ...plain, dictionary: 'stage' };
    const names = { stage: { DELIVERY: 'Delivery' } };
    expect(formatValue('DELIVERY', column, names, look, 'en')).toBe('Delivery');
    expect(formatValue('OTHER', column, names, look, 'en')).toBe('OTHER');
  });

  it('says yes or no, and that a value is empty, in the reader’s language', () => {
    expect(formatValue(true, { ...plain, type: 'boolean' }, {}, look, 'en')).toBe('Yes');
    expect(formatValue(false, { ...plain, type: 'boolean' }, {}, look, 'zh')).toBe('否');
    expect(formatValue(null, plain, {}, look, 'en')).toBe('(empty)');
    expect(formatValue('', plain, {}, look, 'zh')).toBe('（空）');
  });

  it('writes a date dimension by its bucket and a number dimension plainly', () => {
    expect(formatValue('2026-04-01', { ...plain, type: 'date', bucket: 'quarter' }, {}, look, 'en')).toBe('2026 Q2');
    expect(formatValue(2026, { ...plain, type: 'number' }, {}, look, 'en')).toBe('2026');
  });
});
