import type { Translations } from '../i18n/index.ts';

/** One folder's strings: its English texts and their Chinese. */
export type StringFile = { en: Record<string, string>; zh: Record<string, string> };

/** The resources given to i18next: one flat table per language. */
export function mergedTranslations(files: readonly StringFile[]): Translations {
  const merged = (language: 'en' | 'zh'): Record<string, string> =>
    Object.assign({}, ...files.map((file) => file[language]));
  return { 'en-US': merged('en'), 'zh-CN': merged('zh') };
}
