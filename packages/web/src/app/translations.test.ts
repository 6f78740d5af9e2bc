import { describe, expect, it } from 'vitest';
import { stringFiles, translations } from './translations.ts';

describe('translations', () => {
  it('gives Chinese a text for every English key, and no more', () => {
    expect(Object.keys(translations['zh-CN']).sort()).toEqual(Object.keys(translations['en-US']).sort());
  });

  it('defines each key in one strings file only, so none silently overrides another', () => {
    const seen = new Map<string, number>();
    stringFiles.forEach((file, index) => {
      for (const key of Object.keys(file.en)) {
        expect(seen.get(key), key).toBeUndefined();
        seen.set(key, index);
      }
    });
  });
});
