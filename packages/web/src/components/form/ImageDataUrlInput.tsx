import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Form, Space } from 'antd';
import { type ChangeEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';

const TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
/** Stays under the settings' data-URL limit once base64 adds its third. */
const MAX_BYTES = 200 * 1024;

/**
 * An image kept inline as a data URL (a form control: value and onChange). PNG, JPEG, GIF or WebP
 * up to 200 KB; the server checks the bytes again.
 */
export function ImageDataUrlInput({
  value,
  onChange,
  label,
}: {
  value?: string;
  onChange?: (value: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!TYPES.includes(file.type) || file.size > MAX_BYTES) {
      void message.error(t('site-login-settings.imageRule'));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => onChange?.(String(reader.result));
    reader.readAsDataURL(file);
  };

  return (
    <Space align="center">
      {value ? (
        <img src={value} alt={label} style={{ maxHeight: 48, maxWidth: 160, border: '1px solid #f0f0f0' }} />
      ) : (
        <span style={{ color: 'rgba(0, 0, 0, 0.62)' }}>{t('site-login-settings.noImage')}</span>
      )}
      <input
        ref={input}
        type="file"
        accept={TYPES.join(',')}
        style={{ display: 'none' }}
        aria-label={label}
        data-testid={`image-input-${label}`}
        onChange={onFile}
      />
      <Button size="small" icon={<UploadOutlined />} onClick={() => input.current?.click()}>
        {t('site-login-settings.chooseImage')}
      </Button>
      {value && (
        <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onChange?.('')}>
          {t('site-login-settings.removeImage')}
        </Button>
      )}
    </Space>
  );
}

/** A settings form's picture, kept as a data URL; the one label names the field and its upload. */
export function ImageField({ name, label }: { name: string; label: string }) {
  return (
    <Form.Item label={label} name={name}>
      <ImageDataUrlInput label={label} />
    </Form.Item>
  );
}
