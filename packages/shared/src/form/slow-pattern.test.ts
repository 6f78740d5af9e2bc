import { describe, expect, it } from 'vitest';
import { repeatsARepeat } from './slow-pattern.ts';

describe('a pattern too slow to check', () => {
  it('is a group repeated that repeats inside', () => {
    for (const p of ['^(a+)+$', '(\\w+\\s?)*', '((ab)*)+', '(x{2,})*', '(?:a*b?)+'])
      expect(repeatsARepeat(p), p).toBe(true);
  });

  it('is not a plain repeat, a bounded one, or a repeat inside a character class', () => {
    for (const p of ['^\\d{4}-\\d{2}$', '^[A-Z]+[0-9]*$', '(ab){2}', '([+*])+', '^(\\+86)?1\\d{10}$'])
      expect(repeatsARepeat(p), p).toBe(false);
  });
});
