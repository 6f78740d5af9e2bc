import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

/** The thin bar at the top of the window while a navigation is under way (spec §2.1). */
export function NavProgress() {
  const { t } = useTranslation();
  return <div className="nav-progress" data-testid="nav-loading" role="progressbar" aria-label={t('nav.loading')} />;
}

/** Holds the spinner's place (antd's default size) until it arrives, so the text does not move. */
const spinPlace = <span aria-hidden style={{ display: 'inline-block', width: 20, height: 20 }} />;

// antd's Spin, loaded when the message first shows (never on the sign-in page's first load); without its chunk
// (the server gone) the text shows alone.
const Spin = lazy(() =>
  import('antd/es/spin').then(
    (m): { default: ComponentType } => m,
    () => ({ default: () => spinPlace }),
  ),
);

/** The centered message while the guard loads the buttons and the menu (spec §1). */
export function ResourceLoading() {
  const { t } = useTranslation();
  return (
    <div className="resource-loading" role="status">
      <Suspense fallback={spinPlace}>
        <Spin />
      </Suspense>
      <span>{t('nav.loadingResources')}</span>
    </div>
  );
}
