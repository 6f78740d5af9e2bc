import type { MenuItem } from '@trestle/shared';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage, type Language, languages } from '../i18n/index.ts';
import { http } from '../lib/http.ts';
import { useAppStore } from '../lib/store.ts';
import { getToken } from '../lib/token.ts';

/** The server names menus in the caller's language, so a signed-in user's menu is fetched again. */
async function reloadMenu(): Promise<void> {
  if (!getToken()) return;
  try {
    useAppStore.getState().setPermission(await http.get<MenuItem[]>('/api/menu/getTreeMenu'));
  } catch {
    // The HTTP client has shown the failure; the menu keeps its old names.
  }
}

/** English / 简体中文; the choice is remembered in localStorage 'lang' by the i18n module. */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  return (
    <Segmented<Language>
      aria-label={t('lang.label')}
      size="small"
      value={currentLanguage()}
      options={languages.map((l) => ({ value: l.code, label: l.label }))}
      onChange={(code) => void i18n.changeLanguage(code).then(reloadMenu)}
    />
  );
}
