import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export function UnauthorizedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="401"
      subTitle={t('errors.noPermission')}
      extra={
        <Button type="primary" onClick={() => void navigate('/home')}>
          {t('errors.backHome')}
        </Button>
      }
    />
  );
}
