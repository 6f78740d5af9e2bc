import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './index.ts';

describe('preferredLanguage', () => {
  it('keeps the stored choice whatever the browser prefers', () => {
    expect(preferredLanguage('en-US', ['zh-CN'])).toBe('en-US');
    expect(preferredLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
  });

  it('without a choice, takes the first browser language it has', () => {
    expect(preferredLanguage(null, ['zh-CN', 'en-US'])).toBe('zh-CN');
    expect(preferredLanguage(null, ['fr-FR', 'zh-TW', 'en'])).toBe('zh-CN');
    expect(preferredLanguage(null, ['en-GB', 'zh-CN'])).toBe('en-US');
    expect(preferredLanguage('xx', ['zh'])).toBe('zh-CN');
  });

  it('falls back to English when the browser offers neither', () => {
    expect(preferredLanguage(null, ['fr-FR', 'de'])).toBe('en-US');
    expect(preferredLanguage(null, [])).toBe('en-US');
  });
});
