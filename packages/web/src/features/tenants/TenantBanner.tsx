import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../components/current-user.ts';
import { switchTenant } from './tenants-api.ts';

/** Tells a platform admin who switched tenant where they are working, with the way back. */
export function TenantBanner() {
  const { t } = useTranslation();
  const me = useCurrentUser().data;
  if (!me || me.tenant.id === me.homeTenantId) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      data-testid="tenant-banner"
      title={t('tenants.switchedBanner', { name: me.tenant.name })}
      action={
        <Button size="small" onClick={() => void switchTenant(me.homeTenantId)}>
          {t('tenants.switchBack')}
        </Button>
      }
    />
  );
}
