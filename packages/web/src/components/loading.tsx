import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The thin bar at the top of the window while a navigation is under way (spec §2.1). */
export function NavProgress() {
  const { t } = useTranslation();
  return <div className="nav-progress" data-testid="nav-loading" role="progressbar" aria-label={t('nav.loading')} />;
}

/** The centered message while the guard loads the buttons and the menu (spec §1). */
export function ResourceLoading() {
  const { t } = useTranslation();
  return (
    <div className="resource-loading" role="status">
      <Spin />
      <span>{t('nav.loadingResources')}</span>
    </div>
  );
}
