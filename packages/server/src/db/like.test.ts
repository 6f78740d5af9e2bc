import { describe, expect, it } from 'vitest';
import { containing } from './like.ts';

describe('a text searched with LIKE', () => {
  it('is found as typed: %, _ and the backslash are escaped, the rest kept', () => {
    expect(containing('50%')).toBe('%50\\%%');
    expect(containing('a_b')).toBe('%a\\_b%');
    expect(containing('C:\\dir')).toBe('%C:\\\\dir%');
    expect(containing('合同 A-1')).toBe('%合同 A-1%');
  });

  it('matches every text when empty', () => {
    expect(containing('')).toBe('%%');
  });
});
