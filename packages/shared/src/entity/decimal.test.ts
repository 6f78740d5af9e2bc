import { describe, expect, it } from 'vitest';
import { groupDigits } from './decimal.ts';

describe('groupDigits: money reads like money', () => {
  it('groups the integer part by thousands and keeps every digit of the decimal string', () => {
    expect(groupDigits('19820000.00')).toBe('19,820,000.00');
    expect(groupDigits('1234567890123456.78')).toBe('1,234,567,890,123,456.78');
    expect(groupDigits('-45200.5')).toBe('-45,200.5');
    expect(groupDigits('999.99')).toBe('999.99');
    expect(groupDigits('1000')).toBe('1,000');
    expect(groupDigits('0.10')).toBe('0.10');
  });
});
