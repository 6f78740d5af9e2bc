import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { ErrorResult } from '../components/errors/ErrorResult.tsx';

/** Last resort for an error thrown by a loader or a screen. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <ErrorResult
      status="error"
      title={t('errors.loadFailed')}
      subTitle={error instanceof Error ? error.message : undefined}
      action={t('errors.retry')}
      onAction={() => window.location.reload()}
    />
  );
}
