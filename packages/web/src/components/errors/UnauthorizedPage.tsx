import { useTranslation } from 'react-i18next';
import { BackHomeResult } from './ErrorResult.tsx';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  return <BackHomeResult status="403" title="401" subTitle={t('errors.noPermission')} />;
}
