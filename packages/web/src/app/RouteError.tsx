import { type ComponentProps, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import type { ErrorResult as Antd } from '../components/errors/ErrorResult.tsx';

/** When even the error screen's chunk cannot be loaded (the server gone, a new build): the same, unstyled. */
function PlainError({ title, subTitle, action, onAction }: ComponentProps<typeof Antd>) {
  return (
    <div role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h1 style={{ fontSize: 24 }}>{title}</h1>
      {subTitle && <p>{subTitle}</p>}
      <button type="button" onClick={onAction}>
        {action}
      </button>
    </div>
  );
}

// antd's Result carries its pictures: loaded only when a screen fails, not with every first visit.
const ErrorResult = lazy(() =>
  import('../components/errors/ErrorResult.tsx').then(
    (m) => ({ default: m.ErrorResult }),
    () => ({ default: PlainError }),
  ),
);

/** Last resort for an error thrown by a loader or a screen. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  return (
    <Suspense fallback={null}>
      <ErrorResult
        status="error"
        title={t('errors.loadFailed')}
        subTitle={error instanceof Error ? error.message : undefined}
        action={t('errors.retry')}
        onAction={() => window.location.reload()}
      />
    </Suspense>
  );
}
