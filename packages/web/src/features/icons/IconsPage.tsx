import { App, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IconGallery } from '../../components/icons.tsx';
import { copyText } from './clipboard.ts';

/** /icons: every @ant-design/icons icon, searchable; a click copies its name for a menu or button. */
export function IconsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const copy = async (name: string) => {
    if (await copyText(name)) void message.success(t('organizations-menus.icons.copied', { name }));
    else void message.error(t('organizations-menus.icons.copyFailed', { name }));
  };
  return (
    <Card size="small" title={t('organizations-menus.icons.heading')}>
      <Typography.Paragraph type="secondary">{t('organizations-menus.icons.hint')}</Typography.Paragraph>
      <IconGallery onPick={(name) => void copy(name)} />
    </Card>
  );
}
