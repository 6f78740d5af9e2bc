import { AppstoreOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/AppModal.tsx';
import { IconGallery, iconFor } from '../../components/icons.tsx';

type Props = { value?: string; onChange?: (name: string) => void; id?: string };

/** The icon field of the menu form: the name, a preview, and the /icons gallery to pick from. */
export function IconPicker({ value = '', onChange, id }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        value={value}
        allowClear
        prefix={<span style={{ width: 16, display: 'inline-block' }}>{iconFor(value)}</span>}
        onChange={(e) => onChange?.(e.target.value)}
      />
      <Button icon={<AppstoreOutlined />} onClick={() => setOpen(true)}>
        {t('organizations-menus.icons.choose')}
      </Button>
      <AppModal
        open={open}
        title={t('organizations-menus.icons.choose')}
        width={900}
        footer={null}
        onCancel={() => setOpen(false)}
      >
        <IconGallery
          selected={value}
          height={440}
          onPick={(name) => {
            onChange?.(name);
            setOpen(false);
          }}
        />
      </AppModal>
    </Space.Compact>
  );
}
