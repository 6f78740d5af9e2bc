import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const languages = [
  { code: 'en-US', label: 'English', dayjs: 'en' },
  { code: 'zh-CN', label: '简体中文', dayjs: 'zh-cn' },
] as const;
export type Language = (typeof languages)[number]['code'];

const STORAGE_KEY = 'lang';

/**
 * The reader's language: the one they chose (stored), else the first of the browser's languages we
 * have. index.html's boot script applies the same rule to the loading text painted before this runs.
 */
export function preferredLanguage(saved: string | null, browser: readonly string[]): Language {
  const chosen = languages.find((l) => l.code === saved);
  if (chosen) return chosen.code;
  for (const tag of browser) {
    if (/^zh\b/i.test(tag)) return 'zh-CN';
    if (/^en\b/i.test(tag)) return 'en-US';
  }
  return 'en-US';
}

const browserLanguages = (): readonly string[] =>
  navigator.languages?.length ? navigator.languages : [navigator.language];

export function currentLanguage(): Language {
  return languages.find((l) => l.code === i18n.language)?.code ?? 'en-US';
}

function applyDayjs(code: string): void {
  dayjs.locale(languages.find((l) => l.code === code)?.dayjs ?? 'en');
}

/** One flat table of texts per language, keyed like 'users.title'. */
export type Translations = Record<Language, Record<string, string>>;

/**
 * Starts i18next with the app's strings. The strings are gathered in app/ (the folders that show them sit
 * above this one); main.tsx calls this before any screen module runs.
 */
export function startI18n(translations: Translations): void {
  void i18n.use(initReactI18next).init({
    resources: {
      'en-US': { translation: translations['en-US'] },
      'zh-CN': { translation: translations['zh-CN'] },
    },
    lng: preferredLanguage(localStorage.getItem(STORAGE_KEY), browserLanguages()),
    fallbackLng: 'en-US',
    // Flat keys with dots and the English zod messages as keys: no nesting, no namespaces in keys.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
  });
  applyDayjs(i18n.language);
  document.documentElement.lang = i18n.language;

  i18n.on('languageChanged', (code) => {
    localStorage.setItem(STORAGE_KEY, code);
    applyDayjs(code);
    document.documentElement.lang = code;
  });
}

/** Adds texts to both languages, after start: the strings of screens loaded later. */
export function addTranslations(translations: Translations): void {
  for (const language of languages)
    i18n.addResourceBundle(language.code, 'translation', translations[language.code], true, false);
}

export { i18n };
