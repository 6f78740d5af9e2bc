import { useQueryClient } from '@tanstack/react-query';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language, languages } from '../i18n/index.ts';
import { getToken } from '../lib/token.ts';
import { reloadNavigation } from './navigation.ts';

/** The server names menus in the caller's language, so a signed-in user's menu is fetched again. */
async function reloadMenu(): Promise<void> {
  if (!getToken()) return;
  try {
    await reloadNavigation();
  } catch {
    // The HTTP client has shown the failure; the menu keeps its old names.
  }
}

/** English / 简体中文; the choice is remembered in localStorage 'lang' by the i18n module. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  // The server answers in the caller's language (names of roles, organisations, reference labels): every
  // answer held is asked for again, the menu included.
  const switchTo = async (code: Language) => {
    await i18n.changeLanguage(code);
    await Promise.all([reloadMenu(), queryClient.invalidateQueries()]);
  };
  return (
    <Segmented<Language>
      aria-label={t('lang.label')}
      size="small"
      value={currentLanguage()}
      options={languages.map((l) => ({ value: l.code, label: l.label }))}
      onChange={(code) => void switchTo(code)}
    />
  );
}
