import { describe, expect, it } from 'vitest';
import { formatDecimal, localizeWarning, renderWarning } from './warning-render.ts';

describe('formatDecimal', () => {
  it('groups thousands and keeps two decimals for money, even past what a double holds', () => {
    expect(formatDecimal('1234.5', 2)).toBe('1,234.50');
    expect(formatDecimal('-987654321.00', 2)).toBe('-987,654,321.00');
    expect(formatDecimal('12345678901234567.89', 2)).toBe('12,345,678,901,234,567.89');
    expect(formatDecimal(0, 2)).toBe('0.00');
  });

  it('drops trailing zeros for numbers and refuses what is not a number', () => {
    expect(formatDecimal(12.5)).toBe('12.5');
    expect(formatDecimal('30.0')).toBe('30');
    expect(formatDecimal(1500)).toBe('1,500');
    expect(formatDecimal('abc')).toBeUndefined();
  });
});

describe('renderWarning', () => {
  const args = { kind: 'item', project: 'XM-001', category: 'EQUIPMENT', item: 'Switches', pct: 92.5 };
  const money = { committed: '800.00', actual: '125.5', planned: '1000' };

  it('names a code by its label in the language and picks the case a value names', () => {
    expect(renderWarning('W06', { ...args, ...money }, 'zh')).toEqual({
      title: 'XM-001 预算科目「设备材料 / Switches」已使用 92.5%',
      message: '已占用 800.00，已发生 125.50，预算 1,000.00。',
    });
    expect(renderWarning('W06', { ...args, ...money, kind: 'line' }, 'en')?.title).toBe(
      'XM-001: budget Equipment is 92.5% used',
    );
  });

  it('is undefined for a row without its values, and localizeWarning falls back to the stored text', () => {
    expect(renderWarning('W06', {}, 'en')).toBeUndefined();
    expect(renderWarning('W99', args, 'en')).toBeUndefined();
    const old = { ruleCode: 'W06', args: {}, title: 'XM-001: budget EQUIPMENT is 92.5% used', message: 'old' };
    expect(localizeWarning(old, 'zh')).toMatchObject({ title: old.title, message: 'old' });
    expect(localizeWarning({ ruleCode: 'W06', args: {} }, 'zh')).toMatchObject({ title: 'W06', message: '' });
  });

  it('words trigger and threshold values that are codes, and leaves numbers as they are', () => {
    const flag = { ruleCode: 'W17', args: {}, triggerValue: 'OFF_TRACK', thresholdValue: 'ON_TRACK' };
    expect(localizeWarning(flag, 'en')).toMatchObject({ triggerValue: 'Off track', thresholdValue: 'On track' });
    expect(localizeWarning(flag, 'zh')).toMatchObject({ triggerValue: '严重滞后', thresholdValue: '正常' });
    expect(localizeWarning({ ruleCode: 'W06', args: {}, triggerValue: '92.5' }, 'zh').triggerValue).toBe('92.5');
  });
});
