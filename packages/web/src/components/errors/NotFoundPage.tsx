import { useTranslation } from 'react-i18next';
import { BackHomeResult } from './ErrorResult.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <BackHomeResult status="404" title="404" subTitle={t('errors.notFound')} />;
}
